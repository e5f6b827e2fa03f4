import { describe, expect, it } from 'vitest';
import { isEmployeeNumber, isEmployeeNumberMachine } from './employee-machines.ts';

describe('spec §2 employee-number machines', () => {
  it.each(['757', '758', '856', '858', '887', '892', '894'])('includes the numeric ID %s', (id) => {
    expect(isEmployeeNumberMachine(id)).toBe(true);
  });

  it.each(Array.from({ length: 11 }, (_, index) => String(10 + index)))('includes the ID %s of 10 to 20', (id) => {
    expect(isEmployeeNumberMachine(id)).toBe(true);
  });

  it.each([
    'nim115a',
    'nim116',
    'secic491x',
    'secic492',
    'secic157-2',
    'secic188',
    'secic407b',
    'nim700',
    'nim705z',
    'nim710',
  ])('includes %s by its prefix', (id) => {
    expect(isEmployeeNumberMachine(id)).toBe(true);
  });

  it.each(['demo', '9', '21', '7570', 'nim117', 'nim699', 'nim711', 'secic490', 'xnim115', '', null])(
    'excludes %j',
    (id) => {
      expect(isEmployeeNumberMachine(id)).toBe(false);
    },
  );

  it('reads IDs whatever their case', () => {
    expect(isEmployeeNumberMachine('NIM115A')).toBe(true);
  });
});

describe('spec §5 employee number: 8 to 10 digits', () => {
  it.each([
    ['12345678', true],
    ['1234567890', true],
    ['1234567', false],
    ['12345678901', false],
    ['1234abcd', false],
  ])('%j is valid: %j', (value, valid) => {
    expect(isEmployeeNumber(value)).toBe(valid);
  });
});
