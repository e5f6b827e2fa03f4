import { calls } from '../contract/calls.ts';
import type { TaxProfile } from '../contract/tax-profile-schema.ts';
import type { CallOptions, Send } from './send.ts';

type Id = number;

/**
 * Issue 37 point 3: the member's tax profile (read, saved: 422 `tax_profile_invalid` with each field's problem),
 * a top-up's invoice (read with until when it may be asked for; asked for: issued, or failed with why; 422
 * `invoice_window_closed`, `top_up_not_credited`, `top_up_refunded`, `tax_profile_missing`), its files, and
 * e-mailing it (202 once queued; 422 `email_not_confirmed`). A 404 on any of them from a provider without
 * invoices means it has none.
 */
export function invoicesApi(send: Send) {
  return {
    taxProfile: (memberId: Id, options?: CallOptions) =>
      send(calls.getTaxProfile, { params: { id: memberId } }, options),
    saveTaxProfile: (memberId: Id, profile: TaxProfile, options?: CallOptions) =>
      send(calls.saveTaxProfile, { params: { id: memberId }, body: profile }, options),
    ofTopUp: (memberId: Id, topUpId: Id, options?: CallOptions) =>
      send(calls.getTopUpInvoice, { params: { id: memberId, topUpId } }, options),
    request: (memberId: Id, topUpId: Id, options?: CallOptions) =>
      send(calls.requestInvoice, { params: { id: memberId, topUpId } }, options),
    files: (memberId: Id, invoiceId: Id, options?: CallOptions) =>
      send(calls.getInvoiceFiles, { params: { id: memberId, invoiceId } }, options),
    email: (memberId: Id, invoiceId: Id, options?: CallOptions) =>
      send(calls.emailInvoice, { params: { id: memberId, invoiceId } }, options),
  };
}
