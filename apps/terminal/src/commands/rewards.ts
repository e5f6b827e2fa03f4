import {
  bonusTotal,
  formatMoney,
  type ProductServer,
  purchaseRewards,
  type RewardsView,
  rewardsActors,
  rewardsMachine,
  rewardsView,
  type SaleTypeCode,
  stampCardLine,
} from '@vendo/core';
import type { CommandContext } from './context.ts';
import { readOnce } from './read-once.ts';

/**
 * Issue 36 point 4: the member's reward programs at a machine (all of them with `machineId` null), through
 * core's rewards flow. Null where they could not be read or the provider has none: the command then says
 * nothing of rewards, as before them.
 */
export async function loadRewards(
  context: CommandContext,
  memberId: number,
  machineId: number | null,
): Promise<RewardsView | null> {
  const logic = rewardsMachine.provide({ actors: rewardsActors({ api: context.api }) });
  return readOnce(logic, { memberId, machineId }, (snapshot) =>
    snapshot.matches('shown') ? rewardsView(snapshot) : null,
  );
}

/** The machine's stamp cards with the member's progress, and the bonus credit they may spend there. */
export function rewardLines(context: CommandContext, rewards: RewardsView | null, machine: ProductServer): string[] {
  if (!rewards) return [];
  const currency = machine.country.currency_iso;
  const money = (amount: number) => formatMoney(amount, context.locale, currency);
  const cards = rewards.stampCards.flatMap((program) => {
    const line = stampCardLine(program);
    const progress = context.texts.stampCard(program.name, line.stamps, line.needed, money(line.cap));
    return line.rewards > 0 ? [progress, context.texts.rewardsReady(line.rewards)] : [progress];
  });
  const bonus = bonusTotal(rewards.bonus, currency);
  return bonus > 0 ? [...cards, context.texts.bonusHere(money(bonus))] : cards;
}

/** What buying it does on the machine's stamp card, said before the purchase is made. */
export function purchaseLine(
  context: CommandContext,
  rewards: RewardsView | null,
  asked: { saleType: SaleTypeCode; price: number; currency: string },
): string | null {
  if (!rewards) return null;
  const { earns } = purchaseRewards(rewards.programs, asked);
  if (!earns) return null;
  return context.texts.earnsStamp(earns.stamp_card.stamps + 1, earns.stamp_card.stamps_needed);
}

/** The member's bonus credit in a currency, for `vendo balance`: 0 where there is none. */
export const bonusOf = (rewards: RewardsView | null, currency: string) =>
  rewards ? bonusTotal(rewards.bonus, currency) : 0;
