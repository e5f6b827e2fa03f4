import { fromPromise } from 'xstate';
import type { Api } from '../../api/index.ts';
import type { MemberRfid } from '../../contract/index.ts';

/** The member's RFIDs on the real API: the list, and a delete. */
export function memberRfidsActors({ api }: { api: Api }) {
  return {
    loadRfids: fromPromise<MemberRfid[]>(async ({ signal }) => {
      const answer = await api.rfids.list({ signal });
      if (!answer.ok) throw answer.error;
      return answer.value.community_member_rfids;
    }),
    deleteRfid: fromPromise<void, { rfidId: number }>(async ({ input, signal }) => {
      const answer = await api.rfids.remove(input.rfidId, { signal });
      if (!answer.ok) throw answer.error;
    }),
  };
}
