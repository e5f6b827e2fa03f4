import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { newMemberIn } from './support/deals.ts';

type Member = { id: number; token: string };

/** The member's next card link on the machine follows these statuses (dev control, this member only). */
async function scriptLink(
  request: APIRequestContext,
  member: Member,
  statuses: { status: string; after_ms: number }[],
) {
  const answer = await request.post('/__dev/machines/rfid/script', {
    data: { member_id: member.id, card_link_statuses: statuses },
  });
  expect(answer.ok()).toBe(true);
}

async function openOn(page: Page, machine: string) {
  await page.goto(`/${machine}`);
  await page.waitForURL(/\/machine-inventory$/);
}

test.describe('linking an employee card on rfid (spec §4 pending card link)', () => {
  test('the full link: code and countdown, tap the card, success; the profile shows the card', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const member = await newMemberIn(page, request, baseURL);
    // Each step outlasts an axe scan on a loaded machine, or the screen moves on before it is read.
    await scriptLink(request, member, [
      { status: 'waiting', after_ms: 300 },
      { status: 'authenticated', after_ms: 8_000 },
      { status: 'linked', after_ms: 6_000 },
    ]);
    await openOn(page, 'rfid');
    await page.goto('/add-rfid-card-page');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Comenzar' }).click();
    await expect(page).toHaveURL(/\/authenticate-user-rfid-page$/);
    await expect(page.getByRole('heading', { name: 'Marca este código en @rfid' })).toBeVisible();
    await expect(page.getByText(/Quedan (30|29|28) segundos/)).toBeVisible();
    await expectNoAxeViolations(page);
    await expect(page).toHaveURL(/\/tap-card-rfid-page$/);
    await expect(page.getByText(/Quedan (20|19|18) segundos/)).toBeVisible();
    await expect(page).toHaveURL(/\/card-link-successful-page$/);
    await expect(page.getByRole('heading', { name: 'Tarjeta vinculada con éxito' })).toBeVisible();
    await page.getByRole('button', { name: 'Listo' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText(/Tarjeta de empleado · \d{10}/)).toBeVisible();
  });

  test('after one link the profile offers to replace the card, and a second link leaves a single card (issue 15 point 12)', async ({
    page,
    request,
    baseURL,
  }) => {
    const member = await newMemberIn(page, request, baseURL);
    const linkOnce = async () => {
      await scriptLink(request, member, [
        { status: 'waiting', after_ms: 100 },
        { status: 'authenticated', after_ms: 100 },
        { status: 'linked', after_ms: 100 },
      ]);
      await page.getByRole('button', { name: 'Comenzar' }).click();
      await page.getByRole('button', { name: 'Listo' }).click();
      await expect(page).toHaveURL(/\/profile$/);
    };
    await openOn(page, 'rfid');
    await page.goto('/profile');
    await page.getByRole('link', { name: 'Vincular tu tarjeta de empleado' }).click();
    await linkOnce();

    await page.getByRole('link', { name: 'Reemplazar tu tarjeta de empleado' }).click();
    await linkOnce();

    await expect(page.getByText(/Tarjeta de empleado · \d{10}/)).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Vincular tu tarjeta de empleado' })).toHaveCount(0);
  });

  test('still in progress at the connect timeout → the RFID error page', async ({ page, request, baseURL }) => {
    const member = await newMemberIn(page, request, baseURL);
    await scriptLink(request, member, [{ status: 'in_progress', after_ms: 600_000 }]);
    await page.clock.install();
    await openOn(page, 'rfid');
    await page.goto('/add-rfid-card-page');
    await page.getByRole('button', { name: 'Comenzar' }).click();
    await expect(page).toHaveURL(/\/linking-rfid-card-page$/);
    await expect(page.getByRole('heading', { name: 'Conectando con @rfid…' })).toBeVisible();
    await page.clock.fastForward(60_500);
    await expect(page).toHaveURL(/\/rfid-error-page$/);
    await expect(page.getByText('No se pudo contactar a la máquina. Por favor vuelve más tarde.')).toBeVisible();
  });

  for (const [status, title, description] of [
    [
      'expired',
      '¿Hiciste tu selección en el teclado de la máquina?',
      'Se acabó el tiempo. Por favor intenta de nuevo.',
    ],
    ['failed', 'Error interno del servidor', 'Por favor intenta más tarde.'],
  ] as const) {
    test(`${status} while tapping the card stops on its error`, async ({ page, request, baseURL }) => {
      const member = await newMemberIn(page, request, baseURL);
      // The tap-the-card screen is held 8 s, long enough to be seen however slowly the link starts on a
      // busy machine: held 2 s, the first reading could already be the error, and the screen never showed.
      await scriptLink(request, member, [
        { status: 'waiting', after_ms: 200 },
        { status: 'authenticated', after_ms: 200 },
        { status, after_ms: 8_000 },
      ]);
      await openOn(page, 'rfid');
      await page.goto('/add-rfid-card-page');
      await page.getByRole('button', { name: 'Comenzar' }).click();
      await expect(page).toHaveURL(/\/tap-card-rfid-page$/);
      await expect(page).toHaveURL(/\/rfid-error-page$/, { timeout: 15_000 });
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      await expect(page.getByText(description)).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test('back cancels the pending link and returns to the start', async ({ page, request, baseURL }) => {
    const member = await newMemberIn(page, request, baseURL);
    await scriptLink(request, member, [{ status: 'waiting', after_ms: 200 }]);
    await openOn(page, 'rfid');
    await page.goto('/add-rfid-card-page');
    await page.getByRole('button', { name: 'Comenzar' }).click();
    await expect(page).toHaveURL(/\/authenticate-user-rfid-page$/);
    await page.getByRole('button', { name: 'Regresar' }).click();
    await expect(page).toHaveURL(/\/add-rfid-card-page$/);
    await expect(page.getByRole('button', { name: 'Comenzar' })).toBeVisible();
  });

  test('a machine without a card reader offers no link', async ({ page, request, baseURL }) => {
    await newMemberIn(page, request, baseURL);
    await openOn(page, 'demo');
    await page.goto('/add-rfid-card-page');
    await expect(
      page.getByRole('heading', { name: 'Esta máquina no tiene lector de tarjetas de empleado' }),
    ).toBeVisible();
  });
});

test.describe('remote devices on remoto (spec §2 /add-rfid-device-page)', () => {
  test('add a device (10-character id, key lower-cased on blur), see it on the profile, delete it', async ({
    page,
    request,
    baseURL,
  }) => {
    await newMemberIn(page, request, baseURL);
    await openOn(page, 'remoto');
    await page.goto('/profile');
    await page.getByRole('link', { name: 'Agregar un dispositivo' }).click();
    await expect(page).toHaveURL(/\/add-rfid-device-page$/);
    await page.getByLabel('Nombre del dispositivo').fill('Llavero');
    await page.getByLabel('ID RFID').fill('12345');
    await page.getByLabel('Llave RFID').fill('A1B2C3');
    await page.getByLabel('Nombre del dispositivo').focus();
    await expect(page.getByLabel('Llave RFID')).toHaveValue('a1b2c3');
    await page.getByRole('button', { name: 'Agregar dispositivo' }).click();
    await expect(page.getByText('Verifica que tu ID tenga 10 dígitos')).toBeVisible();
    await expectNoAxeViolations(page);
    const rfidId = String(Date.now()).slice(-10);
    await page.getByLabel('ID RFID').fill(rfidId);
    await page.getByRole('button', { name: 'Agregar dispositivo' }).click();
    await expect(page.getByRole('heading', { name: 'Dispositivo agregado' })).toBeVisible();
    await page.getByRole('button', { name: 'Ir a mi cuenta' }).click();
    await expect(page.getByText(`Llavero · ${rfidId}`)).toBeVisible();
    await page.getByRole('button', { name: 'Eliminar Llavero' }).click();
    await expect(page.getByText(`Llavero · ${rfidId}`)).toHaveCount(0);
  });

  test('a machine without remote RFID offers no devices', async ({ page, request, baseURL }) => {
    await newMemberIn(page, request, baseURL);
    await openOn(page, 'rfid');
    await page.goto('/add-rfid-device-page');
    await expect(page.getByText('Esta máquina no acepta dispositivos remotos.')).toBeVisible();
  });
});
