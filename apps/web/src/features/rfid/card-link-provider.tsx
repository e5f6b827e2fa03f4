import type { CardLinkMachine } from '@vendo/core';
import { type ReactNode, useEffect } from 'react';
import type { Actor } from 'xstate';
import { FlowSlotProvider, FollowedFlow, flowSlot, useFlowSlot } from '../../lib/flow-slot.tsx';

type CardLink = Actor<CardLinkMachine>;

/**
 * The employee-card link on its way: it outlives a change between the RFID routes and is stopped (its
 * readings and countdowns with it) the moment the member leaves them. Only types of the flow are read
 * here: its code loads with the card-link screens.
 */
const cardLinkSlot = flowSlot<CardLink>('CardLinkSlot');

export function CardLinkProvider({ children }: { children: ReactNode }) {
  return <FlowSlotProvider slot={cardLinkSlot}>{children}</FlowSlotProvider>;
}

/** What a card-link route shows. Without a link on its way (the first visit, a reload) a new one starts. */
export function FollowedCardLink({
  start,
  children,
}: {
  start: () => CardLink;
  children: (link: CardLink) => ReactNode;
}) {
  return (
    <FollowedFlow slot={cardLinkSlot} missing={<Starting start={start} />}>
      {children}
    </FollowedFlow>
  );
}

function Starting({ start }: { start: () => CardLink }) {
  const { follow } = useFlowSlot(cardLinkSlot);
  useEffect(() => follow(start()), [follow, start]);
  return null;
}
