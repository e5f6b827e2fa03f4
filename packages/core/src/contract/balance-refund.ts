import * as z from 'zod/mini';
import { CardBrand } from './card.ts';
import { isValidClabe } from './clabe.ts';
import { monthIn } from './money-windows.ts';
import { Id, Money, Timestamp } from './primitives.ts';

/**
 * Issue 37 point 4: a balance refund gives the member's own money back (never bonus credit). "Refund" alone
 * already names a purchase given back (a problem report's), so this one is always a *balance* refund.
 */
export const balanceRefundRules = {
  /**
   * How long after a charge the emulated card provider still refunds it to the card (its setting; real
   * acquirers in Mexico allow about 180 days). Past it, that share goes back by SPEI.
   */
  cardRefundWindowDays: 180,
  /** At most this many balance refunds a Mexico City month (refused ones do not count: their money came back). */
  monthlyCount: 3,
  /** At most this much a Mexico City month, in minor units of the currency: MX$5,000.00. */
  monthlyAmountCents: 500_000,
  /** Below MX$10.00 a transfer costs more than it returns: nothing smaller is sent. */
  minimumCents: 1_000,
  /**
   * A SPEI part goes to an account in the member's name: for a week after the profile's name changed, none is
   * sent (someone who took over the account cannot name their own account and cash it out at once).
   */
  nameSettleDays: 7,
} as const;

/**
 * The bank code of Vendo's own CLABEs (issue 37 point 2's emulated bank). Money sent there would come straight
 * back into the balance, so a refund never goes to one.
 */
export const vendoClabeBank = '999';

/** How a credited top-up came in: each goes back its own way. A meal-voucher card is a `card` (brand edenred). */
export type RefundableMethod = 'card' | 'reference' | 'spei' | 'checkout';

export interface RefundableTopUp {
  readonly id: number;
  readonly method: RefundableMethod;
  readonly amountCents: number;
  /** What earlier balance refunds already gave back of it. */
  readonly refundedCents: number;
  readonly paidAt: Date;
  /** The bonus credit it earned (issue 36) and what of that grant is left unspent now; null for none. */
  readonly bonus?: { readonly grantCents: number; readonly leftCents: number } | null;
  /** The card charged (a saved card, an automatic top-up's, a meal-voucher card); null for cash and transfers. */
  readonly card: {
    readonly id: number;
    readonly brand: string;
    readonly last4: string;
    readonly deleted: boolean;
  } | null;
}

/** Why a share goes back by SPEI rather than to a card. */
export const SpeiReason = z.enum(['cash', 'spei', 'checkout', 'card_deleted', 'refund_window_passed', 'other']);
export type SpeiReason = z.infer<typeof SpeiReason>;

/**
 * What one top-up gives back in a part: `amountCents` goes out to the card or by SPEI; `keptCents` of the money
 * held stays with the operator for bonus credit already spent, and `bonusWithdrawnCents` of its unspent bonus
 * is taken back (bonusClawback).
 */
export interface PlannedShare {
  readonly topUpId: number | null;
  readonly amountCents: number;
  readonly keptCents: number;
  readonly bonusWithdrawnCents: number;
  readonly why: SpeiReason | null;
}

/**
 * Issue 37 point 4 with issue 36's bonus: a top-up's money goes back with the bonus credit it earned. Giving back
 * `takeCents` of a top-up of `topUpCents` takes back the share of its grant that money earned (rounded up to the
 * centavo): from what is left of the grant first, and what of it was already spent is kept from the money given
 * back (never more than `takeCents`). So a member never keeps a bonus for money they took back: $200.00 with a
 * $10.00 bonus given back whole withdraws the $10.00, or keeps $10.00 of the $200.00 once the bonus was spent.
 */
export function bonusClawback(input: {
  readonly takeCents: number;
  readonly topUpCents: number;
  readonly grantCents: number;
  readonly leftCents: number;
}): { withdrawCents: number; keptCents: number } {
  if (input.grantCents <= 0 || input.topUpCents <= 0 || input.takeCents <= 0) return { withdrawCents: 0, keptCents: 0 };
  const due = Math.min(input.grantCents, Math.ceil((input.grantCents * input.takeCents) / input.topUpCents));
  const withdrawCents = Math.min(due, Math.max(0, input.leftCents));
  return { withdrawCents, keptCents: Math.min(input.takeCents, due - withdrawCents) };
}

