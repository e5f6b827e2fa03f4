import type { DealMachine } from '@vendo/core';
import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import type { Actor } from 'xstate';
import { FlowSlotProvider, FollowedFlow, flowSlot, useFlowSlot } from '../../lib/flow-slot.tsx';
import { href } from '../../lib/paths.ts';

type Deal = Actor<DealMachine>;

/**
 * The deal on its way: started by a buy, followed by the deal screens, stopped the moment the member
 * leaves them. Only types of the deal flow are read here: its code loads with the screens that buy.
 */
const dealSlot = flowSlot<Deal>('DealSlot');

export function DealProvider({ children }: { children: ReactNode }) {
  return <FlowSlotProvider slot={dealSlot}>{children}</FlowSlotProvider>;
}

export const useDealSlot = () => useFlowSlot(dealSlot);

/** What a deal route shows. Without a deal on its way (a reload, a typed address) it returns to the inventory. */
export function FollowedDeal({ children }: { children: (deal: Deal) => ReactNode }) {
  return (
    <FollowedFlow slot={dealSlot} missing={<Redirect to={href('machineInventory')} replace />}>
      {children}
    </FollowedFlow>
  );
}
