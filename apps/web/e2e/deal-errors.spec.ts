import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { balanceOf, buy, enterAs, newMemberIn, productId, script } from './support/deals.ts';
import { completeMember, dealsOf, freshPhone } from './support/members.ts';

const water = 'Agua natural 600 ml'; // 14.00 on every seeded machine
const sample = 'Agua mineral 600 ml'; // sampleable on demo

test.describe('the error screen (spec §8)', () => {
  test('title, body, button and additional information come from the error; -100 retries the deal', async ({
    page,
    request,
    baseURL,
  }) => {
    const member = await newMemberIn(page, request, baseURL, 100);
    await script(request, 'demo', member, {
      deal_error: {
        error_code: -100,
        message: 'La máquina está ocupada',
        description: 'Otra compra está en curso.',
        action_text: 'Reintentar compra',
        additional_information: 'Folio 4471',
      },
    });
    await buy(page, 'demo', await productId(request, 'demo', water));
    await expect(page).toHaveURL(/\/transaction-error$/);
    await expect(page.getByRole('heading', { name: 'La máquina está ocupada' })).toBeVisible();
    await expect(page.getByText('Otra compra está en curso.')).toBeVisible();
    await expect(page.getByText('Folio 4471')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Reintentar compra' }).click();
    await expect(page).toHaveURL(/\/connecting$/);
    expect(await dealsOf(request, member)).toHaveLength(1);
  });

  test('an error object with no fields shows the defaults and goes back to the inventory', async ({
    page,
    request,
    baseURL,
  }) => {
    const member = await newMemberIn(page, request, baseURL, 100);
    await script(request, 'demo', member, { deal_error: {} });
    await buy(page, 'demo', await productId(request, 'demo', water));
    await expect(page.getByRole('heading', { name: 'Error interno del servidor' })).toBeVisible();
    await expect(page.getByText('Por favor intenta más tarde.')).toBeVisible();
    await page.getByRole('button', { name: 'Regresar' }).click();
    await expect(page).toHaveURL(/\/machine-inventory$/);
  });

  test('-13: the button goes to redirect_url and the body shows the email domain', async ({
    page,
    request,
    baseURL,
  }) => {
    const member = await newMemberIn(page, request, baseURL, 100);
    await script(request, 'demo', member, {
      deal_error: {
        error_code: -13,
        message: 'Solo para empleados',
        redirect_url: 'https://vendo.mx/verificar',
        email_domain: 'acme.mx',
        action_text: 'Verificar mi correo',
      },
    });
    await buy(page, 'demo', await productId(request, 'demo', water));
    await expect(page.getByText('Usa en tu perfil un correo que termine en @acme.mx.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Verificar mi correo' })).toHaveAttribute(
      'href',
      'https://vendo.mx/verificar',
    );
  });

  test('-13 with a javascript: redirect_url renders no link and never follows it', async ({
    page,
    request,
    baseURL,
  }) => {
    const member = await newMemberIn(page, request, baseURL, 100);
    await script(request, 'demo', member, {
      deal_error: { error_code: -13, message: 'Solo para empleados', redirect_url: 'javascript:alert(1)' },
    });
    await buy(page, 'demo', await productId(request, 'demo', water));
    await expect(page.getByRole('heading', { name: 'Solo para empleados' })).toBeVisible();
    await expect(page.locator('a[href^="javascript"]')).toHaveCount(0);
  });

  test('an unknown delivery status ends on the error screen with a way back; nothing is charged', async ({
    page,
    request,
    baseURL,
  }) => {
    const member = await newMemberIn(page, request, baseURL, 100);
    await script(request, 'demo', member, { deal_statuses: [{ status: 99, after_ms: 0 }] });
    await buy(page, 'demo', await productId(request, 'demo', water));
    await expect(page).toHaveURL(/\/transaction-error$/);
    await expect(page.getByText('La máquina reportó un estado que no conocemos.', { exact: false })).toBeVisible();
    await page.getByRole('button', { name: 'Regresar' }).click();
    await expect(page).toHaveURL(/\/machine-inventory$/);
    expect(await balanceOf(request, member)).toBe(100);
  });
});

