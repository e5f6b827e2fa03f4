import { assign, fromPromise, setup } from 'xstate';
import type { ApiError } from '../../api/api-error.ts';
import { isUnanswered } from '../../api/error-checks.ts';
import type { PendingTopUp } from '../../contract/index.ts';
import { failure } from '../actor-failure.ts';

export interface PendingTopUpsInput {
  readonly memberId: number;
}

/** Why the references are not shown: the server did not answer, or anything else. */
export type PendingTopUpsProblem = 'unreachable' | 'failed';

export interface PendingTopUpsContext extends PendingTopUpsInput {
  readonly references: readonly PendingTopUp[] | null;
  readonly problem: PendingTopUpsProblem | null;
}

export type PendingTopUpsEvent = { type: 'pending.retried' } | { type: 'pending.reread' };

/**
 * Issue 37 point 1: "Pagos pendientes", the member's store references read when the top-up screen shows them,
 * and again after a new one is issued. A provider that does not keep them answers 404: `none`, and the screen
 * shows what it showed before.
 */
export const pendingTopUpsMachine = setup({
  types: {} as { context: PendingTopUpsContext; events: PendingTopUpsEvent; input: PendingTopUpsInput },
  actors: {
    loadPending: fromPromise<readonly PendingTopUp[], PendingTopUpsInput>(() =>
      Promise.reject(new Error('pending top-ups: provide loadPending')),
    ),
  },
  guards: {
    notProvided: (_, error: ApiError) => error.status === 404,
  },
  actions: {
    keepReferences: assign((_, references: readonly PendingTopUp[]) => ({ references, problem: null })),
    keepProblem: assign((_, error: ApiError) => ({
      problem: isUnanswered(error) ? ('unreachable' as const) : ('failed' as const),
    })),
  },
}).createMachine({
  id: 'pendingTopUps',
  context: ({ input }) => ({ ...input, references: null, problem: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadPending',
        input: ({ context }) => ({ memberId: context.memberId }),
        onDone: { target: 'shown', actions: { type: 'keepReferences', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'notProvided', params: failure }, target: 'none' },
          { target: 'failed', actions: { type: 'keepProblem', params: failure } },
        ],
      },
    },
    shown: { on: { 'pending.reread': 'loading' } },
    none: { type: 'final' },
    failed: { on: { 'pending.retried': 'loading' } },
  },
});

export type PendingTopUpsMachine = typeof pendingTopUpsMachine;
