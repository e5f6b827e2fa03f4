import { type DealInput, dealActors, dealMachine } from '@vendo/core';
import { useCallback } from 'react';
import { createActor } from 'xstate';
import { usePlatform } from '../../lib/platform/platform.tsx';
import { useDealSlot } from './deal-provider.tsx';

/** Starts following a deal (or shows why it could not be made), over the platform's API; any earlier one stops. */
export function useStartDeal(): (input: DealInput) => void {
  const { api } = usePlatform();
  const { follow } = useDealSlot();
  return useCallback(
    (input: DealInput) => follow(createActor(dealMachine.provide({ actors: dealActors({ api }) }), { input }).start()),
    [api, follow],
  );
}
