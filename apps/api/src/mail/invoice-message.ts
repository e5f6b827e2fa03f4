import { formatCardCharge, formatDateTime } from '@vendo/core';
import { type Invoice, moneyTimeZone } from '@vendo/core/contract';
import type { Lang } from '../domain/lang.ts';
import { detailTable, detailText, escaped, htmlDocument } from './html.ts';
import type { MailMessage } from './mail-sender.ts';

const words = {
  es: {
    subject: (seriesFolio: string) => `Tu factura ${seriesFolio} de Vendo`,
    greeting: 'Hola:',
    intro: (issuer: string) => `Te enviamos la factura (CFDI 4.0) de tu recarga, emitida por ${issuer}.`,
    uuid: 'Folio fiscal',
    seriesFolio: 'Serie y folio',
    date: 'Fecha de emisión',
    subtotal: 'Subtotal',
    iva: 'IVA 16 %',
    total: 'Total',
    attached: 'Adjuntamos el XML, que es la factura, y el PDF, su representación impresa.',
    why: 'Te enviamos este correo porque lo pediste en Vendo.',
  },
  en: {
    subject: (seriesFolio: string) => `Your Vendo invoice ${seriesFolio}`,
    greeting: 'Hello,',
    intro: (issuer: string) => `Here is the invoice (CFDI 4.0) for your top-up, issued by ${issuer}.`,
    uuid: 'Folio fiscal (UUID)',
    seriesFolio: 'Series and number',
    date: 'Issued',
    subtotal: 'Subtotal',
    iva: 'VAT 16%',
    total: 'Total',
    attached: 'The XML, which is the invoice, and the PDF, its printed representation, are attached.',
    why: 'We sent you this email because you asked for it in Vendo.',
  },
} as const;

/** What the e-mail needs of an issued invoice: the contract's view, who issued it, and its two files. */
export interface InvoiceMail {
  readonly invoice: Invoice;
  readonly issuerName: string;
  readonly fileName: string;
  readonly xml: string;
  readonly pdf: Uint8Array;
}

function linesOf({ invoice }: InvoiceMail, lang: Lang): [string, string][] {
  const w = words[lang];
  const money = (amount: number) => formatCardCharge(amount, lang, invoice.currency);
  return [
    [w.uuid, invoice.uuid ?? ''],
    [w.seriesFolio, invoice.series_folio ?? ''],
    [w.date, invoice.issued_at ? formatDateTime(new Date(invoice.issued_at), lang, moneyTimeZone) : ''],
    [w.subtotal, money(invoice.subtotal)],
    [w.iva, money(invoice.iva)],
    [w.total, money(invoice.total)],
  ];
}

/**
 * Issue 37 point 3: an issued invoice by e-mail, in the member's language, its XML and PDF attached. Every value
 * in the HTML is escaped: an issuer named with markup arrives as text.
 */
export function invoiceMessage(to: string, mail: InvoiceMail, lang: Lang): MailMessage {
  const w = words[lang];
  const subject = w.subject(mail.invoice.series_folio ?? '');
  const lines = linesOf(mail, lang);
  const intro = w.intro(mail.issuerName);
  const text = [w.greeting, '', intro, '', ...detailText(lines), '', w.attached, '', w.why, '', 'Vendo', ''].join('\n');
  const html = htmlDocument(
    lang,
    subject,
    `<p>${escaped(w.greeting)}</p>
<p>${escaped(intro)}</p>
${detailTable(lines)}
<p>${escaped(w.attached)}</p>
<p style="color: #555555">${escaped(w.why)}</p>
<p>Vendo</p>`,
  );
  const attachments = [
    { filename: `${mail.fileName}.xml`, contentType: 'application/xml', content: new TextEncoder().encode(mail.xml) },
    { filename: `${mail.fileName}.pdf`, contentType: 'application/pdf', content: mail.pdf },
  ];
  return { to, subject, text, html, kind: 'invoice', attachments };
}
