import { assertEvent, assign, fromCallback, sendTo, setup } from 'xstate';
import type { KeypadClosing } from '../../rules/keypad.ts';
import { known } from '../known.ts';
import type { KeypadContext, KeypadEvent, KeypadInput, KeypadSocketInput, SocketCommand } from './keypad.types.ts';

/** Connection drops are retried this many times before the member is asked to reconnect. */
export const KEYPAD_RECONNECTS = 3;
/** A machine that has not said ready this long after the socket opened counts as a dropped connection. */
export const KEYPAD_READY_TIMEOUT_MS = 10_000;
/** How long "that key did not reach the machine" shows after a key came too fast. */
export const KEYPAD_TOO_FAST_NOTICE_MS = 3_000;
/** After "too many connections", the member may try again only once this has passed. */
export const KEYPAD_LIMITED_PAUSE_MS = 30_000;

/** A connection that dropped, or never got ready: tried again a bounded number of times, then expired. */
const dropped = [
  { guard: 'attemptsLeft', target: '#keypad.reconnecting', actions: 'countAttempt' },
  { target: '#keypad.expired', actions: 'noteEnding' },
] as const;

/**
 * Spec §4 keypad, on a socket that belongs to a signed-in member: a visitor is asked to sign in. Keys go
 * once the machine has said ready. The machine ending the session, for its own reasons, for no key in its
 * user-type time or at the longest a session lasts, shows the session-expired modal ("Click to reconnect"
 * reloads the page); a refused token asks to sign in again; a machine another member is using, too many
 * connections, or this member's keypad opened on another machine, waits for the member to try again; a
 * dropped connection is retried a few times. Nothing that the server ended is tried again on its own.
 */
export const keypadMachine = setup({
  types: {} as { context: KeypadContext; events: KeypadEvent; input: KeypadInput },
  actors: {
    socket: fromCallback<SocketCommand, KeypadSocketInput>(() => () => {}),
  },
  delays: {
    /** 1 s, 2 s, 4 s between reconnect attempts. */
    backoff: ({ context }) => 1_000 * 2 ** Math.max(0, context.attempts - 1),
    readyTimeout: KEYPAD_READY_TIMEOUT_MS,
    tooFastNotice: KEYPAD_TOO_FAST_NOTICE_MS,
    limitedPause: KEYPAD_LIMITED_PAUSE_MS,
  },
  guards: {
    visitor: ({ context }) => context.token === null,
    closedAs: ({ event }, closing: KeypadClosing) => event.type === 'socket.closed' && event.closing === closing,
    /** Issue 32 point 7: a session ends for no key in the machine's user-type time or at its longest too. */
    sessionExpired: ({ event }) =>
      event.type === 'socket.closed' && ['endedByMachine', 'idle', 'timeUp'].includes(event.closing),
    attemptsLeft: ({ context }) => context.attempts < KEYPAD_RECONNECTS,
  },
  actions: {
    forward: sendTo('socket', ({ event }): SocketCommand => {
      assertEvent(event, 'key.pressed');
      return event;
    }),
    countAttempt: assign(({ context }) => ({ attempts: context.attempts + 1 })),
    resetAttempts: assign({ attempts: 0 }),
    noteEnding: assign({
      endedAs: ({ event }) => (event.type === 'socket.closed' ? event.closing : null),
    }),
  },
}).createMachine({
  id: 'keypad',
  context: ({ input }) => ({ machineName: input.machineName, token: input.token, attempts: 0, endedAs: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'visitor', target: 'signInNeeded' }, { target: 'live' }],
    },
    /** The socket lives as long as this state: leaving it closes the connection. */
    live: {
      invoke: {
        id: 'socket',
        src: 'socket',
        // A visitor goes to signInNeeded from `starting`: the socket opens for a member only.
        input: ({ context }) => ({ machineName: context.machineName, token: known(context.token, 'the member token') }),
      },
      initial: 'connecting',
      states: {
        connecting: {
          on: { 'socket.ready': { target: 'open', actions: 'resetAttempts' } },
          after: { readyTimeout: [...dropped] },
        },
        open: {
          on: { 'key.pressed': { actions: 'forward' } },
          initial: 'typing',
          states: {
            typing: {
              on: { 'key.refused': 'tooFast' },
            },
            /** The machine dropped a key that came too fast; the socket stays open. */
            tooFast: {
              on: { 'key.refused': { target: 'tooFast', reenter: true } },
              after: { tooFastNotice: 'typing' },
            },
          },
        },
      },
      on: {
        'socket.closed': [
          { guard: 'sessionExpired', target: 'expired', actions: 'noteEnding' },
          { guard: { type: 'closedAs', params: 'signInNeeded' }, target: 'signInNeeded' },
          { guard: { type: 'closedAs', params: 'machineBusy' }, target: 'machineBusy' },
          { guard: { type: 'closedAs', params: 'replaced' }, target: 'replaced' },
          { guard: { type: 'closedAs', params: 'tooMany' }, target: 'tooMany' },
          ...dropped,
        ],
      },
    },
    reconnecting: {
      after: { backoff: 'live' },
    },
    /** A visitor, or a token the machine refused: only signing in helps, so nothing is tried again here. */
    signInNeeded: { type: 'final' },
    /** Another member is using the machine's keypad: trying again is the member's call, never automatic. */
    machineBusy: {
      on: { 'keypad.retried': { target: 'live', actions: 'resetAttempts' } },
    },
    /**
     * The member opened another machine's keypad, which closed this one (one at a time): taking this one
     * back is the member's call, never automatic, or two open pages would take it from each other for ever.
     */
    replaced: {
      on: { 'keypad.retried': { target: 'live', actions: 'resetAttempts' } },
    },
    /** Too many connections or keys from here: the member may try again after a pause. */
    tooMany: {
      initial: 'pausing',
      states: {
        pausing: { after: { limitedPause: 'retryable' } },
        retryable: {
          on: { 'keypad.retried': { target: '#keypad.live', actions: 'resetAttempts' } },
        },
      },
    },
    /** Spec §8: "Click to reconnect" — the app reloads the page. */
    expired: { type: 'final' },
  },
});

export type KeypadMachine = typeof keypadMachine;