export interface PlannedPart {
  readonly way: 'card' | 'spei';
  readonly amountCents: number;
  readonly card: { readonly id: number; readonly brand: string; readonly last4: string } | null;
  readonly shares: readonly PlannedShare[];
}

export interface RefundPlanInput {
  /** The member's own money available in the currency now (holds of purchases on their way already taken off). */
  readonly ownCents: number;
  /** Credited top-ups of the currency, newest first. */
  readonly topUps: readonly RefundableTopUp[];
  readonly now: Date;
  readonly cardRefundWindowDays?: number;
  /** Give back only this much (taken newest first); all the own money when left out. */
  readonly amountCents?: number;
  /** The balance's currency: SPEI moves pesos only, so in any other what would go by SPEI cannot go back. */
  readonly currency?: string;
}

/** SPEI moves Mexican pesos only. */
export const speiCurrency = 'MXN';

const dayMs = 86_400_000;

const speiMoves = (currency: string | undefined) => (currency ?? speiCurrency) === speiCurrency;

/** What a plan holds of the balance: what goes out plus what is kept for bonus already spent. */
export const plannedCents = (parts: readonly PlannedPart[]) =>
  parts.reduce(
    (sum, part) => sum + part.shares.reduce((held, share) => held + share.amountCents + share.keptCents, 0),
    0,
  );

function speiReason(topUp: RefundableTopUp, windowOpen: boolean): SpeiReason | null {
  if (topUp.card) {
    if (topUp.card.deleted) return 'card_deleted';
    return windowOpen ? null : 'refund_window_passed';
  }
  // Paid by card on the provider's checkout page: the provider gives that payment back to the card it came from.
  if (topUp.method === 'checkout') return windowOpen ? null : 'refund_window_passed';
  if (topUp.method === 'reference') return 'cash';
  if (topUp.method === 'spei') return 'spei';
  return 'other';
}

/**
 * Issue 37 point 4: where the member's own money goes back. It is attributed to their newest credited top-ups
 * first (older money is taken as spent); a card's share goes back to that card while the card is kept and the
 * charge is inside the provider's refund window, each card its own part; everything else (cash, SPEI, a
 * checkout payment, a deleted card's or an old charge's share, and own money no top-up explains: purchases
 * refunded, seed money) goes back in one SPEI part. Parts come newest first. A top-up that earned bonus credit
 * gives its money back with that bonus (bonusClawback): a part may so carry less than it holds, even nothing.
 * SPEI moves pesos only: in another currency only card shares go back (what would go by SPEI stays). Money paid
 * by card on the provider's checkout page goes back the same way, to that card (a card part with no saved card).
 */
export function refundPlan(input: RefundPlanInput): PlannedPart[] {
  const windowMs = (input.cardRefundWindowDays ?? balanceRefundRules.cardRefundWindowDays) * dayMs;
  // `own` is the money to attribute (newest top-ups first, older money taken as spent); `want` what is asked back.
  let own = Math.max(0, input.ownCents);
  let want = Math.max(0, Math.min(own, input.amountCents ?? own));
  const parts: { way: 'card' | 'spei'; amountCents: number; card: PlannedPart['card']; shares: PlannedShare[] }[] = [];
  const partFor = (way: 'card' | 'spei', card: PlannedPart['card']) => {
    let part = parts.find((each) => each.way === way && each.card?.id === card?.id);
    if (!part) {
      part = { way, amountCents: 0, card, shares: [] };
      parts.push(part);
    }
    return part;
  };
  for (const topUp of input.topUps) {
    if (own <= 0 || want <= 0) break;
    const held = Math.min(own, Math.max(0, topUp.amountCents - topUp.refundedCents));
    if (held <= 0) continue;
    own -= held;
    const windowOpen = input.now.getTime() - topUp.paidAt.getTime() <= windowMs;
    const why = speiReason(topUp, windowOpen);
    const card = topUp.card;
    // Outside pesos, money that would go by SPEI has no way back: it stays in the balance, spent at the machines.
    if (why !== null && !speiMoves(input.currency)) continue;
    const take = Math.min(want, held);
    want -= take;
    const part =
      why !== null
        ? partFor('spei', null)
        : partFor('card', card ? { id: card.id, brand: card.brand, last4: card.last4 } : null);
    const clawback = bonusClawback({
      takeCents: take,
      topUpCents: topUp.amountCents,
      grantCents: topUp.bonus?.grantCents ?? 0,
      leftCents: topUp.bonus?.leftCents ?? 0,
    });
    part.amountCents += take - clawback.keptCents;
    part.shares.push({
      topUpId: topUp.id,
      amountCents: take - clawback.keptCents,
      keptCents: clawback.keptCents,
      bonusWithdrawnCents: clawback.withdrawCents,
      why,
    });
  }
  const rest = Math.min(own, want);
  if (rest > 0 && speiMoves(input.currency)) {
    const part = partFor('spei', null);
    part.amountCents += rest;
    part.shares.push({ topUpId: null, amountCents: rest, keptCents: 0, bonusWithdrawnCents: 0, why: 'other' });
  }
  return parts;
}

