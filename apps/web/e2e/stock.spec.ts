import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { balanceOf, enterAs, productId } from './support/deals.ts';
import { completeMember, dealsOf, devControl } from './support/members.ts';
import { scrollUntil } from './support/scroll.ts';

// Issue 35 point 1: what the machine no longer holds is shown before the member pays.
const soldOutFromTheStart = 'Torta de milanesa'; // seeded sold out on demo
const texts = {
  es: {
    soldOut: 'Agotado',
    button: 'Agotado: la máquina ya no tiene',
    buy: /^Comprar por/,
    refusal: 'Producto agotado',
    product: 'Yogur natural con granola 150 g',
  },
  en: {
    soldOut: 'Sold out',
    button: 'Sold out: the machine has none left',
    buy: /^Buy for/,
    refusal: 'Sold out',
    product: 'Sopa instantánea de pollo 64 g',
  },
} as const;

/** What demo holds of one of its products, set through the dev control. */
async function stock(request: APIRequestContext, name: string, units: number) {
  const list = (await (await request.get('/api/product_server/demo')).json()) as { product_server: { id: number } };
  const items = (await (await request.get(`/api/product_servers/${list.product_server.id}/products`)).json()) as {
    product_server_items: { name: string; user_code: string }[];
  };
  const user_code = items.product_server_items.find((item) => item.name === name)?.user_code;
  const answer = await request.post(devControl('/machines/demo/stock'), { data: { user_code, stock: units } });
  if (!answer.ok()) throw new Error(`stock ${name}: ${answer.status()}`);
}

for (const locale of ['es', 'en'] as const) {
  const text = texts[locale];

  test(`${locale}: a sold-out product says so on its card, in words, and its page cannot be bought`, async ({
    page,
    request,
    baseURL,
  }) => {
    const member = await completeMember(request, 100);
    await enterAs(page, baseURL ?? '', member, locale);

    await page.goto('/demo');
    await page.waitForURL(/\/machine-inventory$/);
    const card = page.getByRole('link', { name: new RegExp(soldOutFromTheStart) });
    await scrollUntil(page, card);
    await expect(card.getByText(text.soldOut, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await card.click();

    await expect(page.getByRole('heading', { name: soldOutFromTheStart })).toBeVisible();
    await expect(page.getByRole('button', { name: text.button })).toBeDisabled();
    await expectNoAxeViolations(page);
  });

  test(`${locale}: a product that sells out while the member is on its page says so when they tap buy, charging nothing`, async ({
    page,
    request,
    baseURL,
  }) => {
    const member = await completeMember(request, 100);
    await enterAs(page, baseURL ?? '', member, locale);
    await stock(request, text.product, 4);
    await page.goto('/demo');
    await page.waitForURL(/\/machine-inventory$/);
    await page.goto(`/product/${await productId(request, 'demo', text.product)}`);
    const buy = page.getByRole('button', { name: text.buy });
    await expect(buy).toBeEnabled();

    await stock(request, text.product, 0);
    await buy.click();

    await expect(page).toHaveURL(/\/transaction-error$/);
    await expect(page.getByRole('heading', { name: text.refusal })).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await balanceOf(request, member)).toBe(100);
    expect(await dealsOf(request, member)).toHaveLength(0);
  });
}
