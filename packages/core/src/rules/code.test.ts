import { describe, expect, it } from 'vitest';
import { codeDigits, isCompleteCode } from './code.ts';

describe('spec §5 verification code: 4 digits', () => {
  it.each([
    ['1234', '1234'],
    ['12a3', '123'],
    ['123456', '1234'],
    [' 4 8 2 1 ', '4821'],
  ])('keeps the digits of %j', (input, code) => {
    expect(codeDigits(input)).toBe(code);
  });

  it.each([
    ['1234', true],
    ['123', false],
    ['12345', false],
    ['12a4', false],
  ])('%j is complete: %j', (code, complete) => {
    expect(isCompleteCode(code)).toBe(complete);
  });
});
