import * as z from 'zod/mini';
import { cardNumberPattern, cvvPattern } from './card-number.ts';
import { Id, nullish } from './primitives.ts';

/** Spec §3/§9 card brands; edenred is the meal-voucher card. */
export const CardBrand = z.enum(['mastercard', 'american_express', 'visa', 'edenred']);
export type CardBrand = z.infer<typeof CardBrand>;

/** A saved card. `card_number` is the masked number the provider shows. */
export const CreditCard = z.object({
  id: Id,
  card_number: z.string(),
  brand: CardBrand,
});
export type CreditCard = z.infer<typeof CreditCard>;

/**
 * Spec §7 card provider tokenisation request. It goes to the provider, never to
 * Vendo's API; the expiry year travels as its last 2 digits.
 */
export const CardTokenRequest = z.object({
  card_number: z.string().check(z.regex(cardNumberPattern)),
  holder_name: z.string().check(z.minLength(1)),
  expiration_year: z.string().check(z.regex(/^\d{2}$/)),
  expiration_month: z.string().check(z.regex(/^(0[1-9]|1[0-2])$/)),
  cvv2: z.string().check(z.regex(cvvPattern)),
});
export type CardTokenRequest = z.infer<typeof CardTokenRequest>;

export const CardTokenResponse = z.object({
  id: z.string().check(z.minLength(1)),
  card: z.object({
    brand: z.string(),
    card_number: nullish(z.string()),
  }),
});
export type CardTokenResponse = z.infer<typeof CardTokenResponse>;
