import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { enterAs, newMemberIn } from './support/deals.ts';
import { completeMember, freshPhone } from './support/members.ts';

/** Fills the add-card form with a valid expiry, CVV and holder, and saves it. */
async function fillCard(page: Page, number = '4111111111111111') {
  await page.getByLabel('Número de tarjeta').fill(number);
  await page.getByLabel('Mes').selectOption('12');
  await page.getByLabel('Año').selectOption(String(new Date().getFullYear() + 2));
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('Nombre en la tarjeta').fill('Prueba Vendo');
  await page.getByRole('button', { name: 'Guardar tarjeta' }).click();
}

test.describe('payment methods (spec §2 /payment-methods)', () => {
  test('lists the saved card and deletes it; the list refreshes', async ({ page, request, baseURL }) => {
    await newMemberIn(page, request, baseURL);
    await page.goto('/payment-methods');
    await expect(page.getByText('Visa terminada en 4242')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Eliminar Visa terminada en 4242' }).click();
    await expect(page.getByText('Aún no tienes tarjetas guardadas')).toBeVisible();
  });

  test('a member with an incomplete profile cannot add a card, and is told why', async ({ page, request, baseURL }) => {
    const made = await request.post('/__dev/members', { data: { phone: `+52${freshPhone()}` } });
    const member = (await made.json()) as { id: number; auth_token: string };
    await enterAs(page, baseURL ?? '', { id: member.id, token: member.auth_token });
    await page.goto('/payment-methods');
    await expect(page.getByText('Para agregar un método de pago primero debes editar tu perfil.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Agregar tarjeta', exact: true })).toBeDisabled();
    await page.goto('/add-payment-method');
    await expect(page.getByText('Para agregar un método de pago primero debes editar tu perfil.')).toBeVisible();
    await expect(page.getByLabel('Número de tarjeta')).toHaveCount(0);
  });
});

test.describe('adding a card through the provider (spec §5 new card, §7 tokenisation)', () => {
  test('every field is checked first, and nothing is sent', async ({ page, request, baseURL }) => {
    await newMemberIn(page, request, baseURL);
    let tokenised = 0;
    page.on('request', (sent) => {
      if (sent.url().includes('/tokens')) tokenised++;
    });
    await page.goto('/add-payment-method');
    await page.getByLabel('Número de tarjeta').fill('4242');
    await page.getByRole('button', { name: 'Guardar tarjeta' }).click();
    await expect(page.getByText('El número de tarjeta tiene 15 o 16 dígitos.')).toBeVisible();
    await expect(page.getByText('El CVV tiene 3 o 4 dígitos.')).toBeVisible();
    await expect(page.getByText('Elige el mes de vencimiento.')).toBeVisible();
    await expect(page.getByText('Elige el año de vencimiento.')).toBeVisible();
    await expect(page.getByText('Escribe el nombre como aparece en la tarjeta.')).toBeVisible();
    await expect(page.getByLabel('Número de tarjeta')).toHaveValue('4242');
    await expectNoAxeViolations(page);
    expect(tokenised).toBe(0);
  });

  test('an approved card is added; the number and CVV never reach Vendo’s API', async ({ page, request, baseURL }) => {
    await newMemberIn(page, request, baseURL);
    const sentToVendo: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/api/')) sentToVendo.push(sent.postData() ?? '');
    });
    await page.goto('/add-payment-method');
    await fillCard(page, '4111 1111 1111 1111');
    await expect(page.getByRole('dialog', { name: 'Tarjeta agregada' })).toBeVisible();
    await expectNoAxeViolations(page);
    expect(sentToVendo.join('\n')).not.toContain('4111111111111111');
    expect(sentToVendo.join('\n')).not.toContain('"123"');
    await page.getByRole('button', { name: 'Cerrar' }).click();
    await expect(page).toHaveURL(/\/payment-methods$/);
    await expect(page.getByText('Visa terminada en 1111')).toBeVisible();
  });

  for (const [number, message] of [
    ['4444444444444448', /fondos insuficientes|insufficient funds/],
    ['4000000000000069', /vencida|expired/],
    ['4000000000000119', /Tarjeta rechazada|Card declined/],
  ] as const) {
    test(`the test card ${number} is refused with its own message, and what was typed stays`, async ({
      page,
      request,
      baseURL,
    }) => {
      await newMemberIn(page, request, baseURL);
      await page.goto('/add-payment-method');
      await fillCard(page, number);
      await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
      await expect(page.getByLabel('Número de tarjeta')).toHaveValue(number);
    });
  }
});

