import {
  type BonusCredit,
  bonusOn,
  earnsStamp,
  fromMinorUnits,
  paidSaleTypes,
  priceWithReward,
  type RewardProgram,
  type SaleTypeCode,
  type StampCardProgram,
  stampProgress,
  type TopUpBonusProgram,
  toMinorUnits,
} from '../../contract/index.ts';

export const stampCardsOf = (programs: readonly RewardProgram[]) =>
  programs.filter((program): program is StampCardProgram => program.kind === 'stamp_card');

export const topUpBonusesOf = (programs: readonly RewardProgram[]) =>
  programs.filter((program): program is TopUpBonusProgram => program.kind === 'top_up_bonus');

/** What one purchase option is, as the rules of a stamp card read it. */
export interface PurchaseAsked {
  readonly saleType: SaleTypeCode;
  readonly price: number;
  readonly currency: string;
}

/**
 * Issue 36 point 3: what a purchase does with the machine's stamp cards, said before the buy. `earns`: the
 * card it stamps (a paid purchase at the card's minimum price or more, while the card runs); `tooCheap`: a
 * running card it does not stamp, with the minimum; `reward`: the card whose reward the member may use on
 * it, and what they would pay (0, or the difference above the cap). Samples and the keypad's any product
 * neither earn nor use one (they are not offered here at all).
 */
export function purchaseRewards(programs: readonly RewardProgram[], asked: PurchaseAsked) {
  const paid = paidSaleTypes.some((type) => type === asked.saleType);
  const cards = paid ? stampCardsOf(programs).filter((program) => program.currency === asked.currency) : [];
  const priceCents = toMinorUnits(asked.price, asked.currency);
  const running = cards.filter((program) => program.active);
  const earns = running.find((program) => earnsStamp(program.stamp_card, priceCents, asked.currency)) ?? null;
  const tooCheap = earns ? null : (running[0] ?? null);
  const withReward = cards.find((program) => program.stamp_card.rewards > 0) ?? null;
  const reward = withReward
    ? {
        program: withReward,
        pays: fromMinorUnits(
          priceWithReward(priceCents, toMinorUnits(withReward.stamp_card.reward_cap, asked.currency)),
          asked.currency,
        ),
      }
    : null;
  return { earns, tooCheap, reward };
}

export type PurchaseRewards = ReturnType<typeof purchaseRewards>;

/** Issue 36 point 3: the bonus a top-up of `amount` earns at this machine: its best running program's. */
export function topUpBonusOn(programs: readonly RewardProgram[], amount: number, currency: string): number {
  return topUpBonusesOf(programs)
    .filter((program) => program.active && program.currency === currency)
    .reduce((best, program) => Math.max(best, bonusOn(program.top_up_bonus.tiers, amount, currency)), 0);
}

/** The member's bonus credit in one currency, summed in its minor units so no cent is lost. */
export function bonusTotal(bonus: readonly BonusCredit[], currency: string): number {
  const cents = bonus
    .filter((credit) => credit.currency === currency)
    .reduce((sum, credit) => sum + toMinorUnits(credit.amount, currency), 0);
  return fromMinorUnits(cents, currency);
}

/** A stamp card as the inventory and the rewards page say it: "3 de 8", the reward, its cap. */
export function stampCardLine(program: StampCardProgram) {
  return { ...stampProgress(program.stamp_card), cap: program.stamp_card.reward_cap, active: program.active };
}
