import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { buy, enterAs, productId, script } from './support/deals.ts';
import { linkIn, mailTo } from './support/mail.ts';
import { completeMember } from './support/members.ts';

// Issue 35 point 4: the confirmation e-mail is sent for real (the dev outbox stands for the inbox), its link
// confirms the address, and receipts go to a confirmed one.
const texts = {
  es: {
    confirmed: 'Tu correo está confirmado.',
    account: 'Ir a mi cuenta',
    state: '(confirmado)',
    used: /ya no confirma/,
    buy: 'Comprar por $14.00',
    see: 'Ver el recibo',
    send: 'Enviar a mi correo',
    onItsWay: 'Va en camino a',
    subject: /^Tu recibo VEN-\d{6,} de Vendo$/,
    everyReceipt: 'Enviarme cada recibo por correo',
    save: 'Guardar',
    pay: 'Pagar $100.00',
    notConfirmed: /Confirma tu correo para que te enviemos recibos/,
  },
  en: {
    confirmed: 'Your email is confirmed.',
    account: 'Go to my account',
    state: '(confirmed)',
    used: /no longer confirms/,
    buy: 'Buy for $14.00',
    see: 'See the receipt',
    send: 'Send to my email',
    onItsWay: 'On its way to',
    subject: /^Your Vendo receipt VEN-\d{6,}$/,
    everyReceipt: 'Send me every receipt by email',
    save: 'Save',
    pay: 'Pay $100.00',
    notConfirmed: /Confirm your email to have receipts sent to it/,
  },
} as const;

const receiptsTo = async (request: APIRequestContext, address: string) =>
  (await mailTo(request, address)).filter((mail) => mail.kind === 'receipt');

for (const locale of ['es', 'en'] as const) {
  const text = texts[locale];

  test(`${locale}: the link of the confirmation e-mail confirms the address, once, and the profile says so`, async ({
    page,
    request,
    baseURL,
  }) => {
    // Saving the profile's e-mail (completeMember does) sends the confirmation.
    const member = await completeMember(request);
    const address = `e2e${member.phone}@vendo.mx`;
    const [mail] = await mailTo(request, address);
    expect(mail?.kind).toBe('email_confirmation');
    expect(mail?.html).toContain('/confirm-email?token=');
    await enterAs(page, baseURL ?? '', member, locale);

    await page.goto(linkIn(mail ?? { kind: '', subject: '', text: '', html: '' }, '/confirm-email'));

    await expect(page.getByText(text.confirmed)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: text.account }).click();
    await expect(page.getByText(`${address} ${text.state}`)).toBeVisible();
    await page.goBack();
    await page.reload();
    await expect(page.getByText(text.used)).toBeVisible();
  });
}

for (const locale of ['es', 'en'] as const) {
  const text = texts[locale];

  test(`${locale}: a receipt goes to the confirmed e-mail when asked, and every receipt once the profile says so`, async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const member = await completeMember(request, 100);
    const address = `e2e${member.phone}@vendo.mx`;
    await enterAs(page, baseURL ?? '', member, locale);
    await script(request, 'demo', member, { deal_statuses: [{ status: 0, after_ms: 1_500 }] });
    await buy(page, 'demo', await productId(request, 'demo', 'Agua natural 600 ml'), text.buy);
    await expect(page).toHaveURL(/\/download$/, { timeout: 15_000 });
    await page.getByRole('link', { name: text.see }).click();
    // Not confirmed yet: the receipt says where to confirm, and offers no sending.
    await expect(page.getByText(text.notConfirmed)).toBeVisible();
    const [confirmation] = await mailTo(request, address);
    const receiptPage = page.url();
    await page.goto(linkIn(confirmation ?? { kind: '', subject: '', text: '', html: '' }, '/confirm-email'));
    await expect(page.getByText(text.confirmed)).toBeVisible();

    await page.goto(receiptPage);
    await page.getByRole('button', { name: text.send }).click();

    await expect(page.getByText(`${text.onItsWay} ${address}.`)).toBeVisible();
    await expectNoAxeViolations(page);
    await expect
      .poll(async () => (await receiptsTo(request, address)).map((mail) => mail.subject))
      .toEqual([expect.stringMatching(text.subject)]);
    const [mailed] = await receiptsTo(request, address);
    expect(mailed?.html).toContain('Agua natural 600 ml');

    await page.goto('/edit-profile');
    await page.getByRole('checkbox', { name: text.everyReceipt }).check();
    await page.getByRole('button', { name: text.save }).click();
    await page.goto('/top-up');
    await page.getByLabel('CVV').fill('123');
    await page.getByRole('button', { name: text.pay }).click();
    await page.getByRole('dialog').getByRole('button', { name: text.pay }).click();

    await expect.poll(async () => (await receiptsTo(request, address)).length).toBe(2);
  });
}
