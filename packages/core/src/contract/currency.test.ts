import { describe, expect, it } from 'vitest';
import { currencyDigits, fromMinorUnits, toMinorUnits } from './currency.ts';

describe("amounts in each currency's minor unit as ISO 4217 sets it (issue 32 point 5)", () => {
  it.each([
    ['MXN', 2, 2_000, 200_000],
    ['JPY', 0, 2_000, 2_000],
    ['KWD', 3, 2, 2_000],
  ] as const)('%s has %i decimals: %d is %d minor units, and back', (currency, digits, amount, minor) => {
    expect([currencyDigits(currency), toMinorUnits(amount, currency), fromMinorUnits(minor, currency)]).toEqual([
      digits,
      minor,
      amount,
    ]);
  });
});
