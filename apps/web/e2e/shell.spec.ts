import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

test.describe('the product runs from one process (README start command)', () => {
  test('serves the app in Spanish by default with its version', async ({ page }) => {
    await page.goto('/');

    await expect(page.getByRole('heading', { level: 1, name: 'Vendo' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByText('Versión 2.0.0')).toBeVisible();
  });

  test('opens every route of spec §2 in the single-page app', async ({ page }) => {
    const response = await page.goto('/machine-inventory/balanceRecharged');

    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Vendo' })).toBeVisible();
  });

  test('has no accessibility violations (axe)', async ({ page }) => {
    await page.goto('/');

    const { violations } = await new AxeBuilder({ page }).analyze();

    expect(violations).toEqual([]);
  });
});
