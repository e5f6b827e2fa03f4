import { bonusCents, bonusExpiresAt } from '@vendo/core/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { book } from './ledger.ts';
import { programsAt, runsAt, tiersOf } from './reward-programs.ts';

/**
 * Issue 36: bonus credit in the ledger, pocket bonus, never the member's own money. A credited top-up's grant
 * (`bonus`, reference the top-up's id, with its expiry) is a lot; every later movement names its lot: spent by
 * a purchase (`bonus_spent`), given back by its settlement (`bonus_returned`) or by a refund (`bonus_refund`),
 * each referenced `${dealId}:${lotId}`, unique per kind. What is left of a lot is its grant plus its movements.
 */

/**
 * The bonus a credited top-up earns, booked in the same transaction that credits it: by the best top-up bonus
 * program covering its machine that ran when it was asked for, in its currency. A top-up that names no machine
 * (as a bank transfer would) earns none. Answers the bonus booked (0 for none).
 */
export async function grantBonus(
  tx: Db,
  topUp: {
    id: number;
    member_id: number;
    amount_cents: number;
    currency: string;
    machine_id: number | null;
    created_at: Date;
  },
  creditedAt: Date,
): Promise<number> {
  if (topUp.machine_id === null) return 0;
  const machine = await tx
    .selectFrom('machines')
    .select(['id', 'operator_id', 'currency_iso'])
    .where('id', '=', topUp.machine_id)
    .executeTakeFirst();
  if (!machine || machine.currency_iso !== topUp.currency) return 0;
  const offers = (await programsAt(tx, machine, 'top_up_bonus'))
    .filter((program) => runsAt(program, topUp.created_at))
    .map((program) => ({ program, cents: bonusCents(tiersOf(program), topUp.amount_cents, topUp.currency) }));
  const best = offers.reduce<(typeof offers)[number] | null>((a, b) => (a && a.cents >= b.cents ? a : b), null);
  if (!best || best.cents <= 0) return 0;
  await book(tx, {
    memberId: topUp.member_id,
    cents: best.cents,
    currency: topUp.currency,
    kind: 'bonus',
    pocket: 'bonus',
    reference: String(topUp.id),
    programId: best.program.id,
    expiresAt: bonusExpiresAt(creditedAt, best.program.bonus_days ?? 0),
    at: creditedAt,
  });
  return best.cents;
}

export interface Lot {
  readonly id: number;
  readonly left: number;
  readonly currency: string;
  readonly operatorName: string;
  readonly expiresAt: Date;
}

/**
 * The member's lots usable now, earliest expiry first: not expired, of a program still kept, with something
 * left; at a machine, only those of programs covering it (its operator's, and its own when per machine), in its
 * currency.
 */
export async function usableLots(
  db: Db,
  memberId: number,
  now: Date,
  machine?: { id: number; operator_id: number; currency_iso: string },
): Promise<Lot[]> {
  const at = machine
    ? sql`and p.operator_id = ${machine.operator_id} and (p.machine_id is null or p.machine_id = ${machine.id})
        and g.currency = ${machine.currency_iso}`
    : sql``;
  const { rows } = await sql<{ id: number; left: number; currency: string; operator_name: string; expires_at: Date }>`
    select g.id, (g.amount_cents + coalesce(m.moved, 0))::bigint as left, g.currency, o.name as operator_name, g.expires_at
    from ledger_entries g
    join reward_programs p on p.id = g.program_id
    join operators o on o.id = p.operator_id
    left join lateral (select sum(amount_cents) as moved from ledger_entries where lot_id = g.id) m on true
    where g.member_id = ${memberId} and g.kind = 'bonus' and g.expires_at > ${now}
      and (p.ends_at is null or ${now} < p.ends_at + p.keep_days * interval '1 day')
      ${at}
    order by g.expires_at, g.id`.execute(db);
  return rows
    .map((row) => ({
      id: Number(row.id),
      left: Number(row.left),
      currency: row.currency,
      operatorName: row.operator_name,
      expiresAt: new Date(row.expires_at),
    }))
    .filter((lot) => lot.left > 0);
}

