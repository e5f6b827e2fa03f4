import { describe, expect, it } from 'vitest';
import { KeypadKey } from '../contract/keypad.ts';
import { KEYPAD_LAYOUT } from './keypad.ts';

describe('spec §7 touchless keypad keys', () => {
  it('holds the 14 keys of the contract, each once', () => {
    expect(KEYPAD_LAYOUT).toHaveLength(14);
    expect(new Set(KEYPAD_LAYOUT).size).toBe(14);
    expect([...KEYPAD_LAYOUT].sort()).toEqual([...KeypadKey.options].sort());
  });

  it.each([
    [0, ['1', '2', '3']],
    [1, ['4', '5', '6']],
    [2, ['7', '8', '9']],
    [3, ['star', '0', 'hash']],
    [4, ['cancel', 'return']],
  ])('lays out row %d as a phone keypad does: %j', (row, keys) => {
    expect(KEYPAD_LAYOUT.slice(row * 3, row * 3 + 3)).toEqual(keys);
  });
});
