import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { buy, enterAs, productId, script } from './support/deals.ts';
import { completeMember } from './support/members.ts';

// Issue 35 point 3: a receipt for every delivered purchase and every credited top-up, linked from where the
// member ends up; point 5: the history reads like a statement, month by month.
const water = 'Agua natural 600 ml'; // 14.00 on demo
const texts = {
  es: {
    buy: 'Comprar por $14.00',
    see: 'Ver el recibo',
    receipt: /^Recibo VEN-\d{6,}$/,
    balance: 'Saldo',
    share: 'Compartir',
    copied: 'Recibo copiado: pégalo donde quieras.',
    pay: 'Pagar $200.00',
    recharged: 'Saldo recargado',
    card: 'Visa •••• 4242',
    concept: 'Recarga de saldo',
    month: /^[a-z]+ de 2\d{3}$/i,
    totals: 'Gastado $14.00 · Recargado $200.00',
    purchaseReceipt: 'Recibo de esta compra',
    topUp: 'Recarga con tarjeta guardada',
  },
  en: {
    buy: 'Buy for $14.00',
    see: 'See the receipt',
    receipt: /^Receipt VEN-\d{6,}$/,
    balance: 'Balance',
    share: 'Share',
    copied: 'Receipt copied: paste it wherever you like.',
    pay: 'Pay $200.00',
    recharged: 'Balance recharged',
    card: 'Visa •••• 4242',
    concept: 'Balance top-up',
    month: /^[a-z]+ 2\d{3}$/i,
    totals: 'Spent $14.00 · Topped up $200.00',
    purchaseReceipt: 'Receipt of this purchase',
    topUp: 'Top-up with a saved card',
  },
} as const;

/** The PDF Chromium prints of the page: its page count. */
async function printedPages(page: Page): Promise<number> {
  const pdf = await page.pdf({ format: 'A4' });
  return pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;
}

for (const locale of ['es', 'en'] as const) {
  const text = texts[locale];

  test(`${locale}: a delivered purchase and a credited top-up each have a receipt, printed on one page, and the history is a statement`, async ({
    page,
    request,
    baseURL,
    browserName,
  }) => {
    test.setTimeout(90_000);
    const member = await completeMember(request, 100);
    await enterAs(page, baseURL ?? '', member, locale);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await script(request, 'demo', member, { deal_statuses: [{ status: 0, after_ms: 1_500 }] });

    await buy(page, 'demo', await productId(request, 'demo', water), text.buy);
    await expect(page).toHaveURL(/\/download$/, { timeout: 15_000 });
    await page.getByRole('link', { name: text.see }).click();

    await expect(page.getByRole('heading', { name: text.receipt })).toBeVisible();
    await expect(page.getByText(water)).toBeVisible();
    await expect(page.getByText(text.balance, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    if (browserName === 'chromium') expect(await printedPages(page)).toBe(1);
    await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }));
    await page.getByRole('button', { name: text.share }).click();
    await expect(page.getByText(text.copied)).toBeVisible();

    await page.goto('/top-up');
    await page.getByRole('radio', { name: '$200.00' }).check();
    await page.getByLabel('CVV').fill('123');
    await page.getByRole('button', { name: text.pay }).click();
    await page.getByRole('dialog').getByRole('button', { name: text.pay }).click();
    const recharged = page.getByRole('dialog', { name: text.recharged });
    await recharged.getByRole('link', { name: text.see }).click();

    await expect(page.getByText(text.card)).toBeVisible();
    await expect(page.getByText(text.concept)).toBeVisible();
    if (browserName === 'chromium') expect(await printedPages(page)).toBe(1);

    await page.goto('/history');
    await expect(page.getByRole('heading', { level: 2, name: text.month })).toBeVisible();
    await expect(page.getByText(text.totals)).toBeVisible();
    await expect(page.getByText(text.topUp)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: text.purchaseReceipt }).click();
    await expect(page.getByRole('heading', { name: text.receipt })).toBeVisible();
  });
}