test.describe('bad answers while following a deal', () => {
  for (const [name, answer, text] of [
    ['a deal the API no longer finds', { status: 404, json: {} }, 'Ya no encontramos esta compra.'],
    [
      'a malformed deal body',
      { status: 200, json: { deal: { id: 'x', delivery_status: 'entregado' } } },
      'Vendo envió una respuesta que no pudimos leer.',
    ],
  ] as const) {
    test(`${name} ends on the error screen with a way back`, async ({ page, request, baseURL }) => {
      await newMemberIn(page, request, baseURL, 100);
      await page.route(/\/api\/product_servers\/\d+\/deals\/\d+$/, (route) => route.fulfill(answer));
      await buy(page, 'demo', await productId(request, 'demo', water));
      await expect(page).toHaveURL(/\/transaction-error$/);
      await expect(page.getByText(text, { exact: false })).toBeVisible();
      await page.getByRole('button', { name: 'Regresar' }).click();
      await expect(page).toHaveURL(/\/machine-inventory$/);
    });
  }
});

test.describe('campaigns (spec §4 status 0 with a CTA, §8 code -11)', () => {
  test('campana: a delivered deal shows the campaign download with its image, text and link', async ({
    page,
    request,
    baseURL,
  }) => {
    const member = await newMemberIn(page, request, baseURL, 100);
    await script(request, 'campana', member, { deal_statuses: [{ status: 0, after_ms: 500 }] });
    await buy(page, 'campana', await productId(request, 'campana', water));
    await expect(page).toHaveURL(/\/download_with_campaign$/);
    await expect(page.getByText('Gracias por participar en la campaña de otoño.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Descarga la app' })).toHaveAttribute(
      'href',
      'https://vendo.mx/campana',
    );
    await expectNoAxeViolations(page);
  });

  test('-11: a member without an email is sent to the campaign requirement', async ({ page, request, baseURL }) => {
    const made = await request.post('/__dev/members', { data: { phone: `+52${freshPhone()}`, balance: 100 } });
    const member = (await made.json()) as { id: number; auth_token: string };
    await enterAs(page, baseURL ?? '', { id: member.id, token: member.auth_token });
    await buy(page, 'campana', await productId(request, 'campana', water));
    await expect(page).toHaveURL(/\/campaign-requirement$/);
    await expect(page.getByRole('link', { name: /campaña|Ver qué pide/ })).toHaveAttribute(
      'href',
      `${baseURL}/campaign/campana`,
    );
  });
});

test.describe('paying for a deal (spec §4 buy flow)', () => {
  test('direct payment: a short balance loads the difference by card and the deal goes on', async ({
    page,
    request,
    baseURL,
  }) => {
    const member = await newMemberIn(page, request, baseURL);
    await script(request, 'demo', member, { deal_statuses: [{ status: 0, after_ms: 500 }] });
    await buy(page, 'demo', await productId(request, 'demo', water));
    const modal = page.getByRole('dialog', { name: 'Paga la diferencia con tarjeta' });
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: /Cargar .*14\.00 y comprar/ }).click();
    await expect(page).toHaveURL(/\/download$/);
    expect(await dealsOf(request, member)).toHaveLength(1);
    expect(await balanceOf(request, member)).toBe(0);
  });

  test('a free sample costs nothing', async ({ page, request, baseURL }) => {
    const member = await newMemberIn(page, request, baseURL);
    await script(request, 'demo', member, { deal_statuses: [{ status: 0, after_ms: 500 }] });
    await buy(page, 'demo', await productId(request, 'demo', sample), 'Tomar una muestra gratis');
    await expect(page).toHaveURL(/\/download$/);
    expect(await balanceOf(request, member)).toBe(0);
  });

  // Issue 15 point 2: the card shows the sample's $0.00 and "Free"; the page's first button is that sample,
  // and buying at full price says its price.
  for (const [locale, takeSample, buyFor] of [
    ['es', 'Tomar una muestra gratis', 'Comprar por $18.50'],
    ['en', 'Take a free sample', /^Buy for .*18\.50$/],
  ] as const) {
    test(`a product sold and sampled offers the free sample first and names the full price, in ${locale}`, async ({
      page,
      request,
      baseURL,
    }) => {
      const member = await completeMember(request, 50);
      await enterAs(page, baseURL ?? '', member, locale);
      await script(request, 'demo', member, { deal_statuses: [{ status: 0, after_ms: 500 }] });
      await page.goto('/demo');
      await page.waitForURL(/\/machine-inventory$/);
      await page.goto(`/product/${await productId(request, 'demo', sample)}`);
      const options = page.getByRole('main').getByRole('button');
      await expect(options).toHaveCount(2);
      await expect(options.nth(0)).toHaveAccessibleName(takeSample);
      await expect(options.nth(1)).toHaveAccessibleName(buyFor);
      await options.nth(0).click();
      await expect(page).toHaveURL(/\/download$/);
      expect(await balanceOf(request, member)).toBe(50);
      expect((await dealsOf(request, member))[0]).toMatchObject({ sale_type_code: 3 });
    });
  }
});