/** The balance refunds of a month that count against the cap: every one not refused. */
export interface MonthUsage {
  readonly count: number;
  readonly amountCents: number;
}

/** What the member already asked for in `now`'s Mexico City month. */
export function monthUsage(
  refunds: readonly { readonly requestedAt: Date; readonly amountCents: number; readonly status: string }[],
  now: Date,
): MonthUsage {
  const month = monthIn(now);
  const counted = refunds.filter((each) => each.status !== 'refused' && monthIn(each.requestedAt) === month);
  return { count: counted.length, amountCents: counted.reduce((sum, each) => sum + each.amountCents, 0) };
}

/** What is left of the month's cap. */
export const monthLeft = (usage: MonthUsage) => ({
  refunds: Math.max(0, balanceRefundRules.monthlyCount - usage.count),
  amountCents: Math.max(0, balanceRefundRules.monthlyAmountCents - usage.amountCents),
});

export const BalanceRefundRefusalCode = z.enum([
  'nothing_to_refund',
  'below_minimum',
  'above_refundable',
  'monthly_count',
  'monthly_amount',
  'clabe_needed',
  'clabe_invalid',
  'clabe_not_members',
  'clabe_own_vendo',
  'clabe_name_changed',
]);
export type BalanceRefundRefusalCode = z.infer<typeof BalanceRefundRefusalCode>;

/**
 * Whether a balance refund of `amountCents` may be asked for, or why not, first reason first: nothing to give
 * back, under the minimum, more than there is, the month's count or amount reached, or a SPEI part without a
 * CLABE given.
 */
export function refundAllowed(input: {
  readonly amountCents: number;
  readonly refundableCents: number;
  readonly usage: MonthUsage;
  readonly needsClabe: boolean;
  readonly clabeGiven: boolean;
}): BalanceRefundRefusalCode | null {
  if (input.refundableCents <= 0) return 'nothing_to_refund';
  if (input.amountCents < balanceRefundRules.minimumCents) return 'below_minimum';
  if (input.amountCents > input.refundableCents) return 'above_refundable';
  const left = monthLeft(input.usage);
  if (left.refunds <= 0) return 'monthly_count';
  if (input.amountCents > left.amountCents) return 'monthly_amount';
  if (input.needsClabe && !input.clabeGiven) return 'clabe_needed';
  return null;
}

/** A name as banks compare it: no accents, one case, single spaces. */
export const normalisedName = (name: string) =>
  name.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('es-MX').replace(/\s+/g, ' ').trim();

/**
 * The CLABE a SPEI part goes to: a valid one (check digit), held by the member themself (their profile's name,
 * compared without accents, case or extra spaces), and never a Vendo CLABE (bank 999: it would come back).
 */
export function clabeProblem(input: {
  readonly clabe: string;
  readonly holderName: string;
  readonly memberName: string | null;
  /** When the profile's name last changed, and now: a name changed within `nameSettleDays` holds SPEI back. */
  readonly nameChangedAt?: Date | null;
  readonly now?: Date;
}): 'clabe_invalid' | 'clabe_not_members' | 'clabe_own_vendo' | 'clabe_name_changed' | null {
  if (!isValidClabe(input.clabe)) return 'clabe_invalid';
  if (input.clabe.startsWith(vendoClabeBank)) return 'clabe_own_vendo';
  const member = normalisedName(input.memberName ?? '');
  if (member === '' || normalisedName(input.holderName) !== member) return 'clabe_not_members';
  const settled = (input.nameChangedAt?.getTime() ?? 0) + balanceRefundRules.nameSettleDays * dayMs;
  if (input.now && input.now.getTime() < settled) return 'clabe_name_changed';
  return null;
}

