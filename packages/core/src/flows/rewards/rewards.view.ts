import type { SnapshotFrom } from 'xstate';
import type { RewardsMachine } from './rewards.machine.ts';
import { stampCardsOf, topUpBonusesOf } from './rewards.rules.ts';

/** What a screen shows of rewards: nothing while none are read or where the provider has none. */
export function rewardsView(snapshot: SnapshotFrom<RewardsMachine>) {
  const programs = snapshot.context.rewards?.programs ?? [];
  return {
    loading: snapshot.matches('loading') && snapshot.context.rewards === null,
    none: snapshot.matches('none'),
    problem: snapshot.matches('failed') ? snapshot.context.problem : null,
    programs,
    stampCards: stampCardsOf(programs),
    topUpBonuses: topUpBonusesOf(programs),
    bonus: snapshot.context.rewards?.bonus ?? [],
  };
}

export type RewardsView = ReturnType<typeof rewardsView>;
