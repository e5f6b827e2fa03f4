import { describe, expect, it } from 'vitest';
import { hasKeypad, inventoryTabs } from './insert-coin.ts';

describe('spec §2 the insert-coin tab exists only on numeric-keyboard machines', () => {
  it.each([
    ['numeric', true, [0, 1]],
    ['alphanumeric', false, [0]],
    ['Numeric', false, [0]],
    ['', false, [0]],
    [null, false, [0]],
    [undefined, false, [0]],
  ])('mobile_keyboard_type %j: keypad %j, tabs %j', (type, keypad, tabs) => {
    const machine = { mobile_keyboard_type: type };

    expect(hasKeypad(machine)).toBe(keypad);
    expect(inventoryTabs(machine)).toEqual(tabs);
  });
});
