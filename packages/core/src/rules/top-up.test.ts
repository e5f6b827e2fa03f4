import { describe, expect, it } from 'vitest';
import { examples } from '../contract/examples.ts';
import { checkAmount, isCvv, mayAddPaymentMethod, newestCard, topUpChoices, topUpLimits } from './top-up.ts';

const limits = topUpLimits(null);
const machine = examples.machine;

describe('spec §9 top-up limits', () => {
  it('defaults to 50 to 2000 MXN without a machine', () => {
    expect(limits).toEqual({ min: 50, max: 2000, currency: 'MXN' });
  });

  it("takes the machine country's minimum and currency", () => {
    expect(topUpLimits({ country: { ...machine.country, minimun_top_up: 80, currency_iso: 'USD' } })).toEqual({
      min: 80,
      max: 2000,
      currency: 'USD',
    });
  });
});

describe('the amounts offered (spec §9 presets; issue 32 point 5: a country whose minimum is higher)', () => {
  it("offers spec §9's 50, 100 and 200, 100 chosen, where the minimum is 50", () => {
    expect(topUpChoices({ min: 50, max: 2_000, currency: 'MXN' })).toEqual({ presets: [50, 100, 200], preset: 100 });
  });

  it('scales them by a higher minimum: a yen machine (500 to 20,000) offers 500, 1,000 and 2,000, 1,000 chosen', () => {
    expect(topUpChoices({ min: 500, max: 20_000, currency: 'JPY' })).toEqual({
      presets: [500, 1_000, 2_000],
      preset: 1_000,
    });
  });

  it('offers none past the maximum, and chooses no more than it', () => {
    expect(topUpChoices({ min: 500, max: 1_000, currency: 'XXX' })).toEqual({ presets: [500, 1_000], preset: 1_000 });
  });
});

describe('spec §5 top-up amount', () => {
  it.each(['50', '100', '2000', ' 75 '])('accepts %j', (text) => {
    expect(checkAmount(text, limits)).toEqual({ ok: true, amount: Number(text.trim()) });
  });

  it.each([
    ['', 'amount_empty'],
    ['49', 'amount_below_min'],
    ['0', 'amount_below_min'],
    ['2001', 'amount_above_max'],
    ['100.50', 'amount_not_whole'],
    ['100,5', 'amount_not_whole'],
    ['1e3', 'amount_not_whole'],
    ['-100', 'amount_not_whole'],
    ['cien', 'amount_not_whole'],
    ['１００', 'amount_not_whole'],
  ] as const)('refuses %j as %s', (text, problem) => {
    expect(checkAmount(text, limits)).toEqual({ ok: false, problem });
  });

  it('uses the machine minimum', () => {
    expect(checkAmount('60', { min: 80, max: 2000, currency: 'MXN' })).toEqual({
      ok: false,
      problem: 'amount_below_min',
    });
  });
});

describe('saved-card top-up', () => {
  it.each([
    ['123', true],
    ['1234', true],
    ['12', false],
    ['12345', false],
    ['12a', false],
    ['', false],
  ])('CVV %j is valid: %s', (cvv, valid) => {
    expect(isCvv(cvv)).toBe(valid);
  });

  it('preselects the newest card (highest id)', () => {
    const card = (id: number) => ({ ...examples.card, id });
    expect(newestCard([card(3), card(9), card(5)])?.id).toBe(9);
    expect(newestCard([])).toBeNull();
  });
});

describe('spec §2 /payment-methods: a complete profile first', () => {
  it.each([
    [{ name: 'Ana', email: 'a@b.mx', gender: 'Mujer' as const }, true],
    [{ name: '', email: 'a@b.mx', gender: 'Mujer' as const }, false],
    [{ name: 'Ana', email: null, gender: 'Mujer' as const }, false],
    [{ name: 'Ana', email: 'a@b.mx', gender: null }, false],
    [null, false],
  ])('%o may add a card: %s', (member, allowed) => {
    expect(mayAddPaymentMethod(member)).toBe(allowed);
  });
});
