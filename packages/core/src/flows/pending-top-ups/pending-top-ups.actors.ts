import { fromPromise } from 'xstate';
import type { Api } from '../../api/index.ts';
import type { PendingTopUp } from '../../contract/index.ts';
import type { PendingTopUpsInput } from './pending-top-ups.machine.ts';

/** The references' read on the real API. */
export function pendingTopUpsActors({ api }: { api: Api }) {
  return {
    loadPending: fromPromise<readonly PendingTopUp[], PendingTopUpsInput>(async ({ input, signal }) => {
      const answer = await api.topUps.pending(input.memberId, { signal });
      if (!answer.ok) throw answer.error;
      return answer.value.pending_top_ups;
    }),
  };
}
