import * as z from 'zod/mini';
import { Id, Money, Timestamp } from './primitives.ts';
import { InvoiceFailure } from './tax-profile-schema.ts';

/** A folio fiscal: the UUID the stamping service (a PAC) gives a CFDI, upper-case as SAT prints it. */
export const folioFiscalPattern = /^[A-F0-9]{8}-[A-F0-9]{4}-[A-F0-9]{4}-[A-F0-9]{4}-[A-F0-9]{12}$/;

/**
 * Issue 37 point 3: the invoice (CFDI 4.0) of one credited top-up. `issued` carries its folio fiscal (`uuid`) and
 * series-folio; `failed` carries why (`failure`, the member's words for it) and SAT's code (`failure_detail`,
 * e.g. CFDI40145), and may be asked again once the tax profile is corrected. Amounts split the top-up's total
 * into subtotal and IVA to the cent; `emailed_at` is when it was last sent to the member.
 */
export const Invoice = z.object({
  id: Id,
  top_up_id: Id,
  status: z.enum(['issued', 'failed']),
  uuid: z.nullable(z.string().check(z.regex(folioFiscalPattern))),
  series_folio: z.nullable(z.string().check(z.minLength(1), z.maxLength(60))),
  total: Money,
  subtotal: Money,
  iva: Money,
  currency: z.string().check(z.length(3)),
  failure: z.nullable(InvoiceFailure),
  failure_detail: z.nullable(z.string().check(z.maxLength(200))),
  requested_at: Timestamp,
  issued_at: z.nullable(Timestamp),
  emailed_at: z.nullable(Timestamp),
});
export type Invoice = z.infer<typeof Invoice>;
export type InvoiceStatus = Invoice['status'];

/**
 * An invoice's two files as JSON, so the client reads them typed: the XML as text, the PDF (its printed
 * representation, in the member's language) in base64; `file_name` has no extension, the app adds `.xml`/`.pdf`.
 */
export const InvoiceFiles = z.object({
  file_name: z.string().check(z.minLength(1), z.maxLength(120), z.regex(/^[\w.-]+$/)),
  xml: z.string().check(z.minLength(1)),
  pdf_base64: z.string().check(z.minLength(1), z.regex(/^[A-Za-z0-9+/]+={0,2}$/)),
});
export type InvoiceFiles = z.infer<typeof InvoiceFiles>;

/**
 * Why an invoice cannot be asked for (422): the window closed (the Mexico City month the top-up was paid in
 * is over, `invoiceWindowOpen`), the top-up is not credited (or not in MXN), a balance refund gives back some
 * of its money (`top_up_refunded`), or the member saved no tax profile.
 */
export const invoiceRefusalCodes = [
  'invoice_window_closed',
  'top_up_not_credited',
  'top_up_refunded',
  'tax_profile_missing',
] as const;
export type InvoiceRefusalCode = (typeof invoiceRefusalCodes)[number];

/** A tax profile refused (422 `tax_profile_invalid`): each problem in `errors`, its code and its field. */
export const taxProfileRefusalCode = 'tax_profile_invalid';
