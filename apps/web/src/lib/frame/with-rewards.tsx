import { type RewardsView, rewardsActors, rewardsMachine, rewardsView } from '@vendo/core';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { usePlatform } from '../platform/platform.tsx';
import { useFlow } from '../use-flow.ts';

interface WithRewardsProps {
  /** The signed-in member, or null for a visitor: a visitor has no rewards and nothing is read. */
  readonly memberId: number | null;
  /** One machine's programs and the bonus credit usable there; null for all of them. */
  readonly machineId: number | null;
  /** What the screen draws with the rewards read: null while a visitor, or before a member's are read. */
  readonly children: (rewards: RewardsView | null, retry: () => void) => ReactNode;
}

/**
 * Issue 36 point 3: the reward programs a screen shows, read for the member who is signed in (read again
 * for the member a visitor becomes). A provider without programs shows nothing of them.
 */
export function WithRewards({ memberId, machineId, children }: WithRewardsProps) {
  if (memberId === null) return children(null, () => undefined);
  return <Read key={memberId} memberId={memberId} machineId={machineId} render={children} />;
}

function Read({
  memberId,
  machineId,
  render,
}: {
  memberId: number;
  machineId: number | null;
  render: WithRewardsProps['children'];
}) {
  const { api } = usePlatform();
  const flow = useFlow(rewardsMachine, rewardsActors({ api }), { memberId, machineId });
  const view = useSelector(flow, rewardsView);
  return render(view, () => flow.send({ type: 'rewards.retried' }));
}
