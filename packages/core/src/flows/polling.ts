import type { DoneActorEvent } from 'xstate';
import { failure } from './actor-failure.ts';

/** The reading as the server just answered it. */
export const readingOf = <Reading>({ event }: { event: DoneActorEvent<Reading> }) => event.output;

interface PollingOptions<Src extends string, Input, Keep extends string, Route, Transient, Failed> {
  /** The actor that reads the followed thing once. */
  readonly src: Src;
  readonly input: Input;
  /** What keeps a reading with the same status (the screen stays). */
  readonly keep: Keep;
  /** Where a reading with another status leads: the flow's own guarded transitions. */
  readonly route: Route;
  /** What a transient failure does before the next reading, if anything. */
  readonly onTransient: Transient;
  /** Where any other failure ends the polling. */
  readonly onFailed: Failed;
}

/**
 * A polling screen (spec §4 delivery_status navigation, pending card link): reads every `pollInterval`,
 * stays while the status is the same (`sameStatus`), moves as `route` says when it changes, and waits for
 * the next reading after a failure that may pass (`transient`). The flow names the delay and the two
 * guards in its setup; states, never a timer of its own, so leaving the screen stops the reading.
 */
export const pollingStates = <
  Src extends string,
  Input,
  Keep extends string,
  Route extends readonly unknown[],
  Transient,
  Failed,
>({
  src,
  input,
  keep,
  route,
  onTransient,
  onFailed,
}: PollingOptions<Src, Input, Keep, Route, Transient, Failed>) =>
  ({
    initial: 'waiting',
    states: {
      waiting: { after: { pollInterval: 'reading' } },
      reading: {
        invoke: {
          src,
          input,
          onDone: [
            {
              guard: { type: 'sameStatus', params: readingOf },
              target: 'waiting',
              actions: { type: keep, params: readingOf },
            },
            ...route,
          ],
          onError: [
            { guard: { type: 'transient', params: failure }, target: 'waiting', actions: onTransient },
            onFailed,
          ],
        },
      },
    },
  }) as const;
