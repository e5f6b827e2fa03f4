import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { balanceOf, enterAs, newMemberIn, productId, script } from './support/deals.ts';
import { completeMember, freshPhone, lastCode } from './support/members.ts';

/** A new member with this phone (the dev control signs them in without the SMS round trip). */
async function memberByPhone(request: import('@playwright/test').APIRequestContext, phone: string, balance = 0) {
  const made = await request.post('/__dev/members', { data: { phone, ...(balance ? { balance } : {}) } });
  const { id, auth_token } = (await made.json()) as { id: number; auth_token: string };
  return { id, token: auth_token };
}

/** A seeded member, signed in with the texted code (the dev control never hands out an existing member's session). */
async function seededMember(request: import('@playwright/test').APIRequestContext, phone: string) {
  await request.post('/api/community_members', { data: { phone, countries: '+52' } });
  const code = await lastCode(request, phone);
  const confirmed = await request.post('/api/community_members/confirm', {
    data: { phone, countries: '+52', verify_code: code },
  });
  const { community_member } = (await confirmed.json()) as { community_member: { id: number; auth_token: string } };
  return { id: community_member.id, token: community_member.auth_token };
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/**
 * A member opens /demo, and the operator's messages have been answered: the prompts come after the
 * longest chain of the app (entry, route chunk, lookup, machine, products, the prompts' chunk, messages),
 * which on a loaded two-core machine has taken more than the 10 s an expectation waits. Waiting for the
 * answer itself (within the test's own timeout) leaves the expectation only the drawing of the dialog.
 */
async function openDemoWithPrompts(page: Page) {
  const answered = messagesAnswered(page);
  await page.goto('/demo');
  await answered;
}

/** The next answer to the operator's messages' request (set up before what makes the page ask). */
const messagesAnswered = (page: Page) =>
  page.waitForResponse((answer) => answer.url().includes('/api/community_member_messages'));

test.describe('the profile (spec §2 /profile, /edit-profile)', () => {
  test('edit and save a complete profile; the birth date gets its slashes as it is typed', async ({
    page,
    request,
    baseURL,
  }) => {
    await newMemberIn(page, request, baseURL);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Mi cuenta' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Editar mi perfil' }).click();
    await field(page, 'Nombre').fill('Lucía Pérez');
    await field(page, 'Fecha de nacimiento').fill('');
    await field(page, 'Fecha de nacimiento').pressSequentially('03071995');
    await expect(field(page, 'Fecha de nacimiento')).toHaveValue('03/07/1995');
    await field(page, 'Género').selectOption('Mujer');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText('Lucía Pérez')).toBeVisible();
    await expect(page.getByText('Mujer')).toBeVisible();
    await expect(page.getByText(/julio de 1995/)).toBeVisible();
  });

  for (const [locale, texts] of [
    [
      'es',
      {
        name: 'Nombre',
        birth: 'Fecha de nacimiento',
        email: 'Correo electrónico',
        save: 'Guardar',
        messages: [
          'Escribe tu nombre.',
          'Esa fecha no existe.',
          'Tu fecha de nacimiento no puede estar en el futuro.',
          'Revisa tu correo: necesita un nombre, una @ y un dominio.',
          'Elige una opción.',
        ],
      },
    ],
    [
      'en',
      {
        name: 'Name',
        birth: 'Birth date',
        email: 'Email',
        save: 'Save',
        messages: [
          'Type your name.',
          'That date does not exist.',
          'Your birth date cannot be in the future.',
          'Check your email: it needs a name, an @ and a domain.',
          'Choose an option.',
        ],
      },
    ],
  ] as const) {
    test(`each profile message, in ${locale}, and nothing typed is lost`, async ({ page, request, baseURL }) => {
      const member = await memberByPhone(request, `+52${freshPhone()}`);
      await enterAs(page, baseURL ?? '', member, locale);
      await page.goto('/edit-profile');
      await field(page, texts.birth).pressSequentially('31021990');
      await field(page, texts.email).fill('ana@vendo');
      await page.getByRole('button', { name: texts.save, exact: true }).click();
      for (const message of [texts.messages[0], texts.messages[1], texts.messages[3], texts.messages[4]]) {
        await expect(page.getByText(message, { exact: true })).toBeVisible();
      }
      await expect(field(page, texts.email)).toHaveValue('ana@vendo');
      await field(page, texts.birth).fill('');
      await field(page, texts.birth).pressSequentially('01012090');
      await expect(page.getByText(texts.messages[2], { exact: true })).toBeVisible();
    });
  }

  for (const [locale, birth, save, howToWrite] of [
    ['es', 'Fecha de nacimiento', 'Guardar', 'Escribe la fecha como DD/MM/AAAA.'],
    ['en', 'Birth date', 'Save', 'Type the date as DD/MM/YYYY.'],
  ] as const) {
    test(`issue 15 point 19: an autofilled or pasted ISO birth date reads DD/MM/YYYY; a middle deletion keeps the caret, in ${locale}`, async ({
      page,
      request,
      baseURL,
    }) => {
      const member = await memberByPhone(request, `+52${freshPhone()}`);
      await enterAs(page, baseURL ?? '', member, locale);
      await page.goto('/edit-profile');
      const date = field(page, birth);
      const caret = () => date.evaluate((input: HTMLInputElement) => input.selectionStart);
      await date.fill('1985-11-02');
      await expect(date).toHaveValue('02/11/1985');
      await date.selectText();
      await page.keyboard.insertText('1990-03-15');
      await expect(date).toHaveValue('15/03/1990');
      expect(await caret()).toBe(10);

      await date.evaluate((input: HTMLInputElement) => input.setSelectionRange(5, 5));
      await page.keyboard.press('Backspace');
      await expect(date).toHaveValue('15/01/990');
      expect(await caret()).toBe(4);
      await page.keyboard.type('3');
      await expect(date).toHaveValue('15/03/1990');
      expect(await caret()).toBe(6);

      // A date that cannot be read for sure stays as pasted, and the form says how to write it.
      await date.fill('5/3/90');
      await expect(date).toHaveValue('5/3/90');
      await page.getByRole('button', { name: save, exact: true }).click();
      await expect(page.getByText(howToWrite, { exact: true })).toBeVisible();
    });
  }

  test('a changed email opens the confirm-your-email modal; an email in use is said on its field', async ({
    page,
    request,
    baseURL,
  }) => {
    const member = await newMemberIn(page, request, baseURL);
    await page.goto('/edit-profile');
    await field(page, 'Correo electrónico').fill('ana@vendo.mx');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(page.getByText('Este correo ya está en uso. Prueba con otro correo.')).toBeVisible();
    await field(page, 'Correo electrónico').fill(`nuevo${member.phone}@vendo.mx`);
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Confirma tu correo' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('an API failure while saving says so and keeps the form', async ({ page, request, baseURL }) => {
    const member = await newMemberIn(page, request, baseURL);
    await page.route(`**/api/community_members/${member.id}`, (route) =>
      route.request().method() === 'PATCH' ? route.abort('failed') : route.continue(),
    );
    await page.goto('/edit-profile');
    await field(page, 'Nombre').fill('Nombre que no se pierde');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(page.getByText('No se pudo guardar tu perfil.', { exact: false })).toBeVisible();
    await expect(field(page, 'Nombre')).toHaveValue('Nombre que no se pierde');
  });
});

