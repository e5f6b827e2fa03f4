import { cfdiUses, taxRegimes } from '@vendo/core/contract';
import { PDFDocument, type PDFFont, rgb, StandardFontEmbedder, StandardFonts } from 'pdf-lib';
import { childNamed, parseXml, type XmlNode } from './xml-tree.ts';

/**
 * Issue 37 point 3: the printed representation of a stamped CFDI, one Letter page, in the member's language.
 * SAT's own words (catalogue descriptions, the legend) are written in Spanish in both, with the English
 * beside them in the English copy: the XML, not the PDF, is the invoice.
 */

type Locale = 'es' | 'en';

const words = {
  es: {
    title: 'Factura (CFDI 4.0)',
    issuer: 'Emisor',
    receptor: 'Receptor',
    rfc: 'RFC',
    name: 'Nombre o razón social',
    regime: 'Régimen fiscal',
    place: 'Lugar de expedición',
    postalCode: 'Código postal',
    use: 'Uso del CFDI',
    uuid: 'Folio fiscal (UUID)',
    seriesFolio: 'Serie y folio',
    issuedAt: 'Fecha de emisión',
    stampedAt: 'Fecha de certificación',
    certificate: 'No. de certificado del emisor',
    satCertificate: 'No. de certificado del SAT',
    concept: 'Concepto',
    quantity: 'Cantidad',
    unit: 'Unidad',
    unitPrice: 'Valor unitario',
    amount: 'Importe',
    subtotal: 'Subtotal',
    iva: 'IVA trasladado (16 %)',
    total: 'Total',
    paymentForm: 'Forma de pago',
    paymentMethod: 'Método de pago',
    currency: 'Moneda',
    sello: 'Sello digital del CFDI',
    selloSat: 'Sello del SAT',
    legend: 'Este documento es una representación impresa de un CFDI.',
  },
  en: {
    title: 'Invoice (CFDI 4.0)',
    issuer: 'Issuer',
    receptor: 'Receptor',
    rfc: 'RFC (tax ID)',
    name: 'Name',
    regime: 'Tax regime',
    place: 'Place of issue',
    postalCode: 'Postal code',
    use: 'CFDI use',
    uuid: 'Tax folio (UUID)',
    seriesFolio: 'Series and folio',
    issuedAt: 'Issued on',
    stampedAt: 'Certified on',
    certificate: "Issuer's certificate no.",
    satCertificate: "SAT's certificate no.",
    concept: 'Item',
    quantity: 'Quantity',
    unit: 'Unit',
    unitPrice: 'Unit price',
    amount: 'Amount',
    subtotal: 'Subtotal',
    iva: 'VAT transferred (16 %)',
    total: 'Total',
    paymentForm: 'Payment form',
    paymentMethod: 'Payment method',
    currency: 'Currency',
    sello: "CFDI's digital seal",
    selloSat: "SAT's seal",
    legend: 'This document is a printed representation of a CFDI (Mexican electronic invoice).',
  },
} as const;

const paymentForms: Record<string, { es: string; en: string }> = {
  '01': { es: 'Efectivo', en: 'Cash' },
  '03': { es: 'Transferencia electrónica de fondos', en: 'Electronic funds transfer' },
  '04': { es: 'Tarjeta de crédito', en: 'Credit card' },
  '08': { es: 'Vales de despensa', en: 'Meal vouchers' },
};
const paymentMethods: Record<string, { es: string; en: string }> = {
  PUE: { es: 'Pago en una sola exhibición', en: 'Paid in full at once' },
};

const described = (
  code: string | undefined,
  entries: readonly { code: string; es: string; en: string }[],
  locale: Locale,
) => {
  const entry = entries.find((each) => each.code === code);
  return entry ? `${code} - ${entry[locale]}` : (code ?? '');
};
const keyed = (code: string | undefined, table: Record<string, { es: string; en: string }>, locale: Locale) => {
  const entry = code ? table[code] : undefined;
  return entry ? `${code} - ${entry[locale]}` : (code ?? '');
};

type FontName = Parameters<typeof StandardFontEmbedder.for>[0];
let helvetica: StandardFontEmbedder | undefined;

/**
 * Whether the PDF's fonts (Helvetica and its bold, both WinAnsi) can draw the text: Latin letters with their
 * accents and Ñ can, "Ł" or "日" cannot, and pdf-lib throws on a character its font lacks.
 */
export function drawable(text: string): boolean {
  // pdf-lib types the name with its fonts package's enum, whose values are the fonts' names.
  helvetica ??= StandardFontEmbedder.for('Helvetica' as FontName);
  try {
    helvetica.encodeText(text);
    return true;
  } catch {
    return false;
  }
}

/** A seal is 344 characters of base64: its start and end say which one it is. */
const shortened = (seal = '') => (seal.length > 72 ? `${seal.slice(0, 40)}...${seal.slice(-24)}` : seal);

