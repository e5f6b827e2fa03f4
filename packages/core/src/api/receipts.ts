import { calls } from '../contract/calls.ts';
import type { CallOptions, Send } from './send.ts';

type Id = number;

/** Issue 35 point 3: the receipt of a delivered purchase or of a credited top-up (404 for any other). */
export function receiptsApi(send: Send) {
  return {
    deal: (memberId: Id, dealId: Id, options?: CallOptions) =>
      send(calls.getDealReceipt, { params: { id: memberId, dealId } }, options),
    topUp: (memberId: Id, topUpId: Id, options?: CallOptions) =>
      send(calls.getTopUpReceipt, { params: { id: memberId, topUpId } }, options),
  };
}