test.describe('bad input while adding a card', () => {
  test('a provider that does not answer says so, and nothing typed is lost', async ({ page, request, baseURL }) => {
    await newMemberIn(page, request, baseURL);
    await page.route('**/provider/v1/*/tokens', (route) => route.abort('timedout'));
    await page.goto('/add-payment-method');
    await fillCard(page);
    await expect(page.getByText('El proveedor de tarjetas no respondió.', { exact: false })).toBeVisible();
    await expect(page.getByLabel('Nombre en la tarjeta')).toHaveValue('Prueba Vendo');
  });

  test('a token the API refuses shows its message', async ({ page, request, baseURL }) => {
    await newMemberIn(page, request, baseURL);
    await page.route('**/provider/v1/*/tokens', (route) =>
      route.fulfill({ status: 201, json: { id: 'tok_forged', card: { brand: 'visa' } } }),
    );
    await page.goto('/add-payment-method');
    await fillCard(page);
    await expect(page.getByRole('alert').filter({ hasText: 'No pudimos verificar la tarjeta' })).toBeVisible();
  });

  test('no card data is kept in storage or cookies', async ({ page, request, baseURL }) => {
    await newMemberIn(page, request, baseURL);
    await page.goto('/add-payment-method');
    await fillCard(page);
    await expect(page.getByRole('dialog', { name: 'Tarjeta agregada' })).toBeVisible();
    const stored = await page.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
    );
    const cookies = JSON.stringify(await page.context().cookies());
    expect(stored + cookies).not.toContain('4111111111111111');
  });

  test('the native app’s add-card page says whose account it is and works with its own token', async ({
    page,
    request,
  }) => {
    const member = await completeMember(request, 0);
    await page.goto(appLink(member));
    await expect(
      page.getByText(`La tarjeta se guardará en la cuenta de Prueba Vendo, teléfono ${masked(member)}.`),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await fillCard(page);
    await expect(page.getByRole('dialog', { name: 'Tarjeta agregada' })).toBeVisible();
    expect(await cardsOf(request, member)).toHaveLength(2);
  });
});

test.describe("the native app's token in the address (issue 32 point 15, spec §2)", () => {
  const savedTo = {
    es: (member: Member) => `La tarjeta se guardará en la cuenta de Prueba Vendo, teléfono ${masked(member)}.`,
    en: (member: Member) => `The card will be saved to the account of Prueba Vendo, phone ${masked(member)}.`,
  };

  for (const locale of ['es', 'en'] as const) {
    test(`leaves the address once read, rides in no Referer, and a reload still opens the account (${locale})`, async ({
      page,
      request,
      baseURL,
    }) => {
      const member = await completeMember(request, 0);
      await page.context().addCookies([{ name: 'vendo.locale', value: locale, url: baseURL ?? '' }]);
      const referers: string[] = [];
      page.on('request', (sent) => referers.push(sent.headers().referer ?? ''));

      await page.goto(appLink(member));

      await expect(page.getByText(savedTo[locale](member))).toBeVisible();
      await expect(page).toHaveURL(`${baseURL}/add-payment-method-mobile/${member.id}/Prueba`);
      expect(referers.filter((referer) => referer.includes(member.token))).toEqual([]);
      await expectNoAxeViolations(page);
      await page.reload();
      await expect(page.getByText(savedTo[locale](member))).toBeVisible();
      await expect(page).toHaveURL(`${baseURL}/add-payment-method-mobile/${member.id}/Prueba`);
    });
  }
});

type Member = Awaited<ReturnType<typeof completeMember>>;

/** The native app's add-card page for a member, signed in by the member's token in the address. */
const appLink = (member: Member) => `/add-payment-method-mobile/${member.id}/Prueba?token=${member.token}`;
const masked = (member: Member) => `•••• •••• ${member.phone.slice(-4)}`;

async function cardsOf(request: APIRequestContext, member: Member) {
  const answer = await request.get(`/api/community_members/${member.id}/credit_cards`, {
    headers: { Authorization: `Token token=${member.token}` },
  });
  return ((await answer.json()) as { credit_cards: unknown[] }).credit_cards;
}

/** The session the browser holds, as the app stored it (cookies, and local storage when it wrote there). */
async function storedSession(page: Page) {
  const cookies = await page.context().cookies();
  const cookie = (name: string) => cookies.find((found) => found.name === name)?.value ?? null;
  const local = await page.evaluate(() => [localStorage.getItem('vendo.token'), localStorage.getItem('vendo.member')]);
  return { token: cookie('vendo.token'), member: cookie('vendo.member'), local };
}

