import type { CardBrand } from './card.ts';

/** A brand a card number names by its first digits (a meal-voucher card is added another way). */
export type NumberedCardBrand = Exclude<CardBrand, 'edenred'>;

/**
 * Spec §5/§7 card numbers, as the member's form checks them and the card provider accepts them:
 * each brand's first digits, its number's length and its CVV's length.
 */
export const cardBrands: Readonly<
  Record<NumberedCardBrand, { readonly prefix: RegExp; readonly length: number; readonly cvvLength: number }>
> = {
  american_express: { prefix: /^3[47]/, length: 15, cvvLength: 4 },
  visa: { prefix: /^4/, length: 16, cvvLength: 3 },
  mastercard: { prefix: /^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/, length: 16, cvvLength: 3 },
};

/** Spec §5 new card: a card number is 15 or 16 digits. */
export const cardNumberPattern = /^\d{15,16}$/;
/** Spec §5: a CVV is 3 or 4 digits (the brand's own length is the provider's check). */
export const cvvPattern = /^\d{3,4}$/;

/** The last digits of a card a receipt names (issue 35 point 3). */
export const cardLastFourPattern = /^\d{4}$/;

/** The brand the provider will name, from the number's first digits (typed so far). */
export function cardBrandOf(digits: string): NumberedCardBrand | null {
  const named = (['american_express', 'visa', 'mastercard'] as const).find((brand) =>
    cardBrands[brand].prefix.test(digits),
  );
  return named ?? null;
}

/** The Luhn check every card number passes; catches a mistyped digit before the provider does. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
