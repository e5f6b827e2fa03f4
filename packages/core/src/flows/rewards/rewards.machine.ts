import { assign, fromPromise, setup } from 'xstate';
import type { ApiError } from '../../api/api-error.ts';
import { isUnanswered } from '../../api/error-checks.ts';
import type { BonusCredit, RewardProgram } from '../../contract/index.ts';
import { failure } from '../actor-failure.ts';

export interface RewardsInput {
  readonly memberId: number;
  /** One machine's programs and the bonus credit usable there; null for every program (the rewards page). */
  readonly machineId: number | null;
}

export interface Rewards {
  readonly programs: readonly RewardProgram[];
  readonly bonus: readonly BonusCredit[];
}

/** Why the rewards are not shown: the server did not answer, or anything else. */
export type RewardsProblem = 'unreachable' | 'failed';

export interface RewardsContext extends RewardsInput {
  readonly rewards: Rewards | null;
  readonly problem: RewardsProblem | null;
}

export type RewardsEvent = { type: 'rewards.retried' } | { type: 'rewards.reread' };

/**
 * Issue 36 point 3: the reward programs and the member's progress, read once a screen shows them. A provider
 * without programs answers 404: `none`, and the screen shows nothing of rewards, as it did before them.
 */
export const rewardsMachine = setup({
  types: {} as { context: RewardsContext; events: RewardsEvent; input: RewardsInput },
  actors: {
    loadRewards: fromPromise<Rewards, RewardsInput>(() => Promise.reject(new Error('rewards: provide loadRewards'))),
  },
  guards: {
    notProvided: (_, error: ApiError) => error.status === 404,
  },
  actions: {
    keepRewards: assign((_, rewards: Rewards) => ({ rewards, problem: null })),
    keepProblem: assign((_, error: ApiError) => ({
      problem: isUnanswered(error) ? ('unreachable' as const) : ('failed' as const),
    })),
  },
}).createMachine({
  id: 'rewards',
  context: ({ input }) => ({ ...input, rewards: null, problem: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadRewards',
        input: ({ context }) => ({ memberId: context.memberId, machineId: context.machineId }),
        onDone: { target: 'shown', actions: { type: 'keepRewards', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'notProvided', params: failure }, target: 'none' },
          { target: 'failed', actions: { type: 'keepProblem', params: failure } },
        ],
      },
    },
    // After a purchase or a top-up the progress moved: read again, showing the last read meanwhile.
    shown: { on: { 'rewards.reread': 'loading' } },
    none: { type: 'final' },
    failed: { on: { 'rewards.retried': 'loading' } },
  },
});

export type RewardsMachine = typeof rewardsMachine;
