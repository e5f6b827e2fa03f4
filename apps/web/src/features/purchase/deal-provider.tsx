import type { DealMachine } from '@vendo/core';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { Redirect } from 'wouter';
import type { Actor } from 'xstate';
import { href } from '../../lib/paths.ts';

type Deal = Actor<DealMachine>;

interface DealSlot {
  readonly deal: Deal | null;
  /** Follows a started deal; any earlier one stops. */
  readonly follow: (deal: Deal) => void;
  /** Stops following the deal (the member left the deal screens). */
  readonly end: (deal: Deal) => void;
}

const DealContext = createContext<DealSlot | null>(null);

/**
 * The deal on its way: one at a time, started by a buy and followed by the deal
 * screens. It outlives a screen change between deal routes and is stopped the
 * moment the member leaves them, so no reading or timer is left behind. Only
 * types of the deal flow are read here: its code loads with the screens that buy.
 */
export function DealProvider({ children }: { children: ReactNode }) {
  const [deal, setDeal] = useState<Deal | null>(null);
  const current = useRef<Deal | null>(null);
  const follow = useCallback((next: Deal) => {
    if (current.current !== next) current.current?.stop();
    current.current = next;
    setDeal(next);
  }, []);
  const end = useCallback((ended: Deal) => {
    ended.stop();
    if (current.current !== ended) return;
    current.current = null;
    setDeal(null);
  }, []);
  useEffect(
    () => () => {
      current.current?.stop();
    },
    [],
  );
  const slot = useMemo(() => ({ deal, follow, end }), [deal, follow, end]);
  return <DealContext.Provider value={slot}>{children}</DealContext.Provider>;
}

export function useDealSlot(): DealSlot {
  const slot = useContext(DealContext);
  if (!slot) throw new Error('useDealSlot outside DealProvider');
  return slot;
}

/**
 * What a deal route shows: the deal on its way, kept going while shown. Without one (a reload,
 * a typed address) it returns to the inventory.
 */
export function FollowedDeal({ children }: { children: (deal: Deal) => ReactNode }) {
  const { deal } = useDealSlot();
  if (!deal) return <Redirect to={href('machineInventory')} replace />;
  return (
    <Following key={deal.sessionId} deal={deal}>
      {children(deal)}
    </Following>
  );
}

function Following({ deal, children }: { deal: Deal; children: ReactNode }) {
  useFollowDeal(deal);
  return children;
}

const screensShowing = new WeakMap<Deal, number>();

/**
 * Keeps the deal going while a deal screen shows it, and stops it once none does. The check
 * waits a microtask, so a remount (React's development double run) is not taken for leaving.
 */
function useFollowDeal(deal: Deal): void {
  const { end } = useDealSlot();
  useEffect(() => {
    screensShowing.set(deal, (screensShowing.get(deal) ?? 0) + 1);
    return () => {
      screensShowing.set(deal, (screensShowing.get(deal) ?? 1) - 1);
      queueMicrotask(() => {
        if (screensShowing.get(deal)) return;
        screensShowing.delete(deal);
        end(deal);
      });
    };
  }, [deal, end]);
}
