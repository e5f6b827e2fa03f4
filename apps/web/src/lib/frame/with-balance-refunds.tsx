import { balanceRefundActors, balanceRefundMachine, balanceRefundView, randomIdempotencyKey } from '@vendo/core';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { usePlatform } from '../platform/platform.tsx';
import { useFlow } from '../use-flow.ts';

interface WithBalanceRefundsProps {
  /** The signed-in member, or null for a visitor: nothing is read. */
  readonly memberId: number | null;
  readonly currency: string;
  /** What the screen draws knowing whether the provider gives balances back (false until the plan reads). */
  readonly children: (offered: boolean) => ReactNode;
}

/**
 * Issue 37 point 4: whether "Recuperar mi saldo" is offered. Its plan is read for the member signed in; a
 * provider without balance refunds (404), or a plan that did not read, offers nothing, and the screen shows
 * what it showed before.
 */
export function WithBalanceRefunds({ memberId, currency, children }: WithBalanceRefundsProps) {
  if (memberId === null) return children(false);
  return <Read key={`${memberId}-${currency}`} memberId={memberId} currency={currency} render={children} />;
}

function Read({
  memberId,
  currency,
  render,
}: {
  memberId: number;
  currency: string;
  render: WithBalanceRefundsProps['children'];
}) {
  const { api } = usePlatform();
  // Only the plan's reading is used: no refund is asked from here.
  const flow = useFlow(balanceRefundMachine, balanceRefundActors({ api }), {
    memberId,
    currency,
    memberName: null,
    newIdempotencyKey: randomIdempotencyKey,
  });
  const offered = useSelector(flow, (snapshot) => balanceRefundView(snapshot).plan !== null);
  return render(offered);
}