export const usableCents = (lots: readonly Lot[]) => lots.reduce((sum, lot) => sum + lot.left, 0);

/** Reserves a purchase's bonus part on its lots, earliest expiry first, in the purchase's creating transaction. */
export async function reserveBonus(
  tx: Db,
  deal: { id: number; memberId: number; currency: string; at: Date },
  lots: readonly Lot[],
  cents: number,
) {
  let rest = cents;
  for (const lot of lots) {
    if (rest <= 0) break;
    const take = Math.min(rest, lot.left);
    rest -= take;
    await book(tx, {
      memberId: deal.memberId,
      cents: -take,
      currency: deal.currency,
      kind: 'bonus_spent',
      pocket: 'bonus',
      reference: `${deal.id}:${lot.id}`,
      lotId: lot.id,
      at: deal.at,
    });
  }
  // The caller checked the lots cover it, under the member's lock: a gap here is a bug.
  if (rest > 0) throw new Error(`deal ${deal.id}: ${rest} of bonus not reserved`);
}

/** What a purchase's lots still hold of what it spent (spent less given back), the last lot spent first. */
async function spentByLot(tx: Db, memberId: number, dealId: number) {
  const rows = await tx
    .selectFrom('ledger_entries')
    .select(['kind', 'lot_id', 'amount_cents', 'id'])
    .where('member_id', '=', memberId)
    .where('kind', 'in', ['bonus_spent', 'bonus_returned', 'bonus_refund'])
    .where('reference', 'like', `${dealId}:%`)
    .orderBy('id', 'desc')
    .execute();
  const byLot = new Map<number, number>();
  for (const row of rows.filter((each) => each.kind === 'bonus_spent')) {
    if (row.lot_id !== null) byLot.set(Number(row.lot_id), -Number(row.amount_cents));
  }
  for (const row of rows.filter((each) => each.kind !== 'bonus_spent')) {
    if (row.lot_id !== null)
      byLot.set(Number(row.lot_id), (byLot.get(Number(row.lot_id)) ?? 0) - Number(row.amount_cents));
  }
  return byLot;
}

/** Gives `cents` of a purchase's bonus back to the lots it came from, the last spent first. */
export async function giveBackBonus(
  tx: Db,
  deal: { id: number; memberId: number; currency: string },
  cents: number,
  kind: 'bonus_returned' | 'bonus_refund',
  at: Date,
) {
  if (cents <= 0) return;
  let rest = cents;
  for (const [lotId, held] of await spentByLot(tx, deal.memberId, deal.id)) {
    if (rest <= 0) break;
    const back = Math.min(rest, held);
    if (back <= 0) continue;
    rest -= back;
    const entry = { memberId: deal.memberId, currency: deal.currency, pocket: 'bonus' as const, lotId, at };
    await book(tx, { ...entry, cents: back, kind, reference: `${deal.id}:${lotId}` });
  }
}

/**
 * How a settled charge is paid (issue 36 point 2): own money first, up to the part of the price not reserved
 * from bonus; the bonus reserved for the rest. The bonus not used goes back to its lots.
 */
export function chargeSplit(deal: { price_cents: number; bonus_cents: number }, chargeCents: number) {
  const own = Math.min(chargeCents, deal.price_cents - deal.bonus_cents);
  return { own, bonus: chargeCents - own, unused: deal.bonus_cents - (chargeCents - own) };
}

/** The bonus each credited top-up earned, by top-up id. */
export async function topUpBonuses(db: Db, topUpIds: readonly number[]) {
  if (topUpIds.length === 0) return new Map<number, number>();
  const rows = await db
    .selectFrom('ledger_entries')
    .select(['reference', 'amount_cents'])
    .where('kind', '=', 'bonus')
    .where('reference', 'in', topUpIds.map(String))
    .execute();
  return new Map(rows.map((row) => [Number(row.reference), Number(row.amount_cents)]));
}
