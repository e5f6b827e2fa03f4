import { describe, expect, it } from 'vitest';
import { cardBrandOf, passesLuhn } from './card-number.ts';

describe('spec §5/§7 card numbers, one rule for the form and the provider', () => {
  it.each([
    ['4111111111111111', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2221000000000009', 'mastercard'],
    ['2720990000000007', 'mastercard'],
    ['345678000000007', 'american_express'],
    ['6011000000000004', null],
  ])('names the brand of %s: %s', (digits, brand) => {
    expect(cardBrandOf(digits)).toBe(brand);
  });

  it.each([
    ['4111111111111111', true],
    ['4111111111111112', false],
    ['378282246310005', true],
    ['378282246310006', false],
  ])('%s passes the Luhn check: %s', (digits, passes) => {
    expect(passesLuhn(digits)).toBe(passes);
  });
});
