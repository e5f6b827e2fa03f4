import { calls } from '../contract/calls.ts';
import type { CallInput, CallOptions, Send } from './send.ts';

type Id = number;

export function dealsApi(send: Send) {
  return {
    list: (memberId: Id, options?: CallOptions) => send(calls.listDeals, { params: { id: memberId } }, options),
    create: (
      machineId: Id,
      body: CallInput<typeof calls.createDeal>['body'],
      options: CallOptions<typeof calls.createDeal>,
    ) => send(calls.createDeal, { params: { id: machineId }, body }, options),
    reportProblem: (
      memberId: Id,
      dealId: Id,
      body: CallInput<typeof calls.reportDealProblem>['body'],
      options?: CallOptions,
    ) => send(calls.reportDealProblem, { params: { id: memberId, dealId }, body }, options),
    get: (machineId: Id, dealId: Id, options?: CallOptions) =>
      send(calls.getDeal, { params: { id: machineId, dealId } }, options),
  };
}
