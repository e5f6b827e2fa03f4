import {
  clabeOf,
  fromMinorUnits,
  type SpeiAccount,
  type SpeiDepositNotice,
  type SpeiDepositOutcome,
  speiDailyCapCents,
  speiSplit,
  toMinorUnits,
} from '@vendo/core/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Clock } from '../domain/clock.ts';
import type { Scheduler } from '../jobs/scheduler.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { book } from './ledger.ts';
import { mailEveryReceipt } from './receipt-mail-follow-up.ts';

/**
 * Issue 37 point 2: the emulated bank every member's CLABE is at. 999 lies outside the ranges Banxico gives
 * SPEI participants (banks in 0xx and 1xx, brokers and other institutions in 6xx, a few clearing houses in
 * 90x), so a CLABE of this emulation names no real bank's customer; were 999 ever given out, change it here.
 * 180 is the plaza (branch) code of Mexico City.
 */
export const emulatedSpeiBank = { code: '999', branch: '180', name: 'Banco Emulado Vendo' } as const;

/** SPEI moves pesos: every transfer credits the MXN balance, and its day is Mexico City's. */
const speiCurrency = 'MXN';
const speiTimeZone = 'America/Mexico_City';

async function accountView(db: Db, memberId: number, clabe: string): Promise<SpeiAccount> {
  const member = await db.selectFrom('members').select('name').where('id', '=', memberId).executeTakeFirst();
  // The name a sender's bank asks for: the member's own where their profile has one.
  return { clabe, bank_name: emulatedSpeiBank.name, beneficiary: member?.name?.trim() || 'Vendo' };
}

/** The member's CLABE, or null until they asked for one. */
export async function speiAccountOf(db: Db, memberId: number): Promise<SpeiAccount | null> {
  const row = await db.selectFrom('spei_accounts').select('clabe').where('member_id', '=', memberId).executeTakeFirst();
  return row ? accountView(db, memberId, row.clabe) : null;
}

/**
 * Gives the member their CLABE, the same one however often they ask: one row per member, and an account number
 * from a sequence, so two members never share one (the unique column says so too). A number taken by two asks
 * at the same moment is spent by the one that loses, never handed out.
 */
export async function openSpeiAccount(db: Db, memberId: number): Promise<SpeiAccount> {
  const existing = await speiAccountOf(db, memberId);
  if (existing) return existing;
  const { number } = await sql<{ number: string | number }>`select nextval('spei_account_numbers') as number`
    .execute(db)
    .then((result) => result.rows[0] ?? { number: 0 });
  await db
    .insertInto('spei_accounts')
    .values({ member_id: memberId, clabe: clabeOf(emulatedSpeiBank.code, emulatedSpeiBank.branch, Number(number)) })
    .onConflict((oc) => oc.column('member_id').doNothing())
    .execute();
  const made = await speiAccountOf(db, memberId);
  if (!made) throw new Error(`the SPEI account of member ${memberId} was made and is gone`);
  return made;
}

/**
 * The header the bank signs a notice in: `sha256=` and the HMAC-SHA256 of the raw body, in hex, as every
 * signed notification is (http/webhook-signature.ts).
 */
export const speiSignatureHeader = 'X-Spei-Signature';

type DepositRow = { tracking_key: string; credited_cents: number; returned_cents: number; top_up_id: number | null };

const outcomeOf = (row: DepositRow): SpeiDepositOutcome => ({
  status: Number(row.credited_cents) > 0 ? 'credited' : 'returned',
  tracking_key: row.tracking_key,
  credited: fromMinorUnits(Number(row.credited_cents), speiCurrency),
  returned: fromMinorUnits(Number(row.returned_cents), speiCurrency),
  top_up_id: row.top_up_id,
});

const firstOutcome = (db: Db, trackingKey: string) =>
  db
    .selectFrom('spei_deposits')
    .select(['tracking_key', 'credited_cents', 'returned_cents', 'top_up_id'])
    .where('tracking_key', '=', trackingKey)
    .executeTakeFirst();

export interface SpeiDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly jobs: Pick<Scheduler, 'at'>;
  readonly metrics: Pick<Metrics, 'topUps'>;
}

