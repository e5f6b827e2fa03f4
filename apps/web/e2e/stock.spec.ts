import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

import { expectNoAxeViolations } from './support/axe.ts';
import { balanceOf, enterAs, productId, productOf } from './support/deals.ts';
import { completeMember, dealsOf, devControl } from './support/members.ts';
import { recordNotifications, shownNotifications } from './support/notifications.ts';
import { scrollUntil } from './support/scroll.ts';

type Member = Awaited<ReturnType<typeof completeMember>>;

// Issue 35 point 1: what the machine no longer holds is shown before the member pays.
const soldOutFromTheStart = 'Torta de milanesa'; // seeded sold out on demo
const texts = {
  es: {
    soldOut: 'Agotado',
    button: 'Agotado: la máquina ya no tiene',
    buy: /^Comprar por/,
    refusal: 'Producto agotado',
    product: 'Yogur natural con granola 150 g',
    alerted: 'Ensalada de pollo con aderezo',
    notify: 'Avísame cuando haya',
    asked: 'Te avisaremos cuando la máquina vuelva a tenerlo.',
    news: 'Ya hay Ensalada de pollo con aderezo en @demo.',
    gotIt: 'Entendido',
    menu: 'Abrir el menú',
    list: 'Avisos de productos',
    back: 'Ya hay',
  },
  en: {
    soldOut: 'Sold out',
    button: 'Sold out: the machine has none left',
    buy: /^Buy for/,
    refusal: 'Sold out',
    product: 'Sopa instantánea de pollo 64 g',
    alerted: 'Pañuelos desechables 10 piezas',
    notify: 'Notify me when it is back',
    asked: 'We will tell you when the machine has it again.',
    news: 'Pañuelos desechables 10 piezas is back at @demo.',
    gotIt: 'Got it',
    menu: 'Open the menu',
    list: 'Restock alerts',
    back: 'Back in stock',
  },
} as const;

/** What demo holds of one of its products, set through the dev control. */
async function stock(request: APIRequestContext, name: string, units: number) {
  const { user_code } = await productOf(request, 'demo', name);
  const answer = await request.post(devControl('/machines/demo/stock'), { data: { user_code, stock: units } });
  if (!answer.ok()) throw new Error(`stock ${name}: ${answer.status()}`);
}

/** The app open as the member on demo's inventory, as its QR code opens it. */
async function openDemoAs(page: Page, member: Member, baseURL: string | undefined, locale: 'es' | 'en') {
  await enterAs(page, baseURL ?? '', member, locale);
  await page.goto('/demo');
  await page.waitForURL(/\/machine-inventory$/);
}

/** The app open as the member on one of demo's products. */
async function openProductAs(
  page: Page,
  member: Member,
  baseURL: string | undefined,
  locale: 'es' | 'en',
  product: number,
) {
  await openDemoAs(page, member, baseURL, locale);
  await page.goto(`/product/${product}`);
}

for (const locale of ['es', 'en'] as const) {
  const text = texts[locale];

  test(`${locale}: a sold-out product says so on its card, in words, and its page cannot be bought`, async ({
    page,
    request,
    baseURL,
  }) => {
    await openDemoAs(page, await completeMember(request, 100), baseURL, locale);
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
    await stock(request, text.product, 4);
    await openProductAs(page, member, baseURL, locale, await productId(request, 'demo', text.product));
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

for (const locale of ['es', 'en'] as const) {
  const text = texts[locale];

  test(`${locale}: "notify me" on a sold-out product brings the news with the member's next read, whatever the screen (issue 35 point 2)`, async ({
    page,
    request,
    baseURL,
  }) => {
    await recordNotifications(page);
    await stock(request, text.alerted, 0);
    const alerted = await productId(request, 'demo', text.alerted);
    await openProductAs(page, await completeMember(request, 100), baseURL, locale, alerted);

    await page.getByRole('button', { name: text.notify }).click();
    await expect(page.getByText(text.asked)).toBeVisible();
    await expectNoAxeViolations(page);
    await stock(request, text.alerted, 5);
    // A read of the member the app makes anyway: the history's.
    await page.goto('/history');

    const news = page.getByRole('complementary').getByText(text.news);
    await expect(news).toBeVisible();
    await expect.poll(() => shownNotifications(page)).toEqual([expect.stringContaining(text.news)]);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: text.menu }).click();
    const list = page.getByRole('region', { name: text.list });
    await expect(list.getByText(text.back)).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: text.gotIt }).click();
    await expect(news).toBeHidden();
    await stock(request, text.alerted, 0);
  });
}
