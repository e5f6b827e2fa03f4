import {
  type CommunityMember,
  type CreditCard,
  cvvPattern,
  type ProductServer,
  topUpBounds,
  topUpMaximum,
} from '../contract/index.ts';

/** Spec §9 top-up: presets and the default; the limits are the contract's `topUpBounds`. */
export const TOP_UP_PRESETS = [50, 100, 200] as const;
export const DEFAULT_TOP_UP = 100;
/** Spec §9: the redirect pay button stays disabled this long after a click. */
export const REDIRECT_PAY_COOLDOWN_MS = 2_000;

export interface TopUpLimits {
  readonly min: number;
  readonly max: number;
  readonly currency: string;
}

/**
 * Spec §4 top-up: the machine country's minimun_top_up and currency_iso override the defaults (50, MXN);
 * the maximum is the one stated for the currency (issue 32 point 5).
 */
export function topUpLimits(machine: Pick<ProductServer, 'country'> | null): TopUpLimits {
  const currency = machine?.country.currency_iso ?? topUpBounds.defaultCurrency;
  return {
    min: machine?.country.minimun_top_up ?? topUpBounds.defaultMinimum,
    max: topUpMaximum(currency),
    currency,
  };
}

/**
 * The amounts offered for a country's limits, and the one chosen at first: spec §9's (50, 100, 200; 100)
 * where the minimum is 50, scaled by the minimum where it is higher (a yen machine's 500: 500, 1,000,
 * 2,000; 1,000, issue 32 point 5), none past the maximum.
 */
export function topUpChoices(limits: TopUpLimits): { readonly presets: readonly number[]; readonly preset: number } {
  const scale = Math.max(1, limits.min / TOP_UP_PRESETS[0]);
  const presets = TOP_UP_PRESETS.map((amount) => Math.round(amount * scale)).filter((amount) => amount <= limits.max);
  return { presets, preset: Math.min(Math.round(DEFAULT_TOP_UP * scale), limits.max) };
}

export type AmountProblem = 'amount_empty' | 'amount_not_whole' | 'amount_below_min' | 'amount_above_max';

export type AmountCheck = { ok: true; amount: number } | { ok: false; problem: AmountProblem };

/**
 * Spec §5 top-up amount: digits only, a whole number from the minimum to 2000.
 * Letters, signs, separators and decimals are all "Only numbers are allowed, no decimals".
 */
export function checkAmount(text: string, limits: TopUpLimits): AmountCheck {
  const typed = text.trim();
  if (typed === '') return { ok: false, problem: 'amount_empty' };
  if (!/^\d+$/.test(typed)) return { ok: false, problem: 'amount_not_whole' };
  const amount = Number(typed);
  if (amount < limits.min) return { ok: false, problem: 'amount_below_min' };
  if (amount > limits.max) return { ok: false, problem: 'amount_above_max' };
  return { ok: true, amount };
}

/** Spec §5: a saved card's CVV is 3 or 4 digits. */
export const isCvv = (text: string) => cvvPattern.test(text);

/** Spec §4 top-up: the newest card (highest id) is preselected. */
export function newestCard(cards: readonly CreditCard[]): CreditCard | null {
  return cards.reduce<CreditCard | null>((newest, card) => (!newest || card.id > newest.id ? card : newest), null);
}

/** Spec §2 /payment-methods: adding a card needs a name, an email and a gender first. */
export function mayAddPaymentMethod(member: Pick<CommunityMember, 'name' | 'email' | 'gender'> | null): boolean {
  return Boolean(member?.name && member.email && member.gender);
}
