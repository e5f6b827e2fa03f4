import { calls } from '../contract/calls.ts';
import type { CallInput, CallOptions, Send } from './send.ts';

type Id = number;

export function cardsApi(send: Send) {
  return {
    list: (memberId: Id, options?: CallOptions) => send(calls.listCards, { params: { id: memberId } }, options),
    add: (memberId: Id, body: CallInput<typeof calls.addCard>['body'], options?: CallOptions) =>
      send(calls.addCard, { params: { id: memberId }, body }, options),
    remove: (memberId: Id, cardId: Id, options?: CallOptions) =>
      send(calls.deleteCard, { params: { id: memberId, cardId } }, options),
    addVoucher: (memberId: Id, body: CallInput<typeof calls.addVoucherCard>['body'], options?: CallOptions) =>
      send(calls.addVoucherCard, { params: { id: memberId }, body }, options),
  };
}
