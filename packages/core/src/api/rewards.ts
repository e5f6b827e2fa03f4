import { calls } from '../contract/calls.ts';
import type { CallOptions, Send } from './send.ts';

type Id = number;

/** Issue 36: the reward programs and the member's progress and bonus credit, all or one machine's. */
export function rewardsApi(send: Send) {
  return {
    get: (memberId: Id, options?: CallOptions & { readonly machineId?: Id }) =>
      send(
        calls.getRewards,
        {
          params: { id: memberId },
          query: options?.machineId ? { product_server_id: options.machineId } : {},
        },
        options,
      ),
  };
}
