import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom, AnyStateMachine, InputFrom } from 'xstate';

/** What a flow's `provide()` takes for its actors: the effects the screen hands it. */
export type FlowActors<Machine extends AnyStateMachine> = NonNullable<Parameters<Machine['provide']>[0]['actors']>;

/**
 * A screen's flow: core's machine given the screen's actors (its effects, made from the platform's ports)
 * and its input, started on mount and stopped on unmount. The actors are taken once, when the flow
 * starts: the ports they come from live as long as the app.
 */
export function useFlow<Machine extends AnyStateMachine>(
  machine: Machine,
  actors: FlowActors<Machine>,
  ...[input]: undefined extends InputFrom<Machine> ? [input?: InputFrom<Machine>] : [input: InputFrom<Machine>]
): ActorRefFrom<Machine> {
  const [logic] = useState(() => machine.provide({ actors }));
  // `provide` keeps the machine's config; its return type widens the machine's own, which the flow keeps.
  const options = input === undefined ? {} : { input };
  return useActorRef(logic, options) as ActorRefFrom<Machine>;
}
