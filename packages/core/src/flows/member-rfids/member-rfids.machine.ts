import { assign, fromPromise, setup } from 'xstate';
import type { Api } from '../../api/index.ts';
import type { MemberRfid } from '../../contract/index.ts';

/** The member's linked RFID cards and devices (spec §2 /profile), with delete (DELETE /api/v4/community_member_rfids/{id}). */
export const memberRfidsMachine = setup({
  types: {} as {
    context: { rfids: MemberRfid[]; deleting: number | null };
    events: { type: 'retry' } | { type: 'rfid.deleted'; rfidId: number };
  },
  actors: {
    loadRfids: fromPromise<MemberRfid[]>(() => Promise.reject(new Error('rfids: provide loadRfids'))),
    deleteRfid: fromPromise<void, { rfidId: number }>(() => Promise.reject(new Error('rfids: provide deleteRfid'))),
  },
  actions: {
    keepRfids: assign((_, rfids: MemberRfid[]) => ({ rfids, deleting: null })),
    markDeleting: assign(({ event }) => (event.type === 'rfid.deleted' ? { deleting: event.rfidId } : {})),
    stopDeleting: assign({ deleting: null }),
  },
}).createMachine({
  id: 'memberRfids',
  context: { rfids: [], deleting: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadRfids',
        onDone: { target: 'listed', actions: { type: 'keepRfids', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    listed: { on: { 'rfid.deleted': { target: 'deleting', actions: 'markDeleting' } } },
    deleting: {
      invoke: {
        src: 'deleteRfid',
        input: ({ context }) => ({ rfidId: context.deleting ?? 0 }),
        onDone: 'loading',
        onError: { target: 'listed', actions: 'stopDeleting' },
      },
    },
    failed: { on: { retry: 'loading' } },
  },
});

export type MemberRfidsMachine = typeof memberRfidsMachine;

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
