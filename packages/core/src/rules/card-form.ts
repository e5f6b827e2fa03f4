import { type CreditCard, cardNumberPattern, cvvPattern, passesLuhn } from '../contract/index.ts';

/** What the add-card form holds (spec §5 new card); month and year are '' until chosen. */
export interface CardForm {
  readonly number: string;
  readonly cvv: string;
  readonly month: string;
  readonly year: string;
  readonly holder: string;
}

export type CardField = keyof CardForm;

export type CardProblem =
  | 'card_number_length'
  | 'card_number_check'
  | 'card_cvv_length'
  | 'card_month_missing'
  | 'card_year_missing'
  | 'card_expired'
  | 'card_holder_missing';

/** Spec §9: expiry years run from the current one through 12 more. */
export function expiryYears(now: Date): number[] {
  const first = now.getFullYear();
  return Array.from({ length: 13 }, (_, index) => first + index);
}

export const EXPIRY_MONTHS = Array.from({ length: 12 }, (_, index) => String(index + 1).padStart(2, '0'));

/** Spaces and dashes a member types or pastes into a card number are not part of it. */
export const cardDigits = (number: string) => number.replace(/[\s-]/g, '');

/**
 * Spec §5 new card: number 15 or 16 digits, CVV 3 or 4, month and year chosen
 * (the MM and YYYY placeholders are not a choice) and not past, holder name
 * non-empty. Returns each failing field with its problem.
 */
export function checkCard(form: CardForm, now: Date): Partial<Record<CardField, CardProblem>> {
  const problems: Partial<Record<CardField, CardProblem>> = {};
  const digits = cardDigits(form.number);
  if (!cardNumberPattern.test(digits)) problems.number = 'card_number_length';
  else if (!passesLuhn(digits)) problems.number = 'card_number_check';
  if (!cvvPattern.test(form.cvv)) problems.cvv = 'card_cvv_length';
  const month = EXPIRY_MONTHS.includes(form.month) ? Number(form.month) : null;
  const year = expiryYears(now).includes(Number(form.year)) ? Number(form.year) : null;
  if (month === null) problems.month = 'card_month_missing';
  if (year === null) problems.year = 'card_year_missing';
  if (month !== null && year !== null && year === now.getFullYear() && month < now.getMonth() + 1) {
    problems.month = 'card_expired';
  }
  if (form.holder.trim() === '') problems.holder = 'card_holder_missing';
  return problems;
}

/** Spec §7 tokenisation: the expiry year is sent as its last 2 digits. */
export const twoDigitYear = (year: string) => year.slice(-2);

const brandNames: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  american_express: 'American Express',
  edenred: 'Edenred',
};

/** A card brand as the member knows it ("Visa", not the provider's "visa"), everywhere a card is named. */
export const cardBrandName = (brand: string): string => brandNames[brand] ?? brand;

/** The last four digits of a saved card's masked number, by which a member tells their cards apart. */
export const cardEnding = (card: Pick<CreditCard, 'card_number'>): string => card.card_number.slice(-4);

/** A saved card in a list or a picker: "Visa •••• 1111". */
export const formatCardLabel = (card: Pick<CreditCard, 'brand' | 'card_number'>): string =>
  `${cardBrandName(card.brand)} •••• ${cardEnding(card)}`;
