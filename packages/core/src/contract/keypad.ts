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
