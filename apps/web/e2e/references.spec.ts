import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { balanceOf, enterAs } from './support/deals.ts';
import { completeMember, devControl } from './support/members.ts';
import { recordNotifications, shownNotifications } from './support/notifications.ts';
import { askStoreReference } from './support/references.ts';

// Issue 37 point 1: a store reference the member can find again ("Pagos pendientes"), with its barcode, where
// to pay and the time left, "por acreditar" while it waits, credited once the store pays, and one that expires.
const texts = {
  es: {
    mode: 'Referencia de pago',
    get: 'Obtener referencia por $100.00',
    confirm: 'Confirma tu recarga',
    issued: 'Tu referencia de pago',
    close: 'Cerrar',
    pending: 'Pagos pendientes',
    toCredit: '$100.00 por acreditar',
    barcode: /^Código de barras de la referencia \d{4} \d{4} \d{4} \d{4}$/,
    stores: /^Págala en efectivo en: OXXO/,
    left: /^Vence en 7[012] h \d{1,2} min\.$/,
    credited: /acreditado el/,
    receipt: 'Ver el recibo',
    expired: /venció: ya no se puede pagar/,
    header: '$0.00 $100.00 por acreditar',
    headerAfter: '$100.00',
    notified: 'Pago en tienda acreditado: $100.00 pagados con la referencia',
  },
  en: {
    mode: 'Payment reference',
    get: 'Get a reference for $100.00',
    confirm: 'Confirm your top-up',
    issued: 'Your payment reference',
    close: 'Close',
    pending: 'Pending payments',
    toCredit: '$100.00 to be credited',
    barcode: /^Barcode of reference \d{4} \d{4} \d{4} \d{4}$/,
    stores: /^Pay it in cash at: OXXO/,
    left: /^Expires in 7[012] h \d{1,2} min\.$/,
    credited: /credited on/,
    receipt: 'See the receipt',
    expired: /expired: it can no longer be paid/,
    header: '$0.00 $100.00 to be credited',
    headerAfter: '$100.00',
    notified: 'Store payment credited: $100.00 paid with reference',
  },
} as const;

for (const locale of ['es', 'en'] as const) {
  const text = texts[locale];

  test(`${locale}: a store reference is found again with its barcode and time left, "por acreditar" in the header, then credited once the store pays and told as a notification`, async ({
    page,
    request,
    baseURL,
  }) => {
    await recordNotifications(page);
    const member = await completeMember(request);
    await enterAs(page, baseURL ?? '', member, locale);

    const number = await askStoreReference(page, text);

    const pending = page.getByRole('region', { name: text.pending });
    await expect(pending.getByText(text.toCredit)).toBeVisible();
    await expect(pending.getByText(number)).toBeVisible();
    await expect(pending.getByRole('img', { name: text.barcode })).toBeVisible();
    await expect(pending.getByText(text.stores)).toBeVisible();
    await expect(pending.getByText(text.left)).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto('/demo');
    await expect(page.getByRole('button', { name: text.header })).toBeVisible();

    const paid = await request.post(devControl(`/references/${number.replace(/\s/g, '')}/pay`), { data: {} });
    expect(paid.ok()).toBe(true);
    // The next read of the member (the top-up screen's) brings the credit: told once as a system notification.
    await page.goto('/top-up');
    await expect.poll(() => shownNotifications(page)).toEqual([expect.stringContaining(text.notified)]);

    await expect(pending.getByText(text.credited)).toBeVisible();
    await expect(pending.getByRole('link', { name: text.receipt })).toBeVisible();
    await expect(pending.getByText(text.toCredit)).toHaveCount(0);
    expect(await balanceOf(request, member)).toBe(100);
    await page.goto('/demo');
    await expect(page.getByRole('button', { name: text.headerAfter, exact: true })).toBeVisible();
    expect(await shownNotifications(page)).toEqual([]);
  });

  test(`${locale}: an expired store reference says it can no longer be paid, and paying it credits nothing`, async ({
    page,
    request,
    baseURL,
  }) => {
    const member = await completeMember(request);
    await enterAs(page, baseURL ?? '', member, locale);
    const number = await askStoreReference(page, text);
    const digits = number.replace(/\s/g, '');

    const expired = await request.post(devControl(`/references/${digits}/expire`), { data: {} });
    expect(expired.status()).toBe(200);
    await request.post(devControl(`/references/${digits}/pay`), { data: {} });
    await page.reload();

    const pending = page.getByRole('region', { name: text.pending });
    await expect(pending.getByText(text.expired)).toBeVisible();
    await expect(pending.getByRole('img', { name: text.barcode })).toHaveCount(0);
    await expectNoAxeViolations(page);
    expect(await balanceOf(request, member)).toBe(0);
  });
}
