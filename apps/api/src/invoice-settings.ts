import * as z from 'zod/mini';

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

/** The variables, merged into the server's environment schema (config.ts). */
export const invoiceEnvironment = {
  VENDO_INVOICE_ISSUER_RFC: z._default(
    text(/^[A-Z&Ñ]{3,4}\d{6}[A-Z\d]{3}$/, 'must be an RFC of 12 or 13 capitals and digits'),
    demoIssuer.rfc,
  ),
  VENDO_INVOICE_ISSUER_NAME: z._default(
    text(/^[^\r\n<>]{1,254}$/, 'must be the name registered with SAT, 1 to 254 characters'),
    demoIssuer.name,
  ),
  VENDO_INVOICE_ISSUER_REGIME: z._default(
    text(/^\d{3}$/, 'must be a c_RegimenFiscal code of 3 digits'),
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
