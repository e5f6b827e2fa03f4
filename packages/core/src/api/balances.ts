import { calls } from '../contract/calls.ts';
import type { CallOptions, Send } from './send.ts';

export function balancesApi(send: Send) {
  return {
    list: (memberId: number, options?: CallOptions) => send(calls.listBalances, { params: { id: memberId } }, options),
  };
}
