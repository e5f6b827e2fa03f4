import { assign, fromPromise, setup } from 'xstate';
import type { Api } from '../../api/index.ts';
import type { MemberRfid } from '../../contract/index.ts';

/** The member's linked RFID cards and devices (spec §2 /profile; GET /api/v4/community_member_rfids). */
export const memberRfidsMachine = setup({
  types: {} as { context: { rfids: MemberRfid[] }; events: { type: 'retry' } },
  actors: {
    loadRfids: fromPromise<MemberRfid[]>(() => Promise.reject(new Error('rfids: provide loadRfids'))),
  },
  actions: {
    keepRfids: assign(({ event }) => ({ rfids: (event as unknown as { output: MemberRfid[] }).output })),
  },
}).createMachine({
  id: 'memberRfids',
  context: { rfids: [] },
  initial: 'loading',
  states: {
    loading: {
      invoke: { src: 'loadRfids', onDone: { target: 'listed', actions: 'keepRfids' }, onError: 'failed' },
    },
    listed: {},
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
  };
}
