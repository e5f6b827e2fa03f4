import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { enterAs } from './support/deals.ts';
import { completeMember } from './support/members.ts';

/** Deals a history page shows (the contract's dealPages.size). */
const pageSize = 20;

/** This many buys of the member at demo, made through the API as the app makes them. */
async function buysAtDemo(request: APIRequestContext, member: { id: number; token: string }, count: number) {
  const found = (await (await request.get('/api/product_server/demo')).json()) as { product_server: { id: number } };
  const machine = found.product_server.id;
  const listed = (await (await request.get(`/api/product_servers/${machine}/products`)).json()) as {
    product_server_items: { name: string; user_code: string }[];
  };
  const water = listed.product_server_items.find((item) => item.name === 'Agua natural 600 ml');
  for (let n = 0; n < count; n++) {
    const made = await request.post(`/api/product_servers/${machine}/deals`, {
      headers: { Authorization: `Token token=${member.token}`, 'Idempotency-Key': `history-${member.id}-${n}` },
      data: { user_code: water?.user_code, sale_type_code: 2, origin: 'web', any_product: false, locale: 'es' },
    });
    if (made.status() !== 201) throw new Error(`buy ${n}: ${made.status()}`);
  }
}

// Issue 32 point 8: the history is read a page at a time, with "more" at the end while older deals remain.
for (const [lang, more] of [
  ['es', 'Ver más'],
  ['en', 'Show more'],
] as const) {
  test(`history (spec §2 /history) in ${lang}: a page of ${pageSize}, then "${more}" adds the older ones`, async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const member = await completeMember(request, 500);
    await buysAtDemo(request, member, pageSize + 1);
    await enterAs(page, baseURL ?? '', member, lang);

    await page.goto('/history');
    const rows = page.getByRole('list').getByRole('button');
    const showMore = page.getByRole('button', { name: more });
    await expect(showMore).toBeVisible();
    await expect(rows).toHaveCount(pageSize);
    await expectNoAxeViolations(page);

    await showMore.click();
    await expect(rows).toHaveCount(pageSize + 1);
    await expect(showMore).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
}
