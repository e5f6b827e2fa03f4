import { calls } from '../contract/calls.ts';
import type { CallInput, CallOptions, Send } from './send.ts';

type Id = number;
type Money<C extends keyof typeof calls> = CallOptions<(typeof calls)[C]>;

export function topUpsApi(send: Send) {
  return {
    create: (memberId: Id, body: CallInput<typeof calls.createTopUp>['body'], options: Money<'createTopUp'>) =>
      send(calls.createTopUp, { params: { id: memberId }, body }, options),
    withRedirect: (
      memberId: Id,
      body: CallInput<typeof calls.createRedirectTopUp>['body'],
      options: Money<'createRedirectTopUp'>,
    ) => send(calls.createRedirectTopUp, { params: { id: memberId }, body }, options),
    byReference: (
      memberId: Id,
      body: CallInput<typeof calls.createReferenceTopUp>['body'],
      options: Money<'createReferenceTopUp'>,
    ) => send(calls.createReferenceTopUp, { params: { id: memberId }, body }, options),
    /** Issue 37 point 1: "Pagos pendientes", the member's store references found again. */
    pending: (memberId: Id, options?: CallOptions) =>
      send(calls.listPendingTopUps, { params: { id: memberId } }, options),
    updateAuto: (memberId: Id, body: CallInput<typeof calls.updateAutoTopUp>['body'], options?: CallOptions) =>
      send(calls.updateAutoTopUp, { params: { id: memberId }, body }, options),
  };
}
