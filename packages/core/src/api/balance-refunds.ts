import { calls } from '../contract/calls.ts';
import type { CallInput, CallOptions, Send } from './send.ts';

type Id = number;

/** Issue 37 point 4: the member's own money given back, its plan, its requests and their states. */
export function balanceRefundsApi(send: Send) {
  return {
    plan: (memberId: Id, query: CallInput<typeof calls.getBalanceRefundPlan>['query'], options?: CallOptions) =>
      send(calls.getBalanceRefundPlan, { params: { id: memberId }, query }, options),
    list: (memberId: Id, options?: CallOptions) =>
      send(calls.listBalanceRefunds, { params: { id: memberId } }, options),
    create: (
      memberId: Id,
      body: CallInput<typeof calls.createBalanceRefund>['body'],
      options: CallOptions<typeof calls.createBalanceRefund>,
    ) => send(calls.createBalanceRefund, { params: { id: memberId }, body }, options),
  };
}
