import * as z from 'zod/mini';

/** Spec §7 touchless keyboard keys. */
export const KeypadKey = z.enum(['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', 'star', 'hash', 'return', 'cancel']);
export type KeypadKey = z.infer<typeof KeypadKey>;

/** One key press, sent as a JSON message over the machine's keypad socket. */
export const KeypadMessage = z.object({ key: KeypadKey });
export type KeypadMessage = z.infer<typeof KeypadMessage>;

/**
 * The first message on a keypad socket: the member's token, in a message rather than the URL, where
 * logs and proxies would keep it. The machine answers KeypadReady when the member may type on it.
 */
export const KeypadSignIn = z.object({ token: z.string().check(z.minLength(1)) });
export type KeypadSignIn = z.infer<typeof KeypadSignIn>;

export const KeypadReady = z.object({ ready: z.literal(true) });
export type KeypadReady = z.infer<typeof KeypadReady>;

/**
 * Close codes of the keypad socket (Vendo's protocol: spec §7 names none). Anything else, 1009 (a message
 * too large) included, is a connection that dropped.
 */
export const KEYPAD_CLOSE_CODES = {
  /** The machine ended the session: spec §8 session-expired modal. */
  endedByMachine: 4000,
  /** No token, a refused one, or none within the server's wait: only signing in helps. */
  signInNeeded: 4401,
  /** No key reached the machine for its user_type_timeout: spec §8 session-expired modal (issue 32 point 7). */
  idle: 4408,
  /** Another member is using this machine's keypad. */
  machineBusy: 4409,
  /** The member opened another machine's keypad: a member holds one at a time (issue 32 point 7). */
  replaced: 4410,
  /** Too many connections or keys from here: later. */
  tooMany: 4429,
  /** The session reached the server's longest keypad session: spec §8 session-expired modal (issue 32 point 7). */
  timeUp: 4440,
} as const;
