import { fromPromise } from 'xstate';
import type { Api } from '../../api/index.ts';
import type { Rewards, RewardsInput } from './rewards.machine.ts';

/** The rewards' read on the real API: one machine's, or all of them. */
export function rewardsActors({ api }: { api: Api }) {
  return {
    loadRewards: fromPromise<Rewards, RewardsInput>(async ({ input, signal }) => {
      const answer = await api.rewards.get(input.memberId, {
        signal,
        ...(input.machineId === null ? {} : { machineId: input.machineId }),
      });
      if (!answer.ok) throw answer.error;
      return answer.value;
    }),
  };
}
