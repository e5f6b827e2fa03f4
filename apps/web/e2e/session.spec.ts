import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { signInThroughScreens } from './support/sign-in.ts';

test.describe('the session (spec §4) and the common guard (spec §2)', () => {
  test('a member-only page sends a visitor without a token to /', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/$/);
  });

  test('a reload keeps the session', async ({ page, request }) => {
    await signInThroughScreens(page, request);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('button', { name: 'Abrir el menú' })).toBeVisible();
    await page.reload();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('button', { name: 'Abrir el menú' })).toBeVisible();
  });

  test('/ sends a signed-in member on to machine selection', async ({ page, request }) => {
    await signInThroughScreens(page, request);
    await page.goto('/');
    await expect(page).toHaveURL(/\/machine-selection$/);
  });

  test('the side menu offers the spec §2 entries, the language switch and the version', async ({ page, request }) => {
    await signInThroughScreens(page, request);
    await page.getByRole('button', { name: 'Abrir el menú' }).click();
    const menu = page.getByRole('dialog', { name: 'Menú' });
    for (const entry of ['Mi cuenta', 'Agregar saldo', 'Historial', 'Contáctanos', 'Métodos de pago']) {
      await expect(menu.getByRole('link', { name: entry })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'Contáctanos' })).toHaveAttribute('target', '_blank');
    await expect(menu.getByText('Versión 2.0.0')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('logout clears the session: member pages send back to /', async ({ page, request }) => {
    await signInThroughScreens(page, request);
    await page.getByRole('button', { name: 'Abrir el menú' }).click();
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/$/);
    const stored = await page.evaluate(() => [
      localStorage.getItem('vendo.token'),
      document.cookie.includes('vendo.token='),
    ]);
    expect(stored).toEqual([null, false]);
  });

  test('any other path shows the not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('an anonymous visitor opens the login modal from the header', async ({ page }) => {
    await page.goto('/machine-selection');
    await page.getByRole('button', { name: 'Inicia sesión' }).click();
    const modal = page.getByRole('dialog', { name: 'Inicia sesión' });
    await expect(modal.getByLabel('Número de teléfono (10 dígitos)')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('hardening', () => {
  test('the server sends a strict Content-Security-Policy and nosniff', async ({ request }) => {
    const answer = await request.get('/');
    expect(answer.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(answer.headers()['x-content-type-options']).toBe('nosniff');
  });

  test('the app has a web manifest with icons and a theme colour', async ({ request }) => {
    const manifest = (await (await request.get('/manifest.webmanifest')).json()) as {
      theme_color: string;
      icons: unknown[];
    };
    expect(manifest.theme_color).toBe('#0b6e4f');
    expect(manifest.icons.length).toBeGreaterThan(0);
  });

  test('a reload without network still opens the app (service worker)', async ({ page, context }) => {
    await page.goto('/');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Inicia sesión' })).toBeVisible();
    await expect(page.getByText('No tienes conexión')).toBeVisible();
    await context.setOffline(false);
  });
});
