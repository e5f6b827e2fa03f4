import { type DealInput, dealActors, dealMachine } from '@vendo/core';
import { useCallback } from 'react';
import { usePlatform } from '../../lib/platform/platform.tsx';
import { Session } from '../../lib/session.tsx';

/** Starts the deal (or shows why it could not be made), over the platform's API: the session follows it, and stops any earlier one. */
export function useStartDeal(): (input: DealInput) => void {
  const { api } = usePlatform();
  const session = Session.useActorRef();
  return useCallback(
    (input: DealInput) =>
      session.send({ type: 'deal.started', logic: dealMachine.provide({ actors: dealActors({ api }) }), input }),
    [api, session],
  );
}
