import { calls } from '../contract/calls.ts';
import type { CallOptions, Send } from './send.ts';

type Id = number;

/** Issue 37 point 2: the member's personal CLABE, read (null until there is one) or given. */
export function speiApi(send: Send) {
  return {
    account: (memberId: Id, options?: CallOptions) => send(calls.getSpeiAccount, { params: { id: memberId } }, options),
    createAccount: (memberId: Id, options?: CallOptions) =>
      send(calls.createSpeiAccount, { params: { id: memberId } }, options),
  };
}