test.describe('an offline machine cannot sell (issue 32 point 6)', () => {
  for (const [locale, t] of [
    [
      'es',
      {
        buy: 'Comprar',
        warning: 'Esta máquina está fuera de línea',
        says: 'No puede vender mientras esté fuera de línea. Regresa e inténtalo cuando vuelva a estar en línea.',
        back: 'Regresar',
        go: 'Continuar',
      },
    ],
    [
      'en',
      {
        buy: 'Buy',
        warning: 'This machine is offline',
        says: 'It cannot sell while it is offline. Go back and try again once it is online.',
        back: 'Go back',
        go: 'Continue',
      },
    ],
  ] as const) {
    test(`the warning before buying says it cannot sell while offline and offers only the way back, in ${locale}`, async ({
      page,
      request,
      baseURL,
    }) => {
      const member = await completeMember(request, 50);
      await enterAs(page, baseURL ?? '', member, locale);
      const product = await productId(request, 'apagada', water);
      await page.goto('/apagada');
      await page.waitForURL(/\/machine-inventory$/);
      await page.goto(`/product/${product}`);

      await page.getByRole('button', { name: t.buy }).click();

      const warning = page.getByRole('dialog', { name: t.warning });
      await expect(warning.getByText(t.says)).toBeVisible();
      await expect(warning.getByRole('button', { name: t.go })).toHaveCount(0);
      await expectNoAxeViolations(page);
      await warning.getByRole('button', { name: t.back, exact: true }).click();
      await expect(warning).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`/product/${product}$`));
      expect(await dealsOf(request, member)).toHaveLength(0);
      expect(await balanceOf(request, member)).toBe(50);
    });
  }
});

test.describe('a machine that went offline after its page was read (issue 32 point 6)', () => {
  // Both journeys take nim115a (no other journey uses it) offline and back: one at a time.
  test.describe.configure({ mode: 'serial' });
  for (const [locale, t] of [
    [
      'es',
      {
        buy: 'Comprar',
        title: 'La máquina está fuera de línea',
        says: 'No puede vender mientras esté fuera de línea. Regresa e inténtalo cuando vuelva a estar en línea.',
        back: 'Regresar',
      },
    ],
    [
      'en',
      {
        buy: 'Buy',
        title: 'The machine is offline',
        says: 'It cannot sell while it is offline. Go back and try again once it is online.',
        back: 'Back',
      },
    ],
  ] as const) {
    test(`the server refuses the buy, and the error screen says why and leads back to the machine, in ${locale}`, async ({
      page,
      request,
      baseURL,
    }) => {
      // Two machine pages, a product page and the error screen: more than one screen's time on a loaded machine.
      test.setTimeout(60_000);
      const member = await completeMember(request, 50);
      // nim115a is for employees: the member has given their employee number.
      await request.patch(`/api/community_members/${member.id}`, {
        headers: { Authorization: `Token token=${member.token}` },
        data: {
          name: 'Prueba Vendo',
          gender: 'Otro',
          email: `e2e${member.phone}@vendo.mx`,
          birth_date: '1990-01-01',
          facebook_uid: '12345678',
        },
      });
      await enterAs(page, baseURL ?? '', member, locale);
      const product = await productId(request, 'nim115a', water);
      await page.goto('/nim115a');
      await page.waitForURL(/\/machine-inventory$/);
      await page.goto(`/product/${product}`);
      await expect(page.getByRole('button', { name: t.buy })).toBeEnabled();
      await request.post('/__dev/machines/nim115a/script', { data: { online: false } });
      try {
        await page.getByRole('button', { name: t.buy }).click();

        await expect(page).toHaveURL(/\/transaction-error$/);
        await expect(page.getByRole('heading', { name: t.title })).toBeVisible();
        await expect(page.getByText(t.says)).toBeVisible();
        await expectNoAxeViolations(page);
        await page.getByRole('button', { name: t.back, exact: true }).click();
        await expect(page).toHaveURL(/\/machine-inventory$/);
        expect(await dealsOf(request, member)).toHaveLength(0);
        expect(await balanceOf(request, member)).toBe(50);
      } finally {
        await request.post('/__dev/machines/nim115a/script', { data: { online: true } });
      }
    });
  }
});
