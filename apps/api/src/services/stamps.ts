import { deliveryStatus, earnsStamp, fromMinorUnits, refundTakesBack, SaleType } from '@vendo/core/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { refuse } from '../domain/errors.ts';
import { book } from './ledger.ts';
import { keptAt, type ProgramRow, programById, programsAt, runsAt, stampTerms } from './reward-programs.ts';

/**
 * Issue 36: a stamp card in the ledger. A stamp is a `stamp` entry (+1, pocket stamps) on one of the member's
 * cards of the program (numbered from 1); a card's Nth stamp books its `reward` (+1, pocket rewards). Using the
 * reward books `reward_used` (−1) and a purchase that then fails `reward_returned` (+1); a refund takes a
 * stamp back (`stamp_back`, −1) and a full card's reward with it (`reward_withdrawn`, −1) while the card is not
 * redeemed. Each movement's reference is `${dealId}:${programId}`, unique per kind, so none is booked twice.
 */
interface CardState {
  readonly card: number;
  /** Net stamps on the card. */
  readonly stamps: number;
  /** Its reward not yet used (1) or none (0). */
  readonly rewards: number;
  /** Whether its reward was used by a purchase that did not give it back. */
  readonly redeemed: boolean;
}

/** The member's cards of a program, lowest first. */
async function cardsOf(db: Db, memberId: number, programId: number): Promise<CardState[]> {
  const { rows } = await sql<{ card: number; stamps: number; rewards: number; used: number }>`
    select card,
      coalesce(sum(amount_cents) filter (where pocket = 'stamps'), 0)::int as stamps,
      coalesce(sum(amount_cents) filter (where pocket = 'rewards'), 0)::int as rewards,
      (count(*) filter (where kind = 'reward_used') - count(*) filter (where kind = 'reward_returned'))::int as used
    from ledger_entries
    where member_id = ${memberId} and program_id = ${programId} and card is not null
    group by card
    order by card`.execute(db);
  return rows.map((row) => ({
    card: Number(row.card),
    stamps: Number(row.stamps),
    rewards: Number(row.rewards),
    redeemed: Number(row.used) > 0,
  }));
}

/** The card the next stamp goes on: the lowest not full and not redeemed, else a new one. */
function openCard(cards: readonly CardState[], needed: number) {
  const open = cards.find((card) => card.stamps < needed && !card.redeemed);
  return open ?? { card: (cards.at(-1)?.card ?? 0) + 1, stamps: 0, rewards: 0, redeemed: false };
}

/** The member's progress on a stamp card: stamps on the card they are filling, and rewards not yet used. */
export async function stampProgress(db: Db, memberId: number, program: ProgramRow) {
  const cards = await cardsOf(db, memberId, program.id);
  return {
    stamps: openCard(cards, stampTerms(program).needed).stamps,
    rewards: cards.reduce((sum, card) => sum + Math.max(card.rewards, 0), 0),
  };
}

interface SettledDeal {
  readonly id: number;
  readonly member_id: number;
  readonly machine_id: number;
  readonly sale_type_code: number;
  readonly any_product: boolean;
  readonly currency: string;
  readonly started_at: Date;
  readonly reward_program_id: number | null;
  readonly reward_card: number | null;
}

/**
 * Stamps a delivered, paid purchase earns, booked in its settlement's transaction (the member's row locked
 * first, so two settlements never count one card at once): one on each stamp card covering the machine that
 * ran when the purchase started, if its charge `earnsStamp`. A keypad buy (any product), a sample and a
 * purchase that used a reward earn none.
 */
export async function earnStamps(tx: Db, deal: SettledDeal, chargeCents: number, at: Date) {
  const paid = deal.sale_type_code === SaleType.sale || deal.sale_type_code === SaleType.service;
  if (!paid || deal.any_product || deal.reward_program_id !== null || chargeCents <= 0) return;
  const machine = await tx
    .selectFrom('machines')
    .select(['id', 'operator_id', 'currency_iso'])
    .where('id', '=', deal.machine_id)
    .executeTakeFirstOrThrow();
  if (machine.currency_iso !== deal.currency) return;
  for (const program of await programsAt(tx, machine, 'stamp_card')) {
    const terms = stampTerms(program);
    const minPrice = fromMinorUnits(terms.minPriceCents, program.currency);
    if (!runsAt(program, deal.started_at) || !earnsStamp({ min_price: minPrice }, chargeCents, deal.currency)) continue;
    const open = openCard(await cardsOf(tx, deal.member_id, program.id), terms.needed);
    const entry = {
      memberId: deal.member_id,
      currency: deal.currency,
      reference: `${deal.id}:${program.id}`,
      programId: program.id,
      card: open.card,
      at,
    };
    await book(tx, { ...entry, kind: 'stamp', pocket: 'stamps', cents: 1 });
    if (open.stamps + 1 === terms.needed) await book(tx, { ...entry, kind: 'reward', pocket: 'rewards', cents: 1 });
  }
}

