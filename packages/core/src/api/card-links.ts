import { calls } from '../contract/calls.ts';
import type { CallOptions, Send } from './send.ts';

type Id = number;

export function cardLinksApi(send: Send) {
  return {
    get: (memberId: Id, pendingId: Id, options?: CallOptions) =>
      send(calls.getCardLink, { params: { id: memberId, pendingId } }, options),
    create: (memberId: Id, machineId: Id, options?: CallOptions) =>
      send(calls.createCardLink, { params: { id: memberId }, body: { product_server_id: machineId } }, options),
    cancelAll: (memberId: Id, options?: CallOptions) =>
      send(calls.cancelCardLinks, { params: { id: memberId } }, options),
  };
}
