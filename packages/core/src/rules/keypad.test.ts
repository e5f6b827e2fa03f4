import { describe, expect, it } from 'vitest';
import { KeypadKey } from '../contract/keypad.ts';
import { KEYPAD_LAYOUT, keypadClosing, keypadReply } from './keypad.ts';

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

describe('the keypad socket protocol: why a session closed', () => {
  it.each([
    [4000, 'endedByMachine'],
    [4401, 'signInNeeded'],
    [4408, 'idle'],
    [4409, 'machineBusy'],
    [4410, 'replaced'],
    [4429, 'tooMany'],
    [4440, 'timeUp'],
    [1009, 'dropped'],
    [1006, 'dropped'],
    [1011, 'dropped'],
  ] as const)('close code %d → %s', (code, closing) => {
    expect(keypadClosing(code)).toBe(closing);
  });
});

describe('the keypad socket protocol: what a message from the machine means', () => {
  it.each([
    [{ ready: true }, 'ready'],
    [{ error: { error_code: 'too_many_requests', message: 'Too many keys' } }, 'tooFast'],
    [{ ok: true, key: '7' }, null],
    [{ error: { error_code: 'invalid_key' } }, null],
    [{ ready: 'yes' }, null],
    [null, null],
    ['ready', null],
    [undefined, null],
  ] as const)('%j → %s', (message, reply) => {
    expect(keypadReply(message)).toBe(reply);
  });
});
