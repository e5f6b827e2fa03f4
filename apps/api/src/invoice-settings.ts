import { personKind, regimesFor, rfcProblem, taxName, taxRegimes } from '@vendo/core/contract';
import * as z from 'zod/mini';
import { drawable } from './cfdi/invoice-pdf.ts';

/**
 * Issue 37 point 3: who invoices are issued by (the operator, on whose behalf the reference API asks the PAC) and
 * the series their folios are numbered in. The defaults are SAT's published test issuer, so the demo's invoices
 * are plainly test ones; an operator sets its own RFC, name as registered, regime and postal code.
 */
export interface InvoiceIssuer {
  readonly rfc: string;
  readonly name: string;
  readonly regime: string;
  /** LugarExpedicion: the postal code the invoice is issued at. */
  readonly postalCode: string;
  readonly series: string;
}

export const demoIssuer: InvoiceIssuer = {
  rfc: 'EKU9003173C9',
  name: 'ESCUELA KEMPER URGATE',
  regime: '601',
  postalCode: '42501',
  series: 'VEN',
};

const text = (pattern: RegExp, error: string) => z.string().check(z.trim(), z.regex(pattern, { error }));

const rfcShape = /^[A-Z&Ñ]{3,4}\d{6}[A-Z\d]{3}$/;
const nameShape = /^[^\r\n<>|]{1,254}$/;

/**
 * Issue 37 point 3, as a review mended it: the issuer checked at start with the rules its invoices are checked
 * by (core's rfc.ts and sat-catalogs.ts, Anexo 20's text, the PDF's font), so a wrong setting stops the server
 * with its name instead of making every stamp fail. A check passes what an earlier one already refused, so each
 * variable is named once.
 */
export const invoiceEnvironment = {
  VENDO_INVOICE_ISSUER_RFC: z._default(
    text(rfcShape, 'must be an RFC of 12 or 13 capitals and digits').check(
      z.refine((rfc) => !rfcShape.test(rfc) || rfcProblem(rfc) !== 'rfc_format', {
        error: 'must be an RFC whose 6 digits are a real date (YYMMDD)',
      }),
      z.refine((rfc) => rfcProblem(rfc) !== 'rfc_generic', {
        error: "must be the operator's own RFC, not a generic one",
      }),
    ),
    demoIssuer.rfc,
  ),
  VENDO_INVOICE_ISSUER_NAME: z._default(
    text(nameShape, 'must be the name registered with SAT, 1 to 254 characters, without | or line breaks').check(
      z.refine((name) => !nameShape.test(name) || drawable(taxName(name)), {
        error: "must be written in characters the invoice's PDF can draw (Latin letters, accents, Ñ)",
      }),
    ),
    demoIssuer.name,
  ),
  VENDO_INVOICE_ISSUER_REGIME: z._default(
    text(/^\d{3}$/, 'must be a c_RegimenFiscal code of 3 digits').check(
      z.refine((code) => !/^\d{3}$/.test(code) || taxRegimes.some((regime) => regime.code === code), {
        error: 'must be a c_RegimenFiscal code SAT lists',
      }),
    ),
    demoIssuer.regime,
  ),
  VENDO_INVOICE_POSTAL_CODE: z._default(text(/^\d{5}$/, 'must be a postal code of 5 digits'), demoIssuer.postalCode),
  // CFDI 4.0's Serie: 1 to 25 characters; kept to capitals and digits so it reads well beside the folio.
  VENDO_INVOICE_SERIES: z._default(text(/^[A-Z0-9]{1,25}$/, 'must be 1 to 25 capitals or digits'), demoIssuer.series),
};

type Read = { [Name in keyof typeof invoiceEnvironment]: string };

export const invoiceIssuerOf = (read: Read): InvoiceIssuer => ({
  rfc: read.VENDO_INVOICE_ISSUER_RFC,
  name: read.VENDO_INVOICE_ISSUER_NAME,
  regime: read.VENDO_INVOICE_ISSUER_REGIME,
  postalCode: read.VENDO_INVOICE_POSTAL_CODE,
  series: read.VENDO_INVOICE_SERIES,
});

/**
 * What is wrong with the issuer as a whole, once each variable is right on its own: the regime must be one SAT
 * allows the RFC's kind of person (12 characters a persona moral, 13 a física). One line per problem, as
 * config.ts reports settings.
 */
export function invoiceIssuerProblems(read: Read): string[] {
  const rfc = read.VENDO_INVOICE_ISSUER_RFC;
  const regime = read.VENDO_INVOICE_ISSUER_REGIME;
  const kind = personKind(rfc);
  if (!kind || regimesFor(rfc).some((entry) => entry.code === regime)) return [];
  return [
    `VENDO_INVOICE_ISSUER_REGIME must be a regime SAT allows a persona ${kind} (VENDO_INVOICE_ISSUER_RFC has ${rfc.length} characters), not "${regime}"`,
  ];
}
