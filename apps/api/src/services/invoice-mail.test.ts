import { callExamples } from '@vendo/core/contract/examples';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceMessage } from '../mail/invoice-message.ts';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { profileOf, topUpOf } from '../testing/invoices.ts';
import { confirmedMember, mailTo } from '../testing/mail.ts';

// Issue 37 point 3: an issued invoice e-mailed to the member's confirmed address, in their language, with the
// XML (the invoice) and the PDF (its printed representation) attached, queued as receipts' e-mails are.

let t: TestServer;
let people = 0;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

interface Attachment {
  filename: string;
  content_type: string;
  content_base64: string;
}
type InvoiceMail = Awaited<ReturnType<typeof mailTo>>[number] & { attachments: Attachment[] };

async function confirmedWithInvoice(locale: 'es' | 'en') {
  const n = ++people;
  const who = await confirmedMember(t, {
    phone: `+52559840${String(n).padStart(4, '0')}`,
    email: `factura${n}@correo.example`,
    locale,
  });
  await profileOf(t, who.id);
  const asked = await t.api(who.token).invoices.request(who.id, await topUpOf(t, who.id, { cents: 10_000 }));
  if (!asked.ok) throw new Error(`no invoice: ${asked.error.error_code}`);
  return { ...who, invoice: asked.value.invoice };
}

async function invoicesArriving(email: string) {
  const invoices = async () => (await mailTo(t, email)).filter((mail) => mail.kind === 'invoice');
  await expect.poll(invoices, { timeout: 5_000 }).toHaveLength(1);
  return (await invoices()) as InvoiceMail[];
}

describe('an invoice e-mailed (issue 37 point 3)', () => {
  it('carries its XML, as stamped, and its PDF, in Spanish for a member who uses Spanish', async () => {
    const who = await confirmedWithInvoice('es');
    const files = await t.api(who.token).invoices.files(who.id, who.invoice.id);

    const asked = await t.api(who.token).invoices.email(who.id, who.invoice.id);

    const [mail] = await invoicesArriving(who.email);
    const [xml, pdf] = mail?.attachments ?? [];
    expect(asked.ok).toBe(true);
    expect(mail?.subject).toBe(`Tu factura ${who.invoice.series_folio} de Vendo`);
    expect(mail?.text).toContain(`Folio fiscal: ${who.invoice.uuid}`);
    expect(xml?.content_type).toBe('application/xml');
    expect(Buffer.from(xml?.content_base64 ?? '', 'base64').toString()).toBe(files.ok ? files.value.xml : 'no files');
    expect([
      pdf?.content_type,
      Buffer.from(pdf?.content_base64 ?? '', 'base64')
        .subarray(0, 5)
        .toString(),
    ]).toEqual(['application/pdf', '%PDF-']);
    expect(mail?.attachments.map((file) => file.filename)).toEqual([
      `${files.ok ? files.value.file_name : ''}.xml`,
      `${files.ok ? files.value.file_name : ''}.pdf`,
    ]);
  });

  it('is in English for a member who uses English, and the invoice says when it was sent', async () => {
    const who = await confirmedWithInvoice('en');

    await t.api(who.token).invoices.email(who.id, who.invoice.id);

    const [mail] = await invoicesArriving(who.email);
    expect(mail?.subject).toBe(`Your Vendo invoice ${who.invoice.series_folio}`);
    expect(mail?.html).toContain('<html lang="en">');
    await expect
      .poll(async () => {
        const read = await t.api(who.token).invoices.ofTopUp(who.id, who.invoice.top_up_id);
        return read.ok ? read.value.invoice?.emailed_at : undefined;
      })
      .toEqual(expect.any(String));
  });

  it('needs a confirmed address: 422 email_not_confirmed, nothing sent', async () => {
    const who = await t.member(`+52559840${String(++people).padStart(4, '0')}`);
    await profileOf(t, who.id);
    const asked = await t.api(who.token).invoices.request(who.id, await topUpOf(t, who.id));
    const invoice = asked.ok ? asked.value.invoice.id : 0;

    const mailed = await t.api(who.token).invoices.email(who.id, invoice);

    expect(mailed.ok ? null : [mailed.error.status, mailed.error.error_code]).toEqual([422, 'email_not_confirmed']);
  });

  it('is sent once for a double tap: the second ask within a minute is 429 invoice_mail_limited', async () => {
    const who = await confirmedWithInvoice('es');
    const api = t.api(who.token);

    await api.invoices.email(who.id, who.invoice.id);
    const again = await api.invoices.email(who.id, who.invoice.id);

    expect(again.ok ? null : [again.error.status, again.error.error_code]).toEqual([429, 'invoice_mail_limited']);
  });
});

describe("the member's limit on invoice e-mails (issue 37 point 3, review point 8)", () => {
  it('counts every ask first: past 10 an hour, even one for an invoice not found is 429 invoice_mail_limited', async () => {
    const who = await t.member(`+52559840${String(++people).padStart(4, '0')}`);
    const api = t.api(who.token);
    for (let ask = 0; ask < 10; ask++) await api.invoices.email(who.id, 999_999);

    const eleventh = await api.invoices.email(who.id, 999_999);

    expect(eleventh.ok ? null : [eleventh.error.status, eleventh.error.error_code]).toEqual([
      429,
      'invoice_mail_limited',
    ]);
  });
});

describe("an invoice e-mail's HTML (issue 37 point 3)", () => {
  it('escapes what it writes: an issuer named with markup arrives as text', () => {
    const mail = {
      invoice: callExamples.getTopUpInvoice.response.good.invoice,
      issuerName: '<script>alert("x")</script> & Cía',
      fileName: 'CFDI_VEN-000009',
      xml: '<cfdi:Comprobante/>',
      pdf: new Uint8Array([37, 80, 68, 70]),
    };

    const { html, text } = invoiceMessage('ana@correo.example', mail, 'es');

    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Cía');
    expect(text).toContain('<script>alert("x")</script> & Cía');
  });
});