/**
 * A transfer the bank told of, booked once by its tracking key. To a CLABE no member has: ignored, nothing kept.
 * Otherwise the member's day (Mexico City's) is credited up to the daily cap and the rest recorded as returned
 * to the sender (speiSplit); what is credited is a paid top-up, with its ledger entry and, where the member gets
 * every receipt, its e-mail, all in one transaction. The member's account row is locked first, so two transfers
 * at the same moment are capped one after the other; a repeat, even at the same moment, answers the first outcome.
 */
export async function receiveSpeiDeposit(
  deps: SpeiDeps,
  notice: SpeiDepositNotice,
): Promise<{ outcome: SpeiDepositOutcome; memberId: number | null; repeat: boolean }> {
  const now = deps.clock.now();
  const cents = toMinorUnits(notice.amount, speiCurrency);
  const result = await deps.db.transaction().execute(async (tx) => {
    const seen = await firstOutcome(tx, notice.tracking_key);
    if (seen) return { row: seen, memberId: null, repeat: true };
    const account = await tx
      .selectFrom('spei_accounts')
      .select('member_id')
      .where('clabe', '=', notice.clabe)
      .forUpdate()
      .executeTakeFirst();
    if (!account) return { row: null, memberId: null, repeat: false };
    const memberId = account.member_id;
    const today = await tx
      .selectFrom('spei_deposits')
      .select(sql<number>`coalesce(sum(credited_cents), 0)::bigint`.as('cents'))
      .where('member_id', '=', memberId)
      .where(
        sql<boolean>`(received_at at time zone ${speiTimeZone})::date = (${now}::timestamptz at time zone ${speiTimeZone})::date`,
      )
      .executeTakeFirstOrThrow();
    const split = speiSplit(cents, Number(today.cents), speiDailyCapCents(speiCurrency));
    const inserted = await tx
      .insertInto('spei_deposits')
      .values({
        tracking_key: notice.tracking_key,
        member_id: memberId,
        clabe: notice.clabe,
        amount_cents: cents,
        credited_cents: split.credited,
        returned_cents: split.returned,
        sender_name: notice.sender_name,
        sender_bank: notice.sender_bank,
        sent_at: notice.sent_at,
        received_at: now,
      })
      .onConflict((oc) => oc.column('tracking_key').doNothing())
      .returning(['tracking_key', 'credited_cents', 'returned_cents', 'top_up_id'])
      .executeTakeFirst();
    // The same key told for another member's CLABE at the same moment: that one was first.
    if (!inserted) return { row: await firstOutcome(tx, notice.tracking_key), memberId: null, repeat: true };
    if (split.credited === 0) return { row: inserted, memberId, repeat: false };
    const topUp = await tx
      .insertInto('top_ups')
      .values({
        member_id: memberId,
        amount_cents: split.credited,
        currency: speiCurrency,
        status: 'paid',
        method: 'spei',
        created_at: now,
        paid_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .updateTable('spei_deposits')
      .set({ top_up_id: topUp.id })
      .where('tracking_key', '=', notice.tracking_key)
      .execute();
    // No machine: no top-up bonus (issue 36 gives one only for a machine's operator's programs).
    await book(tx, {
      memberId,
      cents: split.credited,
      currency: speiCurrency,
      kind: 'top_up',
      reference: String(topUp.id),
      at: now,
    });
    await mailEveryReceipt(tx, deps.jobs, { kind: 'top_up', id: topUp.id, memberId }, now);
    return { row: { ...inserted, top_up_id: topUp.id }, memberId, repeat: false };
  });
  if (!result.row) {
    const outcome: SpeiDepositOutcome = {
      status: 'ignored',
      tracking_key: notice.tracking_key,
      credited: 0,
      returned: 0,
      top_up_id: null,
    };
    return { outcome, memberId: null, repeat: false };
  }
  if (!result.repeat && result.row.top_up_id !== null) deps.metrics.topUps.inc({ mode: 'spei', outcome: 'paid' });
  return { outcome: outcomeOf(result.row), memberId: result.memberId, repeat: result.repeat };
}

/** The tracking keys of SPEI top-ups, by top-up id (the statement and the receipt name a transfer by it). */
export async function trackingKeys(db: Db, topUpIds: readonly number[]): Promise<Map<number, string>> {
  if (topUpIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('spei_deposits')
    .select(['top_up_id', 'tracking_key'])
    .where('top_up_id', 'in', topUpIds)
    .execute();
  return new Map(rows.flatMap((row) => (row.top_up_id === null ? [] : [[row.top_up_id, row.tracking_key]])));
}
