import { assign, fromPromise, setup } from 'xstate';
import type { ApiError } from '../../api/api-error.ts';
import { isUnanswered } from '../../api/error-checks.ts';
import type { SpeiAccount } from '../../contract/index.ts';
import { failure } from '../actor-failure.ts';

export interface SpeiAccountInput {
  readonly memberId: number;
}

/** Why the CLABE is not shown or given: the server did not answer, or anything else. */
export type SpeiAccountProblem = 'unreachable' | 'failed';

export interface SpeiAccountContext extends SpeiAccountInput {
  /** The member's CLABE; null until they ask for one. */
  readonly account: SpeiAccount | null;
  readonly problem: SpeiAccountProblem | null;
}

export type SpeiAccountEvent = { type: 'account.asked' } | { type: 'account.retried' };

const problemOf = (error: ApiError): SpeiAccountProblem => (isUnanswered(error) ? 'unreachable' : 'failed');

/**
 * Issue 37 point 2: the member's personal CLABE for SPEI transfers. Read when the top-up screen shows it; a
 * member without one asks for it. A provider without SPEI answers 404: `none`, and nothing of it is shown.
 */
export const speiAccountMachine = setup({
  types: {} as { context: SpeiAccountContext; events: SpeiAccountEvent; input: SpeiAccountInput },
  actors: {
    readAccount: fromPromise<SpeiAccount | null, SpeiAccountInput>(() =>
      Promise.reject(new Error('spei account: provide readAccount')),
    ),
    openAccount: fromPromise<SpeiAccount, SpeiAccountInput>(() =>
      Promise.reject(new Error('spei account: provide openAccount')),
    ),
  },
  guards: {
    notProvided: (_, error: ApiError) => error.status === 404,
  },
  actions: {
    keepAccount: assign((_, account: SpeiAccount | null) => ({ account, problem: null })),
    keepProblem: assign((_, error: ApiError) => ({ problem: problemOf(error) })),
  },
}).createMachine({
  id: 'speiAccount',
  context: ({ input }) => ({ ...input, account: null, problem: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'readAccount',
        input: ({ context }) => ({ memberId: context.memberId }),
        onDone: { target: 'shown', actions: { type: 'keepAccount', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'notProvided', params: failure }, target: 'none' },
          { target: 'failed', actions: { type: 'keepProblem', params: failure } },
        ],
      },
    },
    shown: { on: { 'account.asked': 'opening' } },
    opening: {
      invoke: {
        src: 'openAccount',
        input: ({ context }) => ({ memberId: context.memberId }),
        onDone: { target: 'shown', actions: { type: 'keepAccount', params: ({ event }) => event.output } },
        onError: { target: 'shown', actions: { type: 'keepProblem', params: failure } },
      },
    },
    none: { type: 'final' },
    failed: { on: { 'account.retried': 'loading' } },
  },
});

export type SpeiAccountMachine = typeof speiAccountMachine;
