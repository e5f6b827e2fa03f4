import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AmountProblem, CardProblem } from '@vendo/core';

/** Spec §5 top-up amount messages; {min} and {max} are the limits in force. */
export const amountMessages: Record<AmountProblem, MessageDescriptor> = {
  amount_empty: msg`Type an amount.`,
  amount_not_whole: msg`Only numbers are allowed, no decimals`,
  amount_below_min: msg`Minimum amount {min}`,
  amount_above_max: msg`Maximum amount {max}`,
};

/** Spec §5 new card: what is wrong with each field. */
export const cardMessages: Record<CardProblem, MessageDescriptor> = {
  card_number_length: msg`The card number has 15 or 16 digits.`,
  card_number_check: msg`Check the card number: a digit is wrong.`,
  card_cvv_length: msg`The CVV has 3 or 4 digits.`,
  card_month_missing: msg`Choose the expiry month.`,
  card_year_missing: msg`Choose the expiry year.`,
  card_expired: msg`This card has expired.`,
  card_holder_missing: msg`Type the name on the card.`,
};
