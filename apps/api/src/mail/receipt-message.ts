import { formatCardCharge, formatDateTime } from '@vendo/core';
import type { CardBrand, Receipt, ReceiptPayment } from '@vendo/core/contract';
import type { Lang } from '../domain/lang.ts';
import { buttonStyle, detailTable, detailText, escaped, htmlDocument } from './html.ts';
import type { MailMessage } from './mail-sender.ts';

const brands: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  american_express: 'American Express',
  edenred: 'Edenred',
};

const words = {
  es: {
    subject: (folio: string) => `Tu recibo ${folio} de Vendo`,
    greeting: 'Hola:',
    intro: { deal: 'Este es el recibo de tu compra.', top_up: 'Este es el recibo de tu recarga.' },
    folio: 'Folio',
    date: 'Fecha',
    machine: 'Máquina',
    product: 'Producto',
    price: 'Precio',
    paidWith: 'Forma de pago',
    amount: { deal: 'Total', top_up: 'Recarga' },
    balanceAfter: 'Saldo después',
    freeSample: 'Muestra gratis',
    balance: 'Saldo',
    card: (brand: string, last4: string) => `${brand} terminación ${last4}`,
    voucher: (brand: string, last4: string) => `Tarjeta de vales ${brand} terminación ${last4}`,
    checkout: 'Pago en línea',
    reference: (reference: string) => `Referencia en tienda ${reference}`,
    spei: (trackingKey: string) => `Transferencia SPEI, clave de rastreo ${trackingKey}`,
    open: 'Ver el recibo',
    why: 'Te enviamos este correo porque lo pediste en Vendo, o porque activaste «Enviarme cada recibo» en tu perfil, donde puedes desactivarlo.',
  },
  en: {
    subject: (folio: string) => `Your Vendo receipt ${folio}`,
    greeting: 'Hello,',
    intro: { deal: 'Here is the receipt for your purchase.', top_up: 'Here is the receipt for your top-up.' },
    folio: 'Receipt number',
    date: 'Date',
    machine: 'Machine',
    product: 'Product',
    price: 'Price',
    paidWith: 'Paid with',
    amount: { deal: 'Total', top_up: 'Top-up' },
    balanceAfter: 'Balance after',
    freeSample: 'Free sample',
    balance: 'Balance',
    card: (brand: string, last4: string) => `${brand} ending in ${last4}`,
    voucher: (brand: string, last4: string) => `${brand} meal voucher card ending in ${last4}`,
    checkout: 'Online payment',
    reference: (reference: string) => `Store reference ${reference}`,
    spei: (trackingKey: string) => `SPEI transfer, tracking key ${trackingKey}`,
    open: 'View the receipt',
    why: 'We sent you this email because you asked for it in Vendo, or turned on "Send me every receipt" in your profile, where you can turn it off.',
  },
} as const;

type Words = (typeof words)[Lang];

/** How the money moved, as the receipt page says it: the balance, a card by brand and last 4, a store reference… */
function paidWith(w: Words, payment: ReceiptPayment): string {
  const brand = payment.card_brand ? brands[payment.card_brand] : '';
  const last4 = payment.card_last4 ?? '';
  switch (payment.method) {
    case 'balance':
      return w.balance;
    case 'card':
      return w.card(brand, last4).trim();
    case 'voucher':
      return w.voucher(brand || brands.edenred, last4).trim();
    case 'checkout':
      return w.checkout;
    case 'reference':
      return w.reference(payment.reference ?? '').trim();
    case 'spei':
      return w.spei(payment.reference ?? '').trim();
    case 'sample':
      return w.freeSample;
  }
}

/** The date and time in the receipt's own zone, written for the language, with the zone's name ("hora de Ciudad de México"). */
function issuedAt(receipt: Receipt, lang: Lang): string {
  const moment = new Date(receipt.issued_at);
  const zone = new Intl.DateTimeFormat(lang === 'es' ? 'es-MX' : 'en-US', {
    timeZone: receipt.time_zone,
    timeZoneName: 'shortGeneric',
  })
    .formatToParts(moment)
    .find((part) => part.type === 'timeZoneName')?.value;
  const when = formatDateTime(moment, lang, receipt.time_zone);
  return zone ? `${when} (${zone})` : when;
}

/** The receipt's lines, label and value, in the order the receipt page shows them; values are plain text. */
function linesOf(receipt: Receipt, lang: Lang): [string, string][] {
  const w = words[lang];
  const money = (amount: number) => formatCardCharge(amount, lang, receipt.currency);
  const lines: [string, string][] = [
    [w.folio, receipt.folio],
    [w.date, issuedAt(receipt, lang)],
  ];
  if (receipt.machine) lines.push([w.machine, receipt.machine.name]);
  if (receipt.product) lines.push([w.product, receipt.product.name]);
  if (receipt.kind === 'deal') lines.push([w.price, receipt.sample ? w.freeSample : money(receipt.price ?? 0)]);
  lines.push(
    [w.paidWith, paidWith(w, receipt.payment)],
    [w.amount[receipt.kind], money(receipt.amount)],
    [w.balanceAfter, money(receipt.balance_after)],
  );
  return lines;
}

/**
 * Issue 35 point 4: a receipt by e-mail, in the member's language: the subject names its folio; a text part and
 * an HTML part say what the receipt page shows and link to it (`url`, built by the server from its public
 * origin). Every value in the HTML is escaped: a product named `<script>` arrives as text.
 */
export function receiptMessage(to: string, receipt: Receipt, url: string, lang: Lang): MailMessage {
  const w = words[lang];
  const subject = w.subject(receipt.folio);
  const lines = linesOf(receipt, lang);
  const intro = w.intro[receipt.kind];
  const text = [
    w.greeting,
    '',
    intro,
    '',
    ...detailText(lines),
    '',
    `${w.open}: ${url}`,
    '',
    w.why,
    '',
    'Vendo',
    '',
  ].join('\n');
  const html = htmlDocument(
    lang,
    subject,
    `<p>${escaped(w.greeting)}</p>
<p>${escaped(intro)}</p>
${detailTable(lines)}
<p><a href="${escaped(url)}" style="${buttonStyle}">${escaped(w.open)}</a></p>
<p style="word-break: break-all"><a href="${escaped(url)}">${escaped(url)}</a></p>
<p style="color: #555555">${escaped(w.why)}</p>
<p>Vendo</p>`,
  );
  return { to, subject, text, html, kind: 'receipt' };
}
