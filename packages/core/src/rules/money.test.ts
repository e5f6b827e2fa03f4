import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.ts';

describe('spec §9 money with 2 decimals, MXN by default', () => {
  it.each([
    [150, 'es', '$150.00'],
    [18.5, 'es', '$18.50'],
    [0, 'es', '$0.00'],
    [1234.5, 'es', '$1,234.50'],
    [150, 'en', 'MX$150.00'],
  ] as const)('formats %d in %s as %s', (amount, locale, text) => {
    expect(formatMoney(amount, locale)).toBe(text);
  });

  it('uses the machine country currency when it is another', () => {
    expect(formatMoney(10, 'en', 'USD')).toBe('$10.00');
  });
});
