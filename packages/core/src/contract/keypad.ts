import * as z from 'zod/mini';

/** Spec §7 touchless keyboard keys. */
export const KeypadKey = z.enum(['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', 'star', 'hash', 'return', 'cancel']);
export type KeypadKey = z.infer<typeof KeypadKey>;

/** One key press, sent as a JSON message over the machine's keypad socket. */
export const KeypadMessage = z.object({ key: KeypadKey });
export type KeypadMessage = z.infer<typeof KeypadMessage>;
