import { assign, fromCallback, sendTo, setup } from 'xstate';
import type { KeypadKey } from '../../contract/keypad.ts';
import type { KeypadSocketPort } from '../../ports.ts';

export interface KeypadContext {
  readonly machineName: string;
  readonly attempts: number;
}

export type KeypadEvent =
  | { type: 'key.pressed'; key: KeypadKey }
  | { type: 'socket.opened' }
  | { type: 'socket.closed'; byMachine: boolean };

type SocketCommand = { type: 'key.pressed'; key: KeypadKey };

/** Connection drops are retried this many times before the member is asked to reconnect. */
export const KEYPAD_RECONNECTS = 3;

/** The keypad socket: a callback actor that owns the connection and closes it on cleanup. */
export const keypadSocket = (port: KeypadSocketPort) =>
  fromCallback<SocketCommand, { machineName: string }>(({ input, sendBack, receive }) => {
    const connection = port.connect(input.machineName, {
      onOpen: () => sendBack({ type: 'socket.opened' }),
      onClose: (byMachine) => sendBack({ type: 'socket.closed', byMachine }),
    });
    receive((command) => connection.send(command.key));
    return () => connection.close();
  });

/**
 * Spec §4 keypad: a socket to the machine's keypad path; keys go as JSON
 * messages. When the machine ends the session the session-expired modal shows
 * ("Click to reconnect" reloads the page); a dropped connection is retried a
 * bounded number of times first.
 */
export const keypadMachine = setup({
  types: {} as { context: KeypadContext; events: KeypadEvent; input: { machineName: string } },
  actors: {
    socket: fromCallback<SocketCommand, { machineName: string }>(() => () => {}),
  },
  delays: {
    /** 1 s, 2 s, 4 s between reconnect attempts. */
    backoff: ({ context }) => 1_000 * 2 ** Math.max(0, context.attempts - 1),
  },
  guards: {
    closedByMachine: ({ event }) => event.type === 'socket.closed' && event.byMachine,
    attemptsLeft: ({ context }) => context.attempts < KEYPAD_RECONNECTS,
  },
  actions: {
    forward: sendTo('socket', ({ event }) => event as SocketCommand),
    countAttempt: assign(({ context }) => ({ attempts: context.attempts + 1 })),
    resetAttempts: assign({ attempts: 0 }),
  },
}).createMachine({
  id: 'keypad',
  context: ({ input }) => ({ machineName: input.machineName, attempts: 0 }),
  initial: 'live',
  states: {
    /** The socket lives as long as this state: leaving it closes the connection. */
    live: {
      invoke: { id: 'socket', src: 'socket', input: ({ context }) => ({ machineName: context.machineName }) },
      initial: 'connecting',
      states: {
        connecting: {
          on: { 'socket.opened': { target: 'open', actions: 'resetAttempts' } },
        },
        open: {
          on: { 'key.pressed': { actions: 'forward' } },
        },
      },
      on: {
        'socket.closed': [
          { guard: 'closedByMachine', target: 'expired' },
          { guard: 'attemptsLeft', target: 'waiting', actions: 'countAttempt' },
          { target: 'expired' },
        ],
      },
    },
    waiting: {
      after: { backoff: 'live' },
    },
    /** Spec §8: "Click to reconnect" — the app reloads the page. */
    expired: { type: 'final' },
  },
});

export type KeypadMachine = typeof keypadMachine;
