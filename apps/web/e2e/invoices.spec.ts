import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { TaxProfilePage } from './pages/tax-profile.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { enterAs } from './support/deals.ts';
import { linkIn, mailTo } from './support/mail.ts';
import { completeMember, devControl } from './support/members.ts';

// Issue 37 point 3: a member asks for the invoice (CFDI) of a credited top-up from its history line and its
// receipt, writes their tax details on the way, is told why SAT refused it, corrects the name, and gets it
// issued: its XML (naming the folio fiscal shown) and PDF downloaded and e-mailed. A top-up paid in an earlier
// month says why it cannot be invoiced.
const texts = {
  es: {
    confirmed: 'Tu correo está confirmado.',
    pay: 'Pagar $100.00',
    recharged: 'Saldo recargado',
    see: 'Ver el recibo',
    invoice: 'Factura (CFDI)',
    request: 'Solicitar factura',
    writeDetails: 'Escribir mis datos de facturación',
    badRfc: 'El último carácter de este RFC no corresponde con el resto. Cópialo de tu Constancia de Situación Fiscal.',
    nameMismatch: /^El nombre no coincide con el registrado en el SAT para ese RFC/,
    correct: 'Corregir mis datos',
    retry: 'Intentar de nuevo',
    xml: 'Descargar XML',
    pdf: 'Descargar PDF',
    email: 'Enviar la factura a mi correo',
    onItsWay: 'La factura va en camino a',
    menu: 'Abrir el menú',
    menuItem: 'Datos de facturación',
    closed: /^Solo puedes facturar en el mes del pago; este pago fue en [a-z]+ de \d{4}\.$/,
  },
  en: {
    confirmed: 'Your email is confirmed.',
    pay: 'Pay $100.00',
    recharged: 'Balance recharged',
    see: 'See the receipt',
    invoice: 'Invoice (CFDI)',
    request: 'Request an invoice',
    writeDetails: 'Write my tax details',
    badRfc: "This RFC's last character does not match the rest. Copy it from your tax certificate.",
    nameMismatch: /^The name does not match the one SAT has registered for that RFC/,
    correct: 'Correct my details',
    retry: 'Try again',
    xml: 'Download XML',
    pdf: 'Download PDF',
    email: 'Send the invoice to my email',
    onItsWay: 'The invoice is on its way to',
    menu: 'Open the menu',
    menuItem: 'Tax details',
    closed: /^You can only invoice a payment in the month it was made; this payment was made in [A-Z][a-z]+ \d{4}\.$/,
  },
} as const;

/** SAT's test taxpayer as the emulated SAT register has it. */
const taxpayer = { rfc: 'XIQB891116QE4', name: 'BERENICE XIMO QUEZADA', postal_code: '40968', regimes: ['605', '612'] };
const uuidPattern = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;

/** The attachments of each invoice e-mail sent to an address, by file name (the dev outbox). */
async function invoiceMailsTo(request: APIRequestContext, address: string) {
  return (await mailTo(request, address))
    .filter((mail) => mail.kind === 'invoice')
    .map((mail) => [...(mail.attachments ?? [])].sort((a, b) => a.filename.localeCompare(b.filename)));
}

/** Pays a $100 top-up with the member's saved card, on the top-up screen. */
async function topUpByCard(page: Page, text: (typeof texts)['es' | 'en']) {
  await page.goto('/top-up');
  await page.getByLabel('CVV').pressSequentially('123', { delay: 40 });
  await page.getByRole('button', { name: text.pay }).click();
  await page.getByRole('dialog').getByRole('button', { name: text.pay }).click();
  await expect(page.getByRole('dialog', { name: text.recharged })).toBeVisible();
}

/** The saved file of a download, as text. */
async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), content: await readFile((await download.path()) ?? '') };
}