test.describe('employee-number machines (spec §2, §6)', () => {
  test('757 keeps a member without an employee number on /edit-profile; without Add funds or Payment methods', async ({
    page,
    request,
    baseURL,
  }) => {
    await newMemberIn(page, request, baseURL);
    await page.goto('/757');
    await expect(page).toHaveURL(/\/edit-profile$/, { timeout: 15_000 });
    // Issue 15 point 18: the gate's notice keeps clear of the first field's label (measured as drawn, retried).
    const notice = page.getByRole('status').filter({ hasText: 'Esta máquina es para empleados' });
    const nameLabel = page.getByText('Nombre', { exact: true });
    await expect
      .poll(async () => {
        const [top, below] = [await notice.boundingBox(), await nameLabel.boundingBox()];
        return top && below ? below.y - (top.y + top.height) : Number.NEGATIVE_INFINITY;
      })
      .toBeGreaterThanOrEqual(12);
    await page.goto('/history');
    await expect(page).toHaveURL(/\/edit-profile$/);
    await page.goto('/top-up');
    await expect(page).toHaveURL(/\/edit-profile$/);
    await page.getByRole('button', { name: 'Abrir el menú' }).click();
    const menu = page.getByRole('dialog', { name: 'Menú' });
    await expect(menu.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
    // Issue 15 point 1: held on the form, My account and History would lead nowhere.
    await expect(menu.getByText('Historial')).toHaveCount(0);
    await expect(menu.getByText('Mi cuenta')).toHaveCount(0);
    await expect(menu.getByText('Agregar saldo')).toHaveCount(0);
    await expect(menu.getByText('Métodos de pago')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await field(page, 'Número de empleado').fill('12ab');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(page.getByText('El número debe contener de 8 a 10 dígitos')).toBeVisible();
    await field(page, 'Número de empleado').fill('12345678');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText('12345678')).toBeVisible();
    await page.goto('/top-up');
    await expect(page).toHaveURL(/\/machine-inventory$/);
  });
});

test.describe('the employee gate lets the member out (issue 15 point 1)', () => {
  for (const [locale, texts] of [
    ['es', { menu: 'Abrir el menú', dialog: 'Menú', signOut: 'Cerrar sesión', signIn: 'Inicia sesión' }],
    ['en', { menu: 'Open the menu', dialog: 'Menu', signOut: 'Sign out', signIn: 'Sign in' }],
  ] as const) {
    test(`signing out from /edit-profile on 757 lands on the sign-in page and stays there, in ${locale}`, async ({
      page,
      request,
      baseURL,
    }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await enterAs(page, baseURL ?? '', await completeMember(request), locale);
      await page.goto('/757');
      await expect(page).toHaveURL(/\/edit-profile$/, { timeout: 15_000 });
      await page.getByRole('button', { name: texts.menu }).click();
      await page.getByRole('dialog', { name: texts.dialog }).getByRole('button', { name: texts.signOut }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1, name: texts.signIn })).toBeVisible();
      await page.waitForTimeout(500);
      await expect(page).toHaveURL(/\/$/);
      expect(errors).toEqual([]);
    });
  }

  test('a member who scanned the wrong machine chooses another one, in English', async ({ page, request, baseURL }) => {
    await enterAs(page, baseURL ?? '', await completeMember(request), 'en');
    await page.goto('/757');
    await expect(page).toHaveURL(/\/edit-profile$/, { timeout: 15_000 });
    await page.getByRole('link', { name: 'Choose another machine' }).click();
    await expect(page).toHaveURL(/\/machine-selection\/new$/);
    await page.getByLabel('Machine ID').fill('demo');
    await page.getByRole('button', { name: 'Open the machine' }).click();
    await expect(page).toHaveURL(/\/machine-inventory$/);
  });
});

