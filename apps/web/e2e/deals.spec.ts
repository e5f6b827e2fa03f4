import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { balanceOf, buy, enterAs, newMemberIn, productId, script, scriptScreensToSee } from './support/deals.ts';
import { completeMember, dealsOf } from './support/members.ts';

const water = 'Agua natural 600 ml'; // 14.00 on every seeded machine

test.describe('following a deal to delivery (spec §4 delivery_status navigation)', () => {
  test('delivered on demo: machine ready, then download; the balance drops by the price exactly once', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const member = await newMemberIn(page, request, baseURL, 100);
    await scriptScreensToSee(request, 'demo', member, 8_000);
    await buy(page, 'demo', await productId(request, 'demo', water));
    await expect(page).toHaveURL(/\/connecting$/);
    await expect(page.getByRole('heading', { name: 'Conectando con @demo…' })).toBeVisible();
    await expect(page).toHaveURL(/\/machine-ready$/);
    await expect(page.getByText('Marca este número en el teclado de la máquina')).toBeVisible();
    await expectNoAxeViolations(page);
    await expect(page).toHaveURL(/\/download$/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { name: '¡Disfruta tu compra!' })).toBeVisible();
    expect(await balanceOf(request, member)).toBe(86);
    expect(await dealsOf(request, member)).toHaveLength(1);
  });

  test('after a delivered deal the rating modal asks once, and the rating is recorded', async ({
    page,
    request,
    baseURL,
  }) => {
    // Two purchases and the rating's wait on the download screen.
    test.setTimeout(60_000);
    const member = await newMemberIn(page, request, baseURL, 100);
    await script(request, 'demo', member, { deal_statuses: [{ status: 0, after_ms: 0 }] });
    await buy(page, 'demo', await productId(request, 'demo', water));
    const rating = page.getByRole('dialog', { name: '¿Qué tal tu compra?' });
    // Issue 15 point 5: the member first sees the download screen, its buttons free to tap.
    await expect(page.getByRole('heading', { name: '¡Disfruta tu compra!' })).toBeVisible();
    await expect(rating).toHaveCount(0);
    await page.getByRole('button', { name: 'Volver a la máquina' }).click({ trial: true });
    await expect(rating).toBeVisible({ timeout: 15_000 });
    await expectNoAxeViolations(page);
    // A tap on the fourth star, as a member's thumb does.
    await rating.getByText('★').nth(3).click();
    await expect(rating.getByRole('radio', { name: '4 de 5 estrellas' })).toBeChecked();
    await rating.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByRole('dialog', { name: '¡Gracias!' })).toBeVisible();
    await page.getByRole('button', { name: 'Cerrar' }).click();
    // Within 30 days it does not ask again.
    await script(request, 'demo', member, { deal_statuses: [{ status: 0, after_ms: 0 }] });
    await buy(page, 'demo', await productId(request, 'demo', water));
    await expect(page.getByRole('heading', { name: '¡Disfruta tu compra!' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('automatic delivery on auto shows the delivering screen, then download', async ({ page, request, baseURL }) => {
    test.setTimeout(60_000);
    const member = await newMemberIn(page, request, baseURL, 100);
    await scriptScreensToSee(request, 'auto', member, 1_500);
    await buy(page, 'auto', await productId(request, 'auto', water));
    await expect(page).toHaveURL(/\/auto-delivery$/);
    await expect(page.getByRole('heading', { name: 'Entregando tu producto' })).toBeVisible();
    await expect(page).toHaveURL(/\/download$/, { timeout: 15_000 });
  });

  test('machine ready: still 2 after the user-type timeout + 10 s → connection error, user timeout', async ({
    page,
    request,
    baseURL,
  }) => {
    const member = await newMemberIn(page, request, baseURL, 100);
    await script(request, 'demo', member, { deal_statuses: [{ status: 2, after_ms: 0 }] });
    await page.clock.install();
    await buy(page, 'demo', await productId(request, 'demo', water));
    await expect(page).toHaveURL(/\/machine-ready$/);
    // The screen's code, not only its address: a clock moved past the screen-load limit before it
    // arrives shows that limit's error instead of the flow's screens.
    await expect(page.getByRole('heading', { name: 'La máquina está lista' })).toBeVisible();
    await page.clock.fastForward(30_000);
    await expect(page).toHaveURL(/\/machine-ready$/);
    await page.clock.fastForward(10_500);
    await expect(page).toHaveURL(/\/connection-error$/);
    await expect(page.getByRole('heading', { name: 'Se acabó el tiempo' })).toBeVisible();
    await expect(page.getByText('¿Hiciste tu selección en el teclado de la máquina?')).toBeVisible();
  });

  test('connecting to a machine that never answers: still 1 after the connect timeout → connection error, communication failure', async ({
    page,
    request,
    baseURL,
  }) => {
    const member = await newMemberIn(page, request, baseURL, 100);
    // Issue 32 point 6: an offline machine takes no deal; this one takes it and never answers.
    await script(request, 'demo', member, { deal_statuses: [{ status: 1, after_ms: 0 }] });
    await page.clock.install();
    await buy(page, 'demo', await productId(request, 'demo', water));
    await expect(page).toHaveURL(/\/connecting$/);
    await expect(page.getByRole('heading', { name: 'Conectando con @demo…' })).toBeVisible();
    await page.clock.fastForward(60_500);
    await expect(page).toHaveURL(/\/connection-error$/);
    await expect(page.getByRole('heading', { name: 'Falla de comunicación' })).toBeVisible();
    await expect(page.getByText('No se pudo contactar a la máquina. Por favor vuelve más tarde.')).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await balanceOf(request, member)).toBe(100);
  });

  test('the network dropped for 3 s while polling: the flow recovers and follows the same deal', async ({
    page,
    request,
    baseURL,
    context,
  }) => {
    const member = await newMemberIn(page, request, baseURL, 100);
    await script(request, 'demo', member, {
      deal_statuses: [
        { status: 2, after_ms: 5_000 },
        { status: 0, after_ms: 1_000 },
      ],
    });
    await buy(page, 'demo', await productId(request, 'demo', water));
    await expect(page).toHaveURL(/\/connecting$/);
    await context.setOffline(true);
    await page.waitForTimeout(3_000);
    await context.setOffline(false);
    await expect(page).toHaveURL(/\/download$/, { timeout: 10_000 });
    expect(await dealsOf(request, member)).toHaveLength(1);
    expect(await balanceOf(request, member)).toBe(86);
  });
});

const failures = [
  [5, 'Producto no entregado', 'Product not delivered'],
  [6, 'Error de la máquina', 'Machine error'],
  [7, 'Máquina en uso', 'Machine in use'],
  [8, 'Cancelada en la máquina', 'Cancelled on the machine'],
  [9, 'Compra cancelada', 'Purchase cancelled'],
  [10, 'Error desconocido de la máquina', 'Unknown machine error'],
  [11, 'Máquina en uso', 'Machine in use'],
  [12, 'Saldo insuficiente', 'Insufficient funds'],
  [13, 'Auditoría en curso', 'Audit in progress'],
  [14, 'Selección incorrecta', 'Wrong selection'],
  [16, 'Crédito cerrado', 'Credit closed'],
] as const;

test.describe('the failed-deal screen (spec §4 second reading and status messages)', () => {
  for (const [locale, column, buyLabel, retry] of [
    ['es', 1, 'Comprar', 'Intentar de nuevo'],
    ['en', 2, 'Buy', 'Try again'],
  ] as const) {
    test(`every failed status 5–14 and 16 shows its own title, in ${locale}, and charges nothing`, async ({
      page,
      request,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      const member = await completeMember(request, 100);
      await enterAs(page, baseURL ?? '', member, locale);
      const product = await productId(request, 'demo', water);
      for (const failure of failures) {
        await script(request, 'demo', member, { deal_statuses: [{ status: failure[0], after_ms: 0 }] });
        await buy(page, 'demo', product, buyLabel);
        await expect(page).toHaveURL(/\/connection-error$/);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(failure[column]);
        await expect(page.getByRole('button', { name: retry })).toBeVisible();
      }
      expect(await balanceOf(request, member)).toBe(100);
    });
  }

  test('retry on the failed-deal screen makes a new deal and follows it', async ({ page, request, baseURL }) => {
    const member = await newMemberIn(page, request, baseURL, 100);
    await script(request, 'demo', member, { deal_statuses: [{ status: 7, after_ms: 0 }] });
    await script(request, 'demo', member, { deal_statuses: [{ status: 0, after_ms: 1_000 }] });
    await buy(page, 'demo', await productId(request, 'demo', water));
    await expect(page.getByRole('heading', { name: 'Máquina en uso' })).toBeVisible();
    await page.getByRole('button', { name: 'Intentar de nuevo' }).click();
    await expect(page).toHaveURL(/\/connecting$/);
    await expect(page).toHaveURL(/\/download$/);
    expect(await dealsOf(request, member)).toHaveLength(2);
    expect(await balanceOf(request, member)).toBe(86);
  });
});