for (const locale of ['es', 'en'] as const) {
  const text = texts[locale];

  test(`${locale}: a top-up's invoice is refused for a wrong name, issued once corrected, downloaded and e-mailed`, async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    expect((await request.post(devControl('/sat_taxpayers'), { data: taxpayer })).ok()).toBe(true);
    const member = await completeMember(request);
    const address = `e2e${member.phone}@vendo.mx`;
    await enterAs(page, baseURL ?? '', member, locale);
    const [confirmation] = await mailTo(request, address);
    await page.goto(linkIn(confirmation ?? { kind: '', subject: '', text: '', html: '' }, '/confirm-email'));
    await expect(page.getByText(text.confirmed)).toBeVisible();
    await topUpByCard(page, text);

    // From the history line to the receipt, where the member asks: no tax details yet.
    await page.goto('/history');
    await page.getByRole('link', { name: text.request }).click();
    const invoice = page.getByRole('region', { name: text.invoice });
    await invoice.getByRole('button', { name: text.request }).click();
    await invoice.getByRole('link', { name: text.writeDetails }).click();

    const form = new TaxProfilePage(page, locale);
    await form.expectOpen();
    await form.fill({
      rfc: 'xiqb891116qe5',
      name: 'BERENICE XIMENA QUEZADA',
      postalCode: '40968',
      regime: '612',
      use: 'G03',
    });
    await form.save();
    await expect(form.rfc()).toHaveValue('XIQB891116QE5');
    await expect(form.rfc()).toHaveAttribute('aria-invalid', 'true');
    await expect(form.rfc()).toHaveAccessibleDescription(text.badRfc);
    await expectNoAxeViolations(page);
    await form.type(form.rfc(), 'XIQB891116QE4');
    await form.save();

    // Back on the receipt: SAT has another name for that RFC.
    await expect(page).toHaveURL(/\/receipt\/top-up\/\d+$/);
    await invoice.getByRole('button', { name: text.request }).click();
    await expect(invoice.getByText(text.nameMismatch)).toBeVisible();
    await expectNoAxeViolations(page);
    await invoice.getByRole('link', { name: text.correct }).click();
    await form.expectOpen();
    await expect(form.name()).toHaveValue('BERENICE XIMENA QUEZADA');
    await form.type(form.name(), taxpayer.name);
    await form.save();
    await expect(page).toHaveURL(/\/receipt\/top-up\/\d+$/);
    await invoice.getByRole('button', { name: text.retry }).click();

    const uuid = invoice.getByText(uuidPattern);
    await expect(uuid).toBeVisible();
    const folio = (await uuid.textContent()) ?? '';
    await expectNoAxeViolations(page);

    const xml = await downloaded(page, () => invoice.getByRole('button', { name: text.xml }).click());
    expect(xml.name).toMatch(/\.xml$/);
    expect(xml.content.toString('utf8')).toContain(`UUID="${folio}"`);
    const pdf = await downloaded(page, () => invoice.getByRole('button', { name: text.pdf }).click());
    expect([pdf.name.endsWith('.pdf'), pdf.content.subarray(0, 5).toString('latin1')]).toEqual([true, '%PDF-']);

    await invoice.getByRole('button', { name: text.email }).click();
    await expect(invoice.getByText(`${text.onItsWay} ${address}.`)).toBeVisible();
    await expect
      .poll(async () => (await invoiceMailsTo(request, address)).map((files) => files.map((file) => file.filename)))
      .toEqual([[expect.stringMatching(/\.pdf$/), expect.stringMatching(/\.xml$/)]]);
    const [mailed] = await invoiceMailsTo(request, address);
    expect(Buffer.from(mailed?.[1]?.content_base64 ?? '', 'base64').toString('utf8')).toContain(`UUID="${folio}"`);
  });

  test(`${locale}: a top-up paid in an earlier month says why it cannot be invoiced`, async ({
    page,
    request,
    baseURL,
  }) => {
    const member = await completeMember(request);
    await enterAs(page, baseURL ?? '', member, locale);
    await topUpByCard(page, text);
    await page.getByRole('dialog', { name: text.recharged }).getByRole('link', { name: text.see }).click();
    await expect(page).toHaveURL(/\/receipt\/top-up\/\d+$/);
    const topUpId = Number(new URL(page.url()).pathname.split('/').pop());
    const invoice = page.getByRole('region', { name: text.invoice });
    await expect(invoice.getByRole('button', { name: text.request })).toBeVisible();

    // Paid in the middle of the month before last, Mexico City's time.
    const earlier = new Date();
    earlier.setUTCDate(15);
    earlier.setUTCMonth(earlier.getUTCMonth() - 2);
    const moved = await request.post(devControl(`/top_ups/${topUpId}/paid_at`), {
      data: { paid_at: earlier.toISOString() },
    });
    expect(moved.ok()).toBe(true);
    await page.reload();

    await expect(invoice.getByText(text.closed)).toBeVisible();
    await expect(invoice.getByRole('button', { name: text.request })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: text.menu }).click();
    await page.getByRole('link', { name: text.menuItem }).click();
    await new TaxProfilePage(page, locale).expectOpen();
  });
}
