import { calls } from '../contract/calls.ts';
import type { CallInput, CallOptions, Send } from './send.ts';

export function configurationsApi(send: Send) {
  return {
    get: (memberId: number, options?: CallOptions) =>
      send(calls.getConfiguration, { params: { id: memberId } }, options),
    save: (memberId: number, body: CallInput<typeof calls.saveConfiguration>['body'], options?: CallOptions) =>
      send(calls.saveConfiguration, { params: { id: memberId }, body }, options),
  };
}
