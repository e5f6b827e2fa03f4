import * as z from 'zod/mini';
import { fromMinorUnits, toMinorUnits } from './currency.ts';
import { Id, Money, Timestamp } from './primitives.ts';

/**
 * Issue 36, Vendo's addition: the reward programs an operator runs at its machines, in their currency.
 * A stamp card: a paid purchase of at least `min_price` earns a stamp; `stamps_needed` stamps make a reward,
 * which the member uses when they choose on a product page: that purchase is free up to `reward_cap`, and
 * above it they pay the difference. A top-up bonus: a top-up made for a machine of the operator earns
 * bonus credit by the highest tier it reaches (+5 % from 200, +10 % from 500), spent only at the
 * operator's machines, after the member's own money, within `valid_days`.
 */
export const RewardProgramKind = z.enum(['stamp_card', 'top_up_bonus']);
export type RewardProgramKind = z.infer<typeof RewardProgramKind>;

/** The limits an operator's programs are kept within. */
export const rewardLimits = {
  minStamps: 2,
  maxStamps: 50,
  maxTiers: 3,
  maxPercent: 50,
  maxValidDays: 730,
  maxKeepDays: 365,
} as const;

export const BonusTier = z.object({
  /** The smallest top-up, in the program's currency's units, the tier pays on. */
  from: Money,
  percent: z.number().check(z.positive(), z.maximum(rewardLimits.maxPercent)),
});
export type BonusTier = z.infer<typeof BonusTier>;

/** A stamp card's terms and the member's progress on it. */
export const StampCard = z.object({
  stamps_needed: z.int().check(z.minimum(rewardLimits.minStamps), z.maximum(rewardLimits.maxStamps)),
  min_price: Money,
  reward_cap: Money,
  /** The member's stamps on the card they are filling (0 to stamps_needed − 1). */
  stamps: z.int().check(z.minimum(0)),
  /** Full cards whose reward the member has not used yet. */
  rewards: z.int().check(z.minimum(0)),
});
export type StampCard = z.infer<typeof StampCard>;

export const TopUpBonus = z.object({
  tiers: z.array(BonusTier).check(z.minLength(1), z.maxLength(rewardLimits.maxTiers)),
  valid_days: z.int().check(z.positive(), z.maximum(rewardLimits.maxValidDays)),
});
export type TopUpBonus = z.infer<typeof TopUpBonus>;

const programBase = {
  id: Id,
  name: z.string().check(z.minLength(1)),
  operator_name: z.string().check(z.minLength(1)),
  /** The one machine the program runs at; null: every machine of its operator. */
  product_server_id: z.nullable(Id),
  currency: z.string().check(z.length(3)),
  starts_at: Timestamp,
  ends_at: z.nullable(Timestamp),
  /** An ended program keeps what members earned until then; null while it runs with no end. */
  kept_until: z.nullable(Timestamp),
  /** Whether purchases and top-ups earn now (started, not ended). */
  active: z.boolean(),
};

export const RewardProgram = z.discriminatedUnion('kind', [
  z.object({ ...programBase, kind: z.literal('stamp_card'), stamp_card: StampCard }),
  z.object({ ...programBase, kind: z.literal('top_up_bonus'), top_up_bonus: TopUpBonus }),
]);
export type RewardProgram = z.infer<typeof RewardProgram>;
export type StampCardProgram = Extract<RewardProgram, { kind: 'stamp_card' }>;
export type TopUpBonusProgram = Extract<RewardProgram, { kind: 'top_up_bonus' }>;

/** Bonus credit a top-up earned and the member has not spent, usable until `expires_at`. */
export const BonusCredit = z.object({
  amount: Money,
  currency: z.string().check(z.length(3)),
  operator_name: z.string(),
  expires_at: Timestamp,
});
export type BonusCredit = z.infer<typeof BonusCredit>;

/** What a purchase earned and used: stamps earned on delivery, a reward it used, bonus credit it spent. */
export const DealRewards = z.object({
  stamps: z.int().check(z.minimum(0)),
  reward_used: z.boolean(),
  bonus_paid: Money,
});
export type DealRewards = z.infer<typeof DealRewards>;

