import { calls } from '../contract/calls.ts';
import type { CallInput, CallOptions, Send } from './send.ts';

export function rfidsApi(send: Send) {
  return {
    list: (options?: CallOptions) => send(calls.listRfids, {}, options),
    create: (body: CallInput<typeof calls.createRfid>['body'], options?: CallOptions) =>
      send(calls.createRfid, { body }, options),
    remove: (rfidId: number, options?: CallOptions) => send(calls.deleteRfid, { params: { id: rfidId } }, options),
  };
}
