import type { KeypadKey } from '../contract/keypad.ts';

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
