import { calls } from '../contract/calls.ts';
import type { CallOptions, Send } from './send.ts';

type Id = number;

/**
 * Issue 35 point 3: the receipt of a delivered purchase or of a credited top-up (404 for any other). Point 4:
 * e-mailing one to the member's confirmed address ("Enviar a mi correo"): success once queued; refused with
 * `email_not_confirmed` (no address, or not confirmed) or, asked too often, 429 `receipt_mail_limited`.
 */
export function receiptsApi(send: Send) {
  return {
    deal: (memberId: Id, dealId: Id, options?: CallOptions) =>
      send(calls.getDealReceipt, { params: { id: memberId, dealId } }, options),
    topUp: (memberId: Id, topUpId: Id, options?: CallOptions) =>
      send(calls.getTopUpReceipt, { params: { id: memberId, topUpId } }, options),
    emailDeal: (memberId: Id, dealId: Id, options?: CallOptions) =>
      send(calls.emailDealReceipt, { params: { id: memberId, dealId } }, options),
    emailTopUp: (memberId: Id, topUpId: Id, options?: CallOptions) =>
      send(calls.emailTopUpReceipt, { params: { id: memberId, topUpId } }, options),
  };
}
