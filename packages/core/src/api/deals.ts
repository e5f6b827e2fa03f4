import { calls } from '../contract/calls.ts';
import type { CallInput, CallOptions, Send } from './send.ts';

type Id = number;

export function dealsApi(send: Send) {
  return {
    /** Without `page`, the newest deals unpaged (the spec's call); with it, that page and the next one's number. */
    list: (memberId: Id, options?: CallOptions & { readonly page?: number }) =>
      send(calls.listDeals, { params: { id: memberId }, query: options?.page ? { page: options.page } : {} }, options),
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
