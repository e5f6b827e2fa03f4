import { describe, expect, it } from 'vitest';
import { type CardForm, cardBrandName, checkCard, expiryYears, formatCardLabel, twoDigitYear } from './card-form.ts';

const now = new Date('2026-11-21T12:00:00');
const valid: CardForm = { number: '4242 4242 4242 4242', cvv: '123', month: '12', year: '2028', holder: 'Ana López' };

describe('spec §5 new card', () => {
  it('accepts a complete card', () => {
    expect(checkCard(valid, now)).toEqual({});
  });

  it.each([
    ['424242424242', 'card_number_length'],
    ['42424242424242424', 'card_number_length'],
    ['4242abcd42424242', 'card_number_length'],
    ['4242424242424241', 'card_number_check'],
  ])('flags the number %s (%s)', (number, problem) => {
    expect(checkCard({ ...valid, number }, now).number).toBe(problem);
  });

  it('takes a 15-digit American Express number', () => {
    expect(checkCard({ ...valid, number: '345678000000007', cvv: '1234' }, now)).toEqual({});
  });

  it.each(['12', '12345', 'abc', ''])('flags the CVV %j', (cvv) => {
    expect(checkCard({ ...valid, cvv }, now).cvv).toBe('card_cvv_length');
  });

  it('treats the MM and YYYY placeholders as not chosen', () => {
    expect(checkCard({ ...valid, month: 'MM', year: 'YYYY' }, now)).toEqual({
      month: 'card_month_missing',
      year: 'card_year_missing',
    });
  });

  it('refuses a year outside the current one through 12 more', () => {
    expect(checkCard({ ...valid, year: '2039' }, now).year).toBe('card_year_missing');
    expect(checkCard({ ...valid, year: '2025' }, now).year).toBe('card_year_missing');
  });

  it('refuses a month already past in the current year', () => {
    expect(checkCard({ ...valid, month: '10', year: '2026' }, now).month).toBe('card_expired');
    expect(checkCard({ ...valid, month: '11', year: '2026' }, now)).toEqual({});
  });

  it('needs a holder name', () => {
    expect(checkCard({ ...valid, holder: '   ' }, now).holder).toBe('card_holder_missing');
  });

  it('offers the current year through 12 more', () => {
    expect(expiryYears(now)).toEqual([2026, 2027, 2028, 2029, 2030, 2031, 2032, 2033, 2034, 2035, 2036, 2037, 2038]);
  });

  it('sends the expiry year as 2 digits (spec §7)', () => {
    expect(twoDigitYear('2028')).toBe('28');
  });
});

describe('card brands are named as brands (issue 15 point 16)', () => {
  it.each([
    ['visa', 'Visa'],
    ['mastercard', 'Mastercard'],
    ['american_express', 'American Express'],
    ['edenred', 'Edenred'],
  ])('%s reads %s', (brand, name) => {
    expect(cardBrandName(brand)).toBe(name);
  });
});

describe('a saved card is labelled one way in every list (spec §2 /payment-methods, §4 top-up)', () => {
  it('reads brand, four dots and the last four digits of the masked number', () => {
    expect(formatCardLabel({ brand: 'american_express', card_number: 'XXXXXXXXXXX0005' })).toBe(
      'American Express •••• 0005',
    );
  });
});
