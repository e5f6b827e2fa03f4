import { calls } from '../contract/calls.ts';
import type { CallOptions, Send } from './send.ts';

export function messagesApi(send: Send) {
  return {
    list: (memberId: number, options?: CallOptions) =>
      send(calls.listMessages, { query: { community_member_id: memberId } }, options),
  };
}