export const BalanceRefundStatus = z.enum(['requested', 'sent', 'done', 'refused']);
export type BalanceRefundStatus = z.infer<typeof BalanceRefundStatus>;

/** Why a balance refund (or one of its parts) was refused: its money is back in the balance. */
export const BalanceRefundRefusal = z.enum([
  'card_refund_declined',
  'clabe_rejected',
  'refund_window_passed',
  'provider_refused',
]);
export type BalanceRefundRefusal = z.infer<typeof BalanceRefundRefusal>;

/** The last digits of a card or a CLABE, all the wire ever shows of either. */
const LastDigits = z.string().check(z.length(4), z.regex(/^\d+$/));

export const BalanceRefundPart = z.object({
  way: z.enum(['card', 'spei']),
  card_brand: z.nullable(CardBrand),
  card_last4: z.nullable(LastDigits),
  clabe_last4: z.nullable(LastDigits),
  amount: Money,
  status: BalanceRefundStatus,
});
export type BalanceRefundPart = z.infer<typeof BalanceRefundPart>;

/**
 * A balance refund: `requested` (its amount held, out of the balance at once), `sent` (every part accepted by
 * the card provider or the bank), `done` (confirmed) or `refused` (the parts not paid came back to the balance).
 */
export const BalanceRefund = z.object({
  id: Id,
  amount: Money,
  currency: z.string().check(z.length(3)),
  status: BalanceRefundStatus,
  refusal: z.nullable(BalanceRefundRefusal),
  parts: z.array(BalanceRefundPart),
  /** Of `amount`, what stays with the operator for bonus credit the member already spent (bonusClawback). */
  bonus_kept: Money,
  requested_at: Timestamp,
  sent_at: z.nullable(Timestamp),
  done_at: z.nullable(Timestamp),
});
export type BalanceRefund = z.infer<typeof BalanceRefund>;

/** A part of the plan: where a share would go, and why by SPEI when it is not a card's. */
export const BalanceRefundPlanPart = z.object({
  way: z.enum(['card', 'spei']),
  card_brand: z.nullable(CardBrand),
  card_last4: z.nullable(LastDigits),
  amount: Money,
  /** For a SPEI part: every reason its money goes that way. */
  why: z.array(SpeiReason),
});
export type BalanceRefundPlanPart = z.infer<typeof BalanceRefundPlanPart>;

/** What the member could take back now in a currency, and where each part would go. */
export const BalanceRefundPlan = z.object({
  currency: z.string().check(z.length(3)),
  refundable: Money,
  parts: z.array(BalanceRefundPlanPart),
  needs_clabe: z.boolean(),
  /** The unspent bonus credit the refund would take back, and the money it would keep for bonus already spent. */
  bonus_withdrawn: Money,
  bonus_kept: Money,
  month: z.object({ refunds_left: z.int().check(z.minimum(0)), amount_left: Money }),
  minimum: Money,
});
export type BalanceRefundPlan = z.infer<typeof BalanceRefundPlan>;

/** A balance's currency as a client names it: three letters (ISO 4217), in either case. */
const BalanceCurrency = z.string().check(z.regex(/^[A-Za-z]{3}$/));

export const BalanceRefundPlanQuery = z.object({ currency: BalanceCurrency });

export const CreateBalanceRefundBody = z.object({
  currency: BalanceCurrency,
  /** Pesos, at most the refundable amount; all of it when left out. */
  amount: z.optional(z.number().check(z.positive(), z.maximum(99_999_999.99))),
  /** Needed when a part goes by SPEI: an account in the member's own name. */
  clabe: z.optional(z.string().check(z.maxLength(40))),
  holder_name: z.optional(z.string().check(z.maxLength(120))),
});
export type CreateBalanceRefundBody = z.infer<typeof CreateBalanceRefundBody>;
