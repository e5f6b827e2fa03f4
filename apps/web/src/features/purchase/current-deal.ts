import { type Api, type DealInput, type DealMachine, dealActors, dealMachine } from '@vendo/core';
import { useEffect, useSyncExternalStore } from 'react';
import { type Actor, createActor } from 'xstate';

/**
 * The deal on its way: one at a time, made by a buy and followed by the deal
 * screens. It outlives a screen change between deal routes and is stopped the
 * moment the member leaves them, so no reading or timer is left behind.
 */
let current: Actor<DealMachine> | null = null;
const listeners = new Set<() => void>();

const notify = () => {
  for (const listener of listeners) listener();
};

/** Starts following a deal (or shows why it could not be made); any earlier one stops. */
export function startDeal(api: Api, input: DealInput): Actor<DealMachine> {
  current?.stop();
  current = createActor(dealMachine.provide({ actors: dealActors({ api }) }), { input }).start();
  notify();
  return current;
}

/** Stops following the deal (the member left the deal screens). */
export function endDeal(actor: Actor<DealMachine>): void {
  actor.stop();
  if (current !== actor) return;
  current = null;
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const useCurrentDeal = () => useSyncExternalStore(subscribe, () => current);

const screensShowing = new Map<Actor<DealMachine>, number>();

/**
 * Keeps the deal going while a deal screen shows it, and stops it once none
 * does. The check waits a microtask, so a remount (React's development double
 * run) is not taken for leaving.
 */
export function useFollowDeal(actor: Actor<DealMachine>): void {
  useEffect(() => {
    screensShowing.set(actor, (screensShowing.get(actor) ?? 0) + 1);
    return () => {
      screensShowing.set(actor, (screensShowing.get(actor) ?? 1) - 1);
      queueMicrotask(() => {
        if (screensShowing.get(actor)) return;
        screensShowing.delete(actor);
        endDeal(actor);
      });
    };
  }, [actor]);
}
