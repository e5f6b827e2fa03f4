import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { Clabe, clabeCheckDigit, clabeOf, isValidClabe } from './clabe.ts';

describe('issue 37 point 2: the CLABE check digit (weights 3, 7, 1)', () => {
  it.each([
    // Wikipedia's "CLABE" article: Banamex (002), plaza 010, account 07777777777.
    ['002010077777777771', 1],
    // The example BBVA and most Mexican banks' help pages show (bank 032, plaza 180).
    ['032180000118359719', 9],
    ['646180157000000004', 4],
  ])('%s ends in its check digit %i', (clabe, digit) => {
    const first17 = clabe.slice(0, 17);

    const computed = clabeCheckDigit(first17);

    expect(computed).toBe(digit);
    expect(isValidClabe(clabe)).toBe(true);
  });

  it('reads a sum whose units are 0 as the check digit 0, not 10', () => {
    // 0·3 + … over seventeen zeros sums to 0: (10 − 0) mod 10 is 0.
    expect(clabeCheckDigit('00000000000000000')).toBe(0);
  });

  it.each([
    ['a wrong check digit', '002010077777777772'],
    ['17 digits', '00201007777777777'],
    ['19 digits', '0020100777777777710'],
    ['a letter', '00201007777777777A'],
    ['spaces', '002 010 07777777777 1'],
    ['nothing', ''],
  ])('refuses %s', (_, text) => {
    expect(isValidClabe(text)).toBe(false);
    expect(z.safeParse(Clabe, text).success).toBe(false);
  });

  it('makes a valid CLABE of a bank, a branch and an 11-digit account', () => {
    const clabe = clabeOf('002', '010', 7_777_777_777);

    expect(clabe).toBe('002010077777777771');
    expect(z.safeParse(Clabe, clabe).success).toBe(true);
  });
});