/**
 * The reward a purchase asks to use (CreateDealRequest.reward_program_id), checked in the purchase's own
 * transaction under the member's lock: a stamp card covering the machine, whose rewards are still kept, on a
 * sale or service of one product (never a keypad buy or a sample), with a reward the member has not used.
 * Answers the program's cap and the card whose reward it takes.
 */
export async function rewardFor(
  tx: Db,
  request: { memberId: number; programId: number; saleType: number; anyProduct: boolean; now: Date },
  machine: { id: number; operator_id: number; currency_iso: string },
) {
  if (request.anyProduct || (request.saleType !== SaleType.sale && request.saleType !== SaleType.service)) {
    throw refuse('reward_not_allowed');
  }
  const program = await programById(tx, request.programId);
  const covers =
    program?.kind === 'stamp_card' &&
    program.operator_id === machine.operator_id &&
    (program.machine_id === null || program.machine_id === machine.id) &&
    program.currency === machine.currency_iso &&
    program.starts_at.getTime() <= request.now.getTime() &&
    keptAt(program, request.now);
  if (!program || !covers) throw refuse('reward_not_available');
  const full = (await cardsOf(tx, request.memberId, program.id)).find((card) => card.rewards > 0 && !card.redeemed);
  if (!full) throw refuse('reward_not_available');
  return { programId: program.id, capCents: stampTerms(program).capCents, card: full.card };
}

/** Books the reward a purchase uses, on the card rewardFor chose, in the purchase's creating transaction. */
export async function useReward(
  tx: Db,
  deal: { id: number; memberId: number; currency: string; at: Date },
  reward: { programId: number; card: number },
) {
  await book(tx, {
    memberId: deal.memberId,
    cents: -1,
    currency: deal.currency,
    kind: 'reward_used',
    pocket: 'rewards',
    reference: `${deal.id}:${reward.programId}`,
    programId: reward.programId,
    card: reward.card,
    at: deal.at,
  });
}

/** A purchase that used a reward and was not delivered gives it back to its card, in its settlement. */
export async function returnReward(tx: Db, deal: SettledDeal, status: number, at: Date) {
  if (deal.reward_program_id === null || deal.reward_card === null || status === deliveryStatus.delivered) return;
  await book(tx, {
    memberId: deal.member_id,
    cents: 1,
    currency: deal.currency,
    kind: 'reward_returned',
    pocket: 'rewards',
    reference: `${deal.id}:${deal.reward_program_id}`,
    programId: deal.reward_program_id,
    card: deal.reward_card,
    at,
  });
}

/**
 * Whether a stamp the purchase earned is on a card whose reward a purchase still on its way holds. A refund of
 * it then waits for a person: until that purchase ends nobody knows whether the card is redeemed (delivered)
 * or its reward comes back (not delivered), and refunding now would leave the member the money and the reward.
 */
export async function stampOnHeldReward(tx: Db, deal: { id: number; memberId: number }): Promise<boolean> {
  const held = await tx
    .selectFrom('ledger_entries as stamp')
    .innerJoin('deals as holder', (join) =>
      join.onRef('holder.reward_program_id', '=', 'stamp.program_id').onRef('holder.reward_card', '=', 'stamp.card'),
    )
    .select('holder.id')
    .where('stamp.member_id', '=', deal.memberId)
    .where('stamp.kind', '=', 'stamp')
    .where('stamp.reference', 'like', `${deal.id}:%`)
    .where('holder.member_id', '=', deal.memberId)
    .where('holder.settled_at', 'is', null)
    .executeTakeFirst();
  return held !== undefined;
}

/**
 * A refunded purchase takes back the stamps it earned, each only while its card's reward is not redeemed: a
 * full card loses its reward with the stamp (`reward_withdrawn`). Once the card's reward was used nothing is
 * taken back (docs/rules.md): the member already had the free purchase, and a refund cannot undo it.
 */
export async function takeBackStamps(tx: Db, deal: { id: number; memberId: number }, at: Date) {
  const stamps = await tx
    .selectFrom('ledger_entries')
    .select(['program_id', 'card', 'currency', 'reference'])
    .where('member_id', '=', deal.memberId)
    .where('kind', '=', 'stamp')
    .where('reference', 'like', `${deal.id}:%`)
    .execute();
  for (const stamp of stamps) {
    if (stamp.program_id === null || stamp.card === null) continue;
    const card = (await cardsOf(tx, deal.memberId, stamp.program_id)).find((each) => each.card === stamp.card);
    const takes = card ? refundTakesBack(card) : { stamp: false, reward: false };
    if (!takes.stamp) continue;
    const entry = {
      memberId: deal.memberId,
      currency: stamp.currency,
      reference: stamp.reference,
      programId: stamp.program_id,
      card: stamp.card,
      at,
    };
    await book(tx, { ...entry, kind: 'stamp_back', pocket: 'stamps', cents: -1 });
    if (takes.reward) await book(tx, { ...entry, kind: 'reward_withdrawn', pocket: 'rewards', cents: -1 });
  }
}