test.describe("the native app's add-card link opened in a browser signed in to another member", () => {
  /** The browser's member and the member the link names, who has a name of their own. */
  async function twoMembers(page: Page, request: APIRequestContext, baseURL: string | undefined, locale: 'es' | 'en') {
    const browser = await completeMember(request, 0);
    const linked = await completeMember(request, 0);
    await request.patch(`/api/community_members/${linked.id}`, {
      headers: { Authorization: `Token token=${linked.token}` },
      data: { name: 'Otra Persona', gender: 'Otro', email: `otra${linked.phone}@vendo.mx`, birth_date: '1990-01-01' },
    });
    await enterAs(page, baseURL ?? '', browser, locale);
    return { browser, linked };
  }

  test('asks which account first, showing both; the card goes to the browser’s member when chosen', async ({
    page,
    request,
    baseURL,
  }) => {
    const { browser, linked } = await twoMembers(page, request, baseURL, 'es');
    await page.goto(appLink(linked));
    await expect(
      page.getByText('Este navegador tiene abierta otra cuenta. ¿A qué cuenta debe ir la tarjeta?'),
    ).toBeVisible();
    const accounts = page.getByRole('list', { name: 'Cuentas' });
    await expect(
      accounts.getByRole('button', { name: `Otra Persona Desde la app de Vendo, teléfono ${masked(linked)}` }),
    ).toBeVisible();
    const mine = accounts.getByRole('button', {
      name: `Prueba Vendo Con sesión en este navegador, teléfono ${masked(browser)}`,
    });
    await expect(mine).toBeVisible();
    await expect(page.getByLabel('Número de tarjeta')).toHaveCount(0);
    await expectNoAxeViolations(page);

    await mine.click();
    await expect(
      page.getByText(`La tarjeta se guardará en la cuenta de Prueba Vendo, teléfono ${masked(browser)}.`),
    ).toBeVisible();
    await fillCard(page);
    await expect(page.getByRole('dialog', { name: 'Tarjeta agregada' })).toBeVisible();

    expect(await cardsOf(request, browser)).toHaveLength(2);
    expect(await cardsOf(request, linked)).toHaveLength(1);
  });

  test('the card goes to the link’s member when chosen, and the browser keeps its own session, in English', async ({
    page,
    request,
    baseURL,
  }) => {
    const { browser, linked } = await twoMembers(page, request, baseURL, 'en');
    await page.goto('/machine-selection');
    const before = await storedSession(page);
    await page.goto(appLink(linked));
    await page
      .getByRole('list', { name: 'Accounts' })
      .getByRole('button', { name: `Otra Persona From the Vendo app, phone ${masked(linked)}` })
      .click();
    await expect(
      page.getByText(`The card will be saved to the account of Otra Persona, phone ${masked(linked)}.`),
    ).toBeVisible();
    await page.getByLabel('Card number').fill('4111111111111111');
    await page.getByLabel('Month').selectOption('12');
    await page.getByLabel('Year').selectOption(String(new Date().getFullYear() + 2));
    await page.getByLabel('CVV').fill('123');
    await page.getByLabel('Name on the card').fill('Otra Persona');
    await page.getByRole('button', { name: 'Save card' }).click();
    await expect(page.getByRole('dialog', { name: 'Card added' })).toBeVisible();

    expect(await cardsOf(request, linked)).toHaveLength(2);
    expect(await cardsOf(request, browser)).toHaveLength(1);
    expect(await storedSession(page)).toEqual(before);
    expect(before.token).toBe(browser.token);
  });
});

test.describe('the meal-voucher card (spec §2 /edenred/callback)', () => {
  test('the authorization round trip adds an Edenred card and cleans the address bar', async ({
    page,
    request,
    baseURL,
  }) => {
    await newMemberIn(page, request, baseURL);
    await page.goto('/payment-methods');
    await page.getByRole('button', { name: 'Agregar tarjeta de vales de despensa (Edenred)' }).click();
    await expect(page).toHaveURL(/\/voucher-provider\/oauth\/authorize\?redirect_uri=/);
    await page.getByRole('button', { name: /Autorizar|Authorize/ }).click();
    await expect(page).toHaveURL(/\/payment-methods\?added=voucher$/);
    await expect(page.getByText('Se agregó tu tarjeta de vales.')).toBeVisible();
    await expect(page.getByText(/Edenred terminada en/)).toBeVisible();
  });

  test('a callback without a code, or with another state, says so and adds nothing', async ({
    page,
    request,
    baseURL,
  }) => {
    await newMemberIn(page, request, baseURL);
    await page.goto('/edenred/callback');
    await expect(
      page.getByText('El proveedor de la tarjeta no envió un código de autorización.', { exact: false }),
    ).toBeVisible();
    await page.goto('/edenred/callback?code=ABC&state=forged');
    await expect(
      page.getByText('Esta respuesta no corresponde a la autorización que iniciaste.', { exact: false }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/edenred\/callback$/);
  });

  test('a code that is not valid (reused or expired) gives a clear error', async ({ page, request, baseURL }) => {
    await newMemberIn(page, request, baseURL);
    await page.context().addCookies([{ name: 'vendo.voucher-state', value: 'kept', url: baseURL ?? '' }]);
    await page.goto('/edenred/callback?code=USED-OR-OLD&state=kept');
    await expect(page.getByRole('heading', { name: 'No se pudo agregar la tarjeta de vales' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
