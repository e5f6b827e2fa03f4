import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ivaWithinTolerance, paymentForm, prepaidTaxSplit } from './cfdi-amounts.ts';

describe('issue 37 point 3: a top-up split into subtotal and IVA (anticipo, price VAT included)', () => {
  it.each([
    [10_000, 8_621, 1_379],
    [20_000, 17_241, 2_759],
    [5_000, 4_310, 690],
    [199_999, 172_413, 27_586],
    [1, 1, 0],
  ])('%i cents are %i of subtotal and %i of IVA', (total, subtotal, iva) => {
    const split = prepaidTaxSplit(total);

    expect(split).toEqual({ subtotal, iva, total });
  });

  it('adds up to the cent and keeps the IVA within ±1 cent of subtotal × 16 % for every total', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500_000 }), (total) => {
        const { subtotal, iva } = prepaidTaxSplit(total);

        expect(subtotal + iva).toBe(total);
        expect(Math.abs(iva - subtotal * 0.16)).toBeLessThanOrEqual(1);
        expect(ivaWithinTolerance(subtotal, iva)).toBe(true);
      }),
    );
  });

  it('refuses a total that is not a positive number of cents', () => {
    expect(() => prepaidTaxSplit(0)).toThrow(RangeError);
    expect(() => prepaidTaxSplit(10.5)).toThrow(RangeError);
  });
});

describe("issue 37 point 3: SAT's tolerance for the transferred IVA", () => {
  it.each([
    ['the split of 100.00', 8_621, 1_379, true],
    ['one cent below (Base − 0.005) × 0.16 truncated', 8_621, 1_378, false],
    ['one cent above (Base + 0.005) × 0.16 rounded up', 8_621, 1_381, false],
    ['the rounded-up limit itself', 8_621, 1_380, true],
  ])('%s: %i and %i → %s', (_, subtotal, iva, within) => {
    expect(ivaWithinTolerance(subtotal, iva)).toBe(within);
  });
});

describe('issue 37 point 3: the c_FormaPago of a top-up', () => {
  it.each([
    ['card', '04'],
    ['automatic', '04'],
    ['auto', '04'],
    ['direct_payment', '04'],
    ['checkout', '04'],
    ['redirect', '04'],
    ['voucher', '08'],
    ['reference', '01'],
    ['spei', '03'],
  ] as const)('%s is paid with form %s', (method, form) => {
    expect(paymentForm(method)).toBe(form);
  });
});