test.describe('history (spec §2 /history)', () => {
  test("lists Ana's seeded deals newest first, with a detail view", async ({ page, request, baseURL }) => {
    const ana = await seededMember(request, '5512345678');
    await enterAs(page, baseURL ?? '', ana);
    await page.goto('/history');
    const rows = page.getByRole('list').getByRole('button');
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeGreaterThanOrEqual(5);
    await expectNoAxeViolations(page);
    await rows.first().click();
    await expect(page.getByRole('dialog')).toContainText('@demo');
  });

  test('a new member sees an empty history', async ({ page, request, baseURL }) => {
    await newMemberIn(page, request, baseURL);
    await page.goto('/history');
    await expect(page.getByText('Aún no tienes compras')).toBeVisible();
  });

  test('report a problem on a deal that was charged but not delivered: the balance is credited once', async ({
    page,
    request,
    baseURL,
  }) => {
    const member = await newMemberIn(page, request, baseURL, 100);
    await script(request, 'demo', member, { deal_statuses: [{ status: 0, after_ms: 0 }] });
    const product = await productId(request, 'demo', 'Agua natural 600 ml');
    await page.goto('/demo');
    await page.waitForURL(/\/machine-inventory$/);
    await page.goto(`/product/${product}`);
    await page.getByRole('button', { name: 'Comprar' }).click();
    await expect(page).toHaveURL(/\/download$/);
    expect(await balanceOf(request, member)).toBe(86);
    // Issue 15 point 17: the profile names the purchase, its cost without a minus sign, and the date.
    await page.goto('/profile');
    await expect(page.getByRole('region', { name: 'Última transacción' })).toContainText(
      /Agua natural 600 ml en demo · \$14\.00 · \d{1,2} \p{L}+ \d{4}, \d{2}:\d{2}/u,
    );
    await page.goto('/history');
    await page.getByRole('list').getByRole('button').first().click();
    const detail = page.getByRole('dialog');
    await detail.getByRole('button', { name: 'Reportar un problema' }).click();
    await expect(detail.getByText('Gracias. Devolvimos $14.00 a tu saldo.')).toBeVisible();
    await expect(detail.getByRole('button', { name: 'Reportar un problema' })).toHaveCount(0);
    expect(await balanceOf(request, member)).toBe(100);
  });
});