const money = (amount = '') =>
  `$${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const valueWidth = 360;

/** Words into lines no wider than `width` at 9 pt; a word wider than a line has a line of its own. */
function wrapped(text: string, font: PDFFont, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && font.widthOfTextAtSize(candidate, 9) > width) {
      lines.push(current);
      current = word;
    } else {
      current = candidate;
    }
  }
  return [...lines, current];
}

interface Pen {
  line(label: string, value: string): void;
  heading(text: string): void;
  gap(): void;
}

function penOn(page: ReturnType<PDFDocument['addPage']>, regular: PDFFont, bold: PDFFont): Pen {
  let y = page.getHeight() - 56;
  const left = 48;
  return {
    heading(text) {
      page.drawText(text, { x: left, y, size: 12, font: bold, color: rgb(0.1, 0.1, 0.1) });
      y -= 18;
    },
    line(label, value) {
      page.drawText(`${label}:`, { x: left, y, size: 9, font: bold });
      // A registered name can be 254 characters: it takes as many lines as it needs.
      for (const part of wrapped(value, regular, valueWidth)) {
        page.drawText(part, { x: left + 170, y, size: 9, font: regular });
        y -= 12;
      }
      y -= 2;
    },
    gap() {
      y -= 8;
    },
  };
}

/** The PDF of a stamped CFDI; throws when the XML is not one (the caller keeps only stamped invoices). */
export async function invoicePdf(xml: string, locale: Locale): Promise<Uint8Array> {
  const parsed = parseXml(xml);
  if ('error' in parsed) throw new Error(`not a CFDI: ${parsed.error}`);
  const root: XmlNode = parsed.root;
  const at = (node: XmlNode | undefined) => node?.attributes ?? {};
  const cfdi = at(root);
  const emisor = at(childNamed(root, 'cfdi:Emisor'));
  const receptor = at(childNamed(root, 'cfdi:Receptor'));
  const concepto = at(childNamed(childNamed(root, 'cfdi:Conceptos'), 'cfdi:Concepto'));
  const impuestos = at(childNamed(root, 'cfdi:Impuestos'));
  const timbre = at(childNamed(childNamed(root, 'cfdi:Complemento'), 'tfd:TimbreFiscalDigital'));
  const text = words[locale];

  const document = await PDFDocument.create();
  document.setTitle(`CFDI ${timbre.UUID ?? ''}`);
  document.setLanguage(locale === 'es' ? 'es-MX' : 'en');
  const page = document.addPage([612, 792]);
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const pen = penOn(page, regular, bold);

  pen.heading(text.title);
  pen.line(text.uuid, timbre.UUID ?? '');
  pen.line(text.seriesFolio, `${cfdi.Serie ?? ''}-${cfdi.Folio ?? ''}`);
  pen.line(text.issuedAt, cfdi.Fecha ?? '');
  pen.line(text.stampedAt, timbre.FechaTimbrado ?? '');
  pen.line(text.place, cfdi.LugarExpedicion ?? '');
  pen.gap();
  pen.heading(text.issuer);
  pen.line(text.rfc, emisor.Rfc ?? '');
  pen.line(text.name, emisor.Nombre ?? '');
  pen.line(text.regime, described(emisor.RegimenFiscal, taxRegimes, locale));
  pen.gap();
  pen.heading(text.receptor);
  pen.line(text.rfc, receptor.Rfc ?? '');
  pen.line(text.name, receptor.Nombre ?? '');
  pen.line(text.postalCode, receptor.DomicilioFiscalReceptor ?? '');
  pen.line(text.regime, described(receptor.RegimenFiscalReceptor, taxRegimes, locale));
  pen.line(text.use, described(receptor.UsoCFDI, cfdiUses, locale));
  pen.gap();
  pen.heading(text.concept);
  pen.line(text.concept, `${concepto.ClaveProdServ ?? ''} - ${concepto.Descripcion ?? ''}`);
  pen.line(text.quantity, `${concepto.Cantidad ?? ''} ${text.unit} ${concepto.ClaveUnidad ?? ''}`);
  pen.line(text.unitPrice, money(concepto.ValorUnitario));
  pen.line(text.amount, money(concepto.Importe));
  pen.gap();
  pen.line(text.subtotal, money(cfdi.SubTotal));
  pen.line(text.iva, money(impuestos.TotalImpuestosTrasladados));
  pen.line(text.total, `${money(cfdi.Total)} ${cfdi.Moneda ?? ''}`);
  pen.line(text.paymentForm, keyed(cfdi.FormaPago, paymentForms, locale));
  pen.line(text.paymentMethod, keyed(cfdi.MetodoPago, paymentMethods, locale));
  pen.gap();
  pen.line(text.certificate, cfdi.NoCertificado ?? '');
  pen.line(text.satCertificate, timbre.NoCertificadoSAT ?? '');
  pen.line(text.sello, shortened(cfdi.Sello));
  pen.line(text.selloSat, shortened(timbre.SelloSAT));
  pen.gap();
  pen.heading(text.legend);
  return document.save();
}
