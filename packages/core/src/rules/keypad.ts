import { KEYPAD_CLOSE_CODES, type KeypadKey } from '../contract/keypad.ts';

/**
 * Spec §7: the keys are 1 to 9, 0, star, hash, return and cancel. Laid out as a
 * phone keypad shows them, row by row: 1 2 3 / 4 5 6 / 7 8 9 / star 0 hash /
 * cancel return.
 */
export const KEYPAD_LAYOUT: readonly KeypadKey[] = [
  '1',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  'star',
  '0',
  'hash',
  'cancel',
  'return',
];

/** Why a keypad socket closed, as the keypad flow tells them apart. */
export type KeypadClosing = keyof typeof KEYPAD_CLOSE_CODES | 'dropped';

export function keypadClosing(code: number): KeypadClosing {
  const named = (Object.keys(KEYPAD_CLOSE_CODES) as (keyof typeof KEYPAD_CLOSE_CODES)[]).find(
    (closing) => KEYPAD_CLOSE_CODES[closing] === code,
  );
  return named ?? 'dropped';
}

/**
 * What a message from the machine means to the member: `ready` (keys are accepted from now on), `tooFast`
 * (a key came faster than the machine takes them and was dropped), or nothing to show (a key's
 * acknowledgement, anything unknown).
 */
export function keypadReply(message: unknown): 'ready' | 'tooFast' | null {
  if (typeof message !== 'object' || message === null) return null;
  if ((message as { ready?: unknown }).ready === true) return 'ready';
  const error = (message as { error?: { error_code?: unknown } }).error;
  return error?.error_code === 'too_many_requests' ? 'tooFast' : null;
}