test.describe('custom messages and the native-app prompt (spec §2 modals)', () => {
  test('messages show one after another; a javascript: action renders no link; "do not show again" lasts', async ({
    page,
    request,
    baseURL,
  }) => {
    // Three visits of the member's longest chain (first, reload, a new tab) and an axe scan: 27 s of the
    // default 30 s through the load balancer on a loaded two-core machine.
    test.setTimeout(60_000);
    const ana = await seededMember(request, '5512345678');
    await enterAs(page, baseURL ?? '', ana);
    await openDemoWithPrompts(page);
    const first = page.getByRole('dialog', { name: 'Nuevo horario del comedor' });
    await expect(first).toBeVisible();
    await expect(first.getByRole('link', { name: 'Ver mapa' })).toHaveAttribute('href', 'https://vendo.mx/mapa');
    await expectNoAxeViolations(page);
    await first.getByLabel('No volver a mostrar').check();
    await first.getByRole('button', { name: 'Cerrar' }).first().click();
    const second = page.getByRole('dialog', { name: 'Promoción' });
    await expect(second).toBeVisible();
    await expect(second.getByText('2x1 en bebidas', { exact: true })).toBeVisible();
    await expect(second.getByRole('link')).toHaveCount(0);
    await expect(page.locator('a[href^="javascript"]')).toHaveCount(0);
    await second.getByRole('button', { name: 'Cerrar' }).first().click();
    // Issue 15 point 5: once per visit; back on the product list, nothing reopens and products take taps.
    // Only once the messages were answered and read does "no dialog" mean the app chose to show none.
    const answered = messagesAnswered(page);
    await page.reload();
    await answered;
    await expect(page.getByRole('heading', { level: 2, name: 'Bebidas' })).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // A new visit (a new tab, with a sessionStorage of its own) shows again what was not dismissed for good.
    const nextVisit = await page.context().newPage();
    await openDemoWithPrompts(nextVisit);
    await expect(nextVisit.getByRole('dialog', { name: 'Promoción' })).toBeVisible();
    await expect(nextVisit.getByRole('dialog', { name: 'Nuevo horario del comedor' })).toHaveCount(0);
  });

  for (const [locale, texts] of [
    ['es', { prompt: 'Descarga la app de Vendo', notNow: 'Ahora no', category: 'Bebidas' }],
    ['en', { prompt: 'Get the Vendo app', notNow: 'Not now', category: 'Bebidas' }],
  ] as const) {
    test(`issue 15 point 5: the native-app prompt closed once stays closed back on the product list, in ${locale}`, async ({
      page,
      request,
      baseURL,
    }) => {
      const member = await completeMember(request);
      await enterAs(page, baseURL ?? '', member, locale, { nativeAppPrompt: true });
      await openDemoWithPrompts(page);
      const prompt = page.getByRole('dialog', { name: texts.prompt });
      await expect(prompt).toBeVisible();
      await prompt.getByRole('button', { name: texts.notNow }).last().click();
      await page.goto(`/product/${await productId(request, 'demo', 'Agua natural 600 ml')}`);
      await page.goBack();
      await expect(page).toHaveURL(/\/machine-inventory$/);
      await expect(page.getByRole('heading', { level: 2, name: texts.category })).toBeVisible();
      await page.waitForTimeout(1_000);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });
  }

  test(
    'on a phone the native-app prompt links to its store; "do not show again" lasts',
    { tag: '@every-phone' },
    async ({ page, request, baseURL }, info) => {
      const member = await completeMember(request);
      await enterAs(page, baseURL ?? '', member, 'es', { nativeAppPrompt: true });
      await openDemoWithPrompts(page);
      const prompt = page.getByRole('dialog', { name: 'Descarga la app de Vendo' });
      await expect(prompt).toBeVisible();
      const store = info.project.name === 'iphone-14' ? /apps\.apple\.com/ : /play\.google\.com/;
      await expect(prompt.getByRole('link')).toHaveAttribute('href', store);
      await prompt.getByLabel('No volver a mostrar').check();
      await prompt.getByRole('button', { name: 'Ahora no' }).last().click();
      await page.reload();
      await expect(page.getByRole('heading', { level: 2, name: 'Bebidas' })).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    },
  );

  test('the support chat opens the configured external link in a new tab', async ({ page }) => {
    await page.goto('/demo');
    const link = page.getByRole('link', { name: '¿Necesitas ayuda? Escríbele a soporte' });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('href', /^https:\/\//);
  });
});
