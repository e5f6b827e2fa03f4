import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { enterAs, productId } from './support/deals.ts';
import { completeMember } from './support/members.ts';

const texts = {
  es: { failed: 'No se pudo cargar el producto', retry: 'Intentar de nuevo' },
  en: { failed: 'The product could not be loaded', retry: 'Try again' },
} as const;

/** A screen that waits for an answer never waits for good: no answer ends on the error with a way out. */
for (const locale of ['es', 'en'] as const) {
  test(`a product whose answer never comes ends on the error, and Try again opens it (${locale})`, async ({
    page,
    request,
    baseURL,
  }) => {
    // The API client gives up after 15 s; the product flow's own limit is 20 s.
    test.setTimeout(90_000);
    const member = await completeMember(request);
    await enterAs(page, baseURL ?? '', member, locale);
    const water = await productId(request, 'demo', 'Agua natural 600 ml');
    await page.goto('/demo');
    await page.waitForURL(/\/machine-inventory$/);

    // The provider takes the product's request and never answers it.
    const productCall = `**/api/product_servers/*/products/${water}`;
    await page.route(productCall, () => {});
    await page.goto(`/product/${water}`);
    const failure = page.getByRole('alert').filter({ hasText: texts[locale].failed });
    await expect(failure).toBeVisible({ timeout: 25_000 });
    await expectNoAxeViolations(page);

    await page.unroute(productCall);
    await failure.getByRole('button', { name: texts[locale].retry }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Agua natural 600 ml' })).toBeVisible();
  });
}