// The rules, in one place for the app, the terminal and the reference API alike.

/** The bonus a top-up of `amountCents` earns: the highest tier it reaches, rounded down to the minor unit. */
export function bonusCents(tiers: readonly BonusTier[], amountCents: number, currency: string): number {
  const reached = tiers
    .filter((tier) => amountCents >= toMinorUnits(tier.from, currency))
    .reduce<BonusTier | null>((best, tier) => (best && best.percent >= tier.percent ? best : tier), null);
  return reached ? Math.floor((amountCents * reached.percent) / 100) : 0;
}

/** The bonus a top-up of `amount` units earns, in units: what the top-up screen shows on each amount. */
export const bonusOn = (tiers: readonly BonusTier[], amount: number, currency: string) =>
  fromMinorUnits(bonusCents(tiers, toMinorUnits(amount, currency), currency), currency);

/** Whether a paid purchase at `priceCents` earns a stamp on the card. */
export const earnsStamp = (card: Pick<StampCard, 'min_price'>, priceCents: number, currency: string) =>
  priceCents > 0 && priceCents >= toMinorUnits(card.min_price, currency);

/** What a purchase using a reward costs: nothing up to the cap, the difference above it. */
export const priceWithReward = (priceCents: number, capCents: number) => Math.max(0, priceCents - capCents);

/**
 * How a price is paid (issue 36 point 2): the member's own money first, bonus credit for the rest. Past
 * both, nothing is split: the purchase is refused before.
 */
export function spendSplit(priceCents: number, ownAvailableCents: number) {
  const own = Math.min(priceCents, Math.max(ownAvailableCents, 0));
  return { own, bonus: priceCents - own };
}

const dayMs = 86_400_000;

/** A program's time terms, as the provider keeps them. */
export interface ProgramTimes {
  readonly starts_at: Date;
  readonly ends_at: Date | null;
  /** How many days after its end what members earned stays usable. */
  readonly keep_days: number;
}

/** Issue 36 point 1: a program earns (stamps, bonus) from its start until its end, never after. */
export const runsAt = (program: Pick<ProgramTimes, 'starts_at' | 'ends_at'>, at: Date) =>
  program.starts_at.getTime() <= at.getTime() && (program.ends_at === null || at.getTime() < program.ends_at.getTime());

/** Until when an ended program keeps what members earned; null while it has no end. */
export const keptUntil = (program: Pick<ProgramTimes, 'ends_at' | 'keep_days'>) =>
  program.ends_at === null ? null : new Date(program.ends_at.getTime() + program.keep_days * dayMs);

/** Whether what a program gave (rewards, bonus credit) is still usable at `at`: no end, or before end + keep_days. */
export const keptAt = (program: Pick<ProgramTimes, 'ends_at' | 'keep_days'>, at: Date) => {
  const until = keptUntil(program);
  return until === null || at.getTime() < until.getTime();
};

/** When bonus credit granted at `creditedAt` expires: `valid_days` later. */
export const bonusExpiresAt = (creditedAt: Date, validDays: number) =>
  new Date(creditedAt.getTime() + validDays * dayMs);

/**
 * Issue 36 point 2: what a refund of a stamped purchase takes back. While the card it went to is not redeemed,
 * its stamp, and the card's reward with it when the card was full; once the card's reward was used, nothing.
 */
export function refundTakesBack(card: { readonly redeemed: boolean; readonly rewards: number }) {
  return { stamp: !card.redeemed, reward: !card.redeemed && card.rewards > 0 };
}

/** A stamp card's progress as the member reads it: "3 de 8", with how many purchases are left. */
export function stampProgress(card: Pick<StampCard, 'stamps' | 'stamps_needed' | 'rewards'>) {
  return {
    stamps: card.stamps,
    needed: card.stamps_needed,
    left: card.stamps_needed - card.stamps,
    rewards: card.rewards,
  };
}
