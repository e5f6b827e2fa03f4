import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatCardCharge, formatMoney, formatMovement } from './money.ts';

describe('spec §9 money with 2 decimals, MXN by default', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each([
    [150, 'es', '$150.00'],
    [18.5, 'es', '$18.50'],
    [0, 'es', '$0.00'],
    [1234.5, 'es', '$1,234.50'],
    [150, 'en', '$150.00'],
    [14, 'en', '$14.00'],
    [1234.5, 'en', '$1,234.50'],
  ] as const)('formats %d in %s as %s', (amount, locale, text) => {
    expect(formatMoney(amount, locale)).toBe(text);
  });

  it.each([
    [14, 'es'],
    [14, 'en'],
  ] as const)('writes pesos one way in both languages (issue 15 point 15): %d in %s is $14.00', (amount, locale) => {
    expect(formatMoney(amount, locale)).toBe('$14.00');
  });

  it.each([
    [14, 'es', '$14.00 MXN'],
    [2000, 'en', '$2,000.00 MXN'],
  ] as const)('names MXN on an amount charged to a card (issue 15 point 15): %d in %s', (amount, locale, text) => {
    expect(formatCardCharge(amount, locale)).toBe(text);
  });

  it('uses the machine country currency when it is another', () => {
    expect(formatMoney(10, 'en', 'USD')).toBe('$10.00');
  });

  it.each([
    [2000, 'es', 'JPY', '¥2,000'],
    [2000, 'en', 'JPY', '¥2,000'],
    [1234.5, 'en', 'JPY', '¥1,235'],
    [1.5, 'en', 'KWD', 'KWD 1.500'],
    [2000, 'es', 'MXN', '$2,000.00'],
  ] as const)(
    'writes %d in %s %s with the currency’s ISO 4217 decimals as %s (issue 32 point 5)',
    (amount, locale, currency, text) => {
      expect(formatMoney(amount, locale, currency).replace(/\u00a0/g, ' ')).toBe(text);
    },
  );

  // Pesos are written as es-MX writes them, in both languages.
  const intl = (_locale: 'es' | 'en') =>
    new Intl.NumberFormat('es-MX', {
      style: 'currency',
      currency: 'MXN',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
  const tricky = [0.005, 1.005, 2.675, 1.995, 0.994999, 999.995, 123456789.125, 999999999999.99, 1e15 - 1, -0];
  const others = [-0.001, -0.005, -1234.565, Number.NaN, Number.POSITIVE_INFINITY, 1e21, 1e-7];

  it.each([...tricky, ...others].flatMap((amount) => [[amount, 'es'] as const, [amount, 'en'] as const]))(
    'writes %d pesos in %s exactly as Intl.NumberFormat does in es-MX, roundings and signs included',
    (amount, locale) => {
      expect(formatMoney(amount, locale)).toBe(intl(locale).format(amount));
    },
  );

  it('writes pesos without creating an Intl.NumberFormat, which the first paint cannot afford', () => {
    const created = vi.spyOn(Intl, 'NumberFormat');

    formatMoney(14.5, 'es');
    formatMoney(19.25, 'en');

    expect(created).not.toHaveBeenCalled();
  });
});

describe('a movement of the balance (issue 15 point 17)', () => {
  it('shows a purchase as what it cost, with no minus sign', () => {
    expect(formatMovement(-6.5, 'es')).toBe('$6.50');
  });

  it('marks money coming in with a plus sign', () => {
    expect(formatMovement(100, 'en')).toBe('+$100.00');
  });
});
