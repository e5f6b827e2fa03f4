import {
  type Context,
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { AnyActorRef } from 'xstate';

/** The one flow of a kind on its way, and who may start or end it. */
export interface FlowSlot<Flow extends AnyActorRef> {
  readonly flow: Flow | null;
  /** Follows a started flow; any earlier one stops. */
  readonly follow: (flow: Flow) => void;
  /** Stops the flow (the member left the routes that show it). */
  readonly end: (flow: Flow) => void;
}

export type FlowSlotContext<Flow extends AnyActorRef> = Context<FlowSlot<Flow> | null>;

/**
 * A flow that spans several routes (the deal, the card link): one at a time, it outlives a change
 * between its routes and is stopped the moment the member leaves them, so no reading or timer is
 * left behind. A feature makes its slot once, mounts a `FlowSlotProvider` of it, starts flows with
 * `useFlowSlot(slot).follow` and shows them in `FollowedFlow`, which keeps the flow going while shown.
 */
export function flowSlot<Flow extends AnyActorRef>(name: string): FlowSlotContext<Flow> {
  const slot = createContext<FlowSlot<Flow> | null>(null);
  slot.displayName = name;
  return slot;
}

export function FlowSlotProvider<Flow extends AnyActorRef>({
  slot: SlotContext,
  children,
}: {
  slot: FlowSlotContext<Flow>;
  children: ReactNode;
}) {
  const [flow, setFlow] = useState<Flow | null>(null);
  const current = useRef<Flow | null>(null);
  const follow = useCallback((next: Flow) => {
    if (current.current !== next) current.current?.stop();
    current.current = next;
    setFlow(next);
  }, []);
  const end = useCallback((ended: Flow) => {
    ended.stop();
    if (current.current !== ended) return;
    current.current = null;
    setFlow(null);
  }, []);
  useEffect(
    () => () => {
      current.current?.stop();
    },
    [],
  );
  const value = useMemo(() => ({ flow, follow, end }), [flow, follow, end]);
  return <SlotContext.Provider value={value}>{children}</SlotContext.Provider>;
}

export function useFlowSlot<Flow extends AnyActorRef>(slot: FlowSlotContext<Flow>): FlowSlot<Flow> {
  const value = useContext(slot);
  if (!value) throw new Error(`${slot.displayName ?? 'A flow slot'} used outside its provider`);
  return value;
}

/** What a route of the flow shows: the flow on its way, kept going while shown; `missing` when there is none. */
export function FollowedFlow<Flow extends AnyActorRef>({
  slot,
  missing,
  children,
}: {
  slot: FlowSlotContext<Flow>;
  missing: ReactNode;
  children: (flow: Flow) => ReactNode;
}) {
  const { flow, end } = useFlowSlot(slot);
  if (!flow) return missing;
  return (
    <Following key={flow.sessionId} flow={flow} end={end}>
      {children(flow)}
    </Following>
  );
}

/** How many routes show each flow right now. */
const showing = new WeakMap<AnyActorRef, number>();

function Following<Flow extends AnyActorRef>({
  flow,
  end,
  children,
}: {
  flow: Flow;
  end: (flow: Flow) => void;
  children: ReactNode;
}) {
  useEffect(() => {
    showing.set(flow, (showing.get(flow) ?? 0) + 1);
    return () => {
      showing.set(flow, (showing.get(flow) ?? 1) - 1);
      // Checked a microtask later, so a remount (React's development double run) is not taken for leaving.
      queueMicrotask(() => {
        if (showing.get(flow)) return;
        showing.delete(flow);
        end(flow);
      });
    };
  }, [flow, end]);
  return children;
}
