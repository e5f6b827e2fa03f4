import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { MemberRfid } from '../../contract/index.ts';
import type { MemberRfidsContext, MemberRfidsEvent } from './member-rfids.types.ts';

/** The member's linked RFID cards and devices (spec §2 /profile), with delete (DELETE /api/v4/community_member_rfids/{id}). */
export const memberRfidsMachine = setup({
  types: {} as { context: MemberRfidsContext; events: MemberRfidsEvent },
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
        input: ({ event }) => {
          assertEvent(event, 'rfid.deleted');
          return { rfidId: event.rfidId };
        },
        onDone: 'loading',
        onError: { target: 'listed', actions: 'stopDeleting' },
      },
    },
    failed: { on: { 'rfids.retried': 'loading' } },
  },
});

export type MemberRfidsMachine = typeof memberRfidsMachine;
