import { priceWithReward, spendSplit } from '@vendo/core/contract';
import type { Db } from '../db/database.ts';
import { refuse } from '../domain/errors.ts';
import { type Lot, reserveBonus, usableCents, usableLots } from './bonus.ts';
import { type ChargeDeps, chargeCard } from './card-charges.ts';
import { ownCard } from './cards.ts';
import { availableCents } from './ledger.ts';
import { rewardFor, useReward } from './stamps.ts';

type Machine = { id: number; operator_id: number; currency_iso: string; direct_payment: boolean };

/** What a buy asks of its payment: its product's price, its sale type, and the reward it chooses, if any. */
export interface PaymentAsk {
  readonly memberId: number;
  readonly listPriceCents: number;
  readonly saleType: number;
  readonly anyProduct: boolean;
  readonly rewardProgramId: number | undefined;
  readonly now: Date;
}

/** What the member can spend at the machine: own money (less what deals on their way hold) and bonus lots. */
async function spendable(db: Db, memberId: number, machine: Machine, now: Date) {
  const [own, lots] = await Promise.all([
    availableCents(db, memberId, machine.currency_iso),
    usableLots(db, memberId, now, machine),
  ]);
  return { own, lots };
}

/**
 * Direct payment (spec §4): the part of the price the balance does not cover is loaded by card first. Bonus
 * credit usable at the machine counts as covering (issue 36: it is spent after own money, never left aside
 * while the card pays). The price is the one the reward (if chosen) leaves.
 */
export async function loadDifference(
  deps: ChargeDeps,
  ask: PaymentAsk,
  machine: Machine,
  request: { cardId: number | undefined; idempotencyKey: string | undefined },
): Promise<number | null> {
  const { db } = deps;
  if (!request.cardId || !machine.direct_payment) return null;
  const reward = ask.rewardProgramId === undefined ? null : await rewardFor(db, rewardAsk(ask), machine);
  const price = reward ? priceWithReward(ask.listPriceCents, reward.capCents) : ask.listPriceCents;
  const { own, lots } = await spendable(db, ask.memberId, machine, ask.now);
  const covered = Math.max(own, 0) + usableCents(lots);
  if (price <= covered) return null;
  const card = await ownCard(db, ask.memberId, request.cardId);
  const { decline } = await chargeCard(deps, {
    memberId: ask.memberId,
    cardId: card.id,
    providerToken: card.provider_token,
    cents: price - covered,
    currency: machine.currency_iso,
    method: 'direct_payment',
    machineId: machine.id,
    // The same buy replayed after a crash finds the order it already charged.
    orderId: request.idempotencyKey ? `deal:${ask.memberId}:${request.idempotencyKey}` : undefined,
  });
  if (decline) throw refuse(decline);
  return card.id;
}

const rewardAsk = (ask: PaymentAsk) => ({
  memberId: ask.memberId,
  programId: ask.rewardProgramId ?? 0,
  saleType: ask.saleType,
  anyProduct: ask.anyProduct,
  now: ask.now,
});

/** How a purchase will be paid, decided in its creating transaction with the member's row locked. */
export interface Payment {
  readonly priceCents: number;
  /** The price before the reward; null without one. */
  readonly listPriceCents: number | null;
  readonly reward: { programId: number; card: number } | null;
  readonly bonusCents: number;
  readonly lots: readonly Lot[];
}

/**
 * Issue 36: the price a purchase holds (free up to the reward's cap when it uses one) and how it is paid: own
 * money first, bonus credit usable at the machine for the rest (`spendSplit`). Past both it is refused
 * (insufficient_balance). Run under the member's lock, so no other purchase, settlement or refund moves the
 * member's stamps or lots meanwhile.
 */
export async function decidePayment(tx: Db, ask: PaymentAsk, machine: Machine): Promise<Payment> {
  const reward = ask.rewardProgramId === undefined ? null : await rewardFor(tx, rewardAsk(ask), machine);
  const priceCents = reward ? priceWithReward(ask.listPriceCents, reward.capCents) : ask.listPriceCents;
  const own = await availableCents(tx, ask.memberId, machine.currency_iso);
  const split = spendSplit(priceCents, own);
  const lots = split.bonus > 0 ? await usableLots(tx, ask.memberId, ask.now, machine) : [];
  // A balance below zero (a charge past it) is made up before anything else is bought, a sample included.
  if (split.bonus > usableCents(lots) || priceCents > own + usableCents(lots)) throw refuse('insufficient_balance');
  return {
    priceCents,
    listPriceCents: reward ? ask.listPriceCents : null,
    reward: reward ? { programId: reward.programId, card: reward.card } : null,
    bonusCents: split.bonus,
    lots,
  };
}

/** Books what the payment takes as the deal is made, in the same transaction: the reward used, the bonus reserved. */
export async function bookPayment(
  tx: Db,
  deal: { id: number; memberId: number; currency: string; at: Date },
  payment: Payment,
) {
  if (payment.reward) await useReward(tx, deal, payment.reward);
  if (payment.bonusCents > 0) await reserveBonus(tx, deal, payment.lots, payment.bonusCents);
}

/** A member's row, locked until the transaction ends: taken before any deal row, everywhere (no deadlock). */
export async function lockMember(tx: Db, memberId: number) {
  await tx.selectFrom('members').select('id').where('id', '=', memberId).forUpdate().execute();
}
