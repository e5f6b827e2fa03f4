import type { KeypadKey } from '../../contract/keypad.ts';
import type { KeypadClosing } from '../../rules/keypad.ts';

export interface KeypadInput {
  readonly machineName: string;
  /** The member's auth token; null for a visitor, who may not type on a machine. */
  readonly token: string | null;
}

export interface KeypadContext extends KeypadInput {
  readonly attempts: number;
  /** Why the session expired, once it has. */
  readonly endedAs: KeypadClosing | null;
}

export type KeypadEvent =
  | { type: 'key.pressed'; key: KeypadKey }
  | { type: 'keypad.retried' }
  | { type: 'socket.ready' }
  | { type: 'key.refused' }
  | { type: 'socket.closed'; closing: KeypadClosing };

/** What the machine tells the socket actor to send. */
export type SocketCommand = { type: 'key.pressed'; key: KeypadKey };

/** The socket is opened for a signed-in member only, so it always has a token. */
export interface KeypadSocketInput {
  machineName: string;
  token: string;
}
