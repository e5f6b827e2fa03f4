import {
  type BalanceRefund,
  type BalanceRefundPlan,
  balanceRefundRules,
  clabeProblem,
  fromMinorUnits,
  monthLeft,
  monthUsage,
  type PlannedPart,
  plannedCents,
  type RefundableMethod,
  type RefundableTopUp,
  refundAllowed,
  refundPlan,
  toMinorUnits,
} from '@vendo/core/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Tables } from '../db/schema.ts';
import type { Clock } from '../domain/clock.ts';
import { refuse } from '../domain/errors.ts';
import { lockMember } from './deal-payment.ts';
import { availableCents, book } from './ledger.ts';
import type { FollowUps } from './settlement.ts';

/** How a stored top-up method goes back: a charged card's to its card, the rest by SPEI (core's refundPlan). */
const methods: Record<Tables['top_ups']['method'], RefundableMethod> = {
  card: 'card',
  auto: 'card',
  direct_payment: 'card',
  redirect: 'checkout',
  reference: 'reference',
  spei: 'spei',
};

/** The newest credited top-ups read for a plan: own money beyond what they explain goes back by SPEI anyway. */
const topUpsRead = 500;

/** The member's credited top-ups of a currency, newest first, each with what earlier balance refunds gave back. */
async function refundableTopUps(
  db: Db,
  memberId: number,
  currency: string,
): Promise<(RefundableTopUp & { lotId: number | null })[]> {
  const rows = await db
    .selectFrom('top_ups as t')
    .leftJoin('credit_cards as c', 'c.id', 't.credit_card_id')
    // The provider judges its refund window by its charge's date: the plan reads the same date.
    .leftJoin('provider_charges as pc', 'pc.order_id', 't.order_id')
    .select([
      't.id',
      't.method',
      't.amount_cents',
      't.paid_at',
      't.created_at',
      'pc.created_at as charged_at',
      't.credit_card_id',
      'c.brand',
      'c.last4',
      'c.deleted_at',
      sql<string>`coalesce((
        select sum(s.amount_cents + s.kept_cents) from balance_refund_shares s
        join balance_refund_parts p on p.id = s.part_id
        where s.top_up_id = t.id and p.status <> 'refused'), 0)`.as('refunded'),
      // Issue 36's grant of the top-up (its lot) and what of it is left: a refund takes it back (bonusClawback).
      sql<number | null>`(select g.id from ledger_entries g
        where g.kind = 'bonus' and g.member_id = t.member_id and g.reference = t.id::text)`.as('lot_id'),
      sql<string | null>`(select g.amount_cents from ledger_entries g
        where g.kind = 'bonus' and g.member_id = t.member_id and g.reference = t.id::text)`.as('grant'),
      sql<string | null>`(select g.amount_cents + coalesce((select sum(m.amount_cents) from ledger_entries m
        where m.lot_id = g.id), 0) from ledger_entries g
        where g.kind = 'bonus' and g.member_id = t.member_id and g.reference = t.id::text)`.as('bonus_left'),
    ])
    .where('t.member_id', '=', memberId)
    .where('t.currency', '=', currency)
    .where('t.status', '=', 'paid')
    .orderBy(sql`coalesce(t.paid_at, t.created_at)`, 'desc')
    .orderBy('t.id', 'desc')
    .limit(topUpsRead)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    method: methods[row.method],
    amountCents: row.amount_cents,
    refundedCents: Number(row.refunded),
    paidAt: row.charged_at ?? row.paid_at ?? row.created_at,
    bonus: row.grant === null ? null : { grantCents: Number(row.grant), leftCents: Number(row.bonus_left ?? 0) },
    lotId: row.lot_id === null ? null : Number(row.lot_id),
    card:
      row.credit_card_id !== null && row.last4 !== null
        ? { id: row.credit_card_id, brand: row.brand ?? 'visa', last4: row.last4, deleted: row.deleted_at !== null }
        : null,
  }));
}

/** The parts that send money: one whose every share is kept for bonus already spent sends nothing. */
const sent = (parts: readonly PlannedPart[]) => parts.filter((part) => part.amountCents > 0);

/** A CLABE is needed when money would go by SPEI. */
const needsClabe = (parts: readonly PlannedPart[]) => sent(parts).some((part) => part.way === 'spei');

/** The member's balance refunds of a currency, for the month's cap. */
async function usageOf(db: Db, memberId: number, currency: string, now: Date) {
  const since = new Date(now.getTime() - 32 * 86_400_000);
  const rows = await db
    .selectFrom('balance_refunds')
    .select(['requested_at', 'amount_cents', 'status'])
    .where('member_id', '=', memberId)
    .where('currency', '=', currency)
    .where('requested_at', '>', since)
    .execute();
  return monthUsage(
    rows.map((row) => ({ requestedAt: row.requested_at, amountCents: Number(row.amount_cents), status: row.status })),
    now,
  );
}

/** What the member could take back now, and where it would go (GET …/balance_refunds/plan). */
export async function balanceRefundPlan(
  db: Db,
  clock: Clock,
  memberId: number,
  currency: string,
): Promise<BalanceRefundPlan> {
  const now = clock.now();
  const own = Math.max(0, await availableCents(db, memberId, currency));
  const parts = refundPlan({ ownCents: own, topUps: await refundableTopUps(db, memberId, currency), now, currency });
  const left = monthLeft(await usageOf(db, memberId, currency, now));
  const money = (cents: number) => fromMinorUnits(cents, currency);
  const shares = parts.flatMap((part) => part.shares);
  return {
    currency,
    refundable: money(plannedCents(parts)),
    parts: sent(parts).map((part) => ({
      way: part.way,
      card_brand: (part.card?.brand ?? null) as BalanceRefundPlan['parts'][number]['card_brand'],
      card_last4: part.card?.last4 ?? null,
      amount: money(part.amountCents),
      why: [...new Set(part.shares.flatMap((share) => (share.why ? [share.why] : [])))],
    })),
    needs_clabe: needsClabe(parts),
    bonus_withdrawn: money(shares.reduce((sum, share) => sum + share.bonusWithdrawnCents, 0)),
    bonus_kept: money(shares.reduce((sum, share) => sum + share.keptCents, 0)),
    month: { refunds_left: left.refunds, amount_left: money(left.amountCents) },
    minimum: money(balanceRefundRules.minimumCents),
  };
}

export interface BalanceRefundAsk {
  readonly memberId: number;
  readonly currency: string;
  /** Major units; all the own money when left out. */
  readonly amount?: number | undefined;
  readonly clabe?: string | undefined;
  readonly holderName?: string | undefined;
  readonly idempotencyKey?: string | undefined;
}

/**
 * The refund and its parts, in one transaction with the hold and with the bonus its money takes back (each
 * share's withdrawal from its top-up's lot). A part that sends nothing (every share kept for bonus already
 * spent) is done at once.
 */
async function insertRefund(
  tx: Db,
  ask: BalanceRefundAsk,
  parts: PlannedPart[],
  lots: ReadonlyMap<number, number | null>,
  amountCents: number,
  now: Date,
) {
  const shares = parts.flatMap((part) => part.shares);
  const refund = await tx
    .insertInto('balance_refunds')
    .values({
      member_id: ask.memberId,
      currency: ask.currency,
      amount_cents: amountCents,
      status: 'requested',
      refusal: null,
      idempotency_key: ask.idempotencyKey ?? null,
      requested_at: now,
      bonus_kept_cents: shares.reduce((sum, share) => sum + share.keptCents, 0),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [position, part] of parts.entries()) {
    const spei = part.way === 'spei' && part.amountCents > 0;
    const row = await tx
      .insertInto('balance_refund_parts')
      .values({
        balance_refund_id: refund.id,
        position,
        way: part.way,
        amount_cents: part.amountCents,
        status: part.amountCents > 0 ? 'requested' : 'done',
        refusal: null,
        credit_card_id: part.card?.id ?? null,
        card_brand: part.card?.brand ?? null,
        card_last4: part.card?.last4 ?? null,
        clabe: spei ? (ask.clabe ?? null) : null,
        holder: spei ? (ask.holderName?.trim() ?? null) : null,
        tracking_key: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('balance_refund_shares')
      .values(
        part.shares.map((share) => ({
          part_id: row.id,
          top_up_id: share.topUpId,
          amount_cents: share.amountCents,
          kept_cents: share.keptCents,
          bonus_cents: share.bonusWithdrawnCents,
          lot_id: share.topUpId === null ? null : (lots.get(share.topUpId) ?? null),
        })),
      )
      .execute();
  }
  // The hold: out of the own balance at once, so a purchase made after it cannot spend this money.
  await book(tx, {
    memberId: ask.memberId,
    cents: -amountCents,
    kind: 'balance_refund',
    reference: String(refund.id),
    currency: ask.currency,
    at: now,
  });
  // Issue 36: the unspent bonus this money earned goes with it.
  for (const share of shares) {
    const lotId = share.topUpId === null ? null : (lots.get(share.topUpId) ?? null);
    if (share.bonusWithdrawnCents <= 0 || lotId === null) continue;
    await book(tx, {
      memberId: ask.memberId,
      cents: -share.bonusWithdrawnCents,
      kind: 'bonus_withdrawn',
      pocket: 'bonus',
      lotId,
      reference: `${refund.id}:${share.topUpId}`,
      currency: ask.currency,
      at: now,
    });
  }
  return refund.id;
}

/** A job that sends a refund's parts; keyed, so arming it again while it waits adds nothing. */
export const sendJob = (refundId: number) => ({
  job: { kind: 'balance_refund' as const, refundId },
  key: `balance_refund:${refundId}`,
});

/**
 * Issue 37 point 4: asks for the member's own money back. Under the member's row lock (taken first, as a purchase
 * takes it), the money available is read (balance less what purchases on their way reserved), the plan made and
 * checked against the month's cap and the CLABE rule, and the hold booked, all in one transaction: a purchase at
 * the same moment sees the hold, and this sees the purchase's reservation. A replay of the Idempotency-Key finds
 * the refund it made. The parts are sent by a job after the commit.
 */
export async function requestBalanceRefund(
  deps: { readonly db: Db; readonly clock: Clock; readonly jobs: FollowUps },
  ask: BalanceRefundAsk,
): Promise<BalanceRefund> {
  const { db, clock } = deps;
  const now = clock.now();
  const made = await db.transaction().execute(async (tx) => {
    await lockMember(tx, ask.memberId);
    if (ask.idempotencyKey) {
      const kept = await tx
        .selectFrom('balance_refunds')
        .select('id')
        .where('member_id', '=', ask.memberId)
        .where('idempotency_key', '=', ask.idempotencyKey)
        .executeTakeFirst();
      if (kept) return { id: kept.id, fresh: false };
    }
    const own = Math.max(0, await availableCents(tx, ask.memberId, ask.currency));
    const topUps = await refundableTopUps(tx, ask.memberId, ask.currency);
    const plan = { ownCents: own, topUps, now, currency: ask.currency };
    const refundable = plannedCents(refundPlan(plan));
    const amountCents = ask.amount === undefined ? refundable : toMinorUnits(ask.amount, ask.currency);
    const parts = refundPlan({ ...plan, amountCents });
    const speiNeeded = needsClabe(parts);
    const refusal = refundAllowed({
      amountCents,
      refundableCents: refundable,
      usage: await usageOf(tx, ask.memberId, ask.currency, now),
      needsClabe: speiNeeded,
      clabeGiven: Boolean(ask.clabe),
    });
    if (refusal) throw refuse(refusal, { minimum: fromMinorUnits(balanceRefundRules.minimumCents, ask.currency) });
    if (speiNeeded) {
      const member = await tx
        .selectFrom('members')
        .select(['name', 'name_changed_at'])
        .where('id', '=', ask.memberId)
        .executeTakeFirst();
      const problem = clabeProblem({
        clabe: ask.clabe ?? '',
        holderName: ask.holderName ?? '',
        memberName: member?.name ?? null,
        nameChangedAt: member?.name_changed_at ?? null,
        now,
      });
      if (problem) throw refuse(problem);
    }
    const lots = new Map(topUps.map((topUp) => [topUp.id, topUp.lotId]));
    return { id: await insertRefund(tx, ask, parts, lots, amountCents, now), fresh: true };
  });
  const [refund] = await balanceRefundsOf(db, ask.memberId, [made.id]);
  if (!refund) throw refuse('not_found');
  // Armed after the commit (a job run before it would find nothing to send), and again by a replay that finds
  // its refund still requested: a send lost to a failed arming or a crash is asked for once more.
  if (made.fresh || refund.status === 'requested') await sendAgain(deps, made.id, now);
  return refund;
}

async function sendAgain(deps: { readonly jobs: FollowUps }, refundId: number, now: Date) {
  const { job, key } = sendJob(refundId);
  await deps.jobs.at(now, job, { key });
}

/** How long a refund may stay requested before a read of the member's refunds asks for its sending again. */
export const sendingGraceMs = 30_000;

/**
 * The member's refunds as the list call answers them. One still requested past `sendingGraceMs` is sent again
 * (its job arming failed, or its process stopped and no start re-armed it yet): sending is safe to repeat, as
 * the provider keeps each refund id and the bank each tracking key once.
 */
export async function listBalanceRefunds(
  deps: { readonly db: Db; readonly clock: Clock; readonly jobs: FollowUps },
  memberId: number,
): Promise<BalanceRefund[]> {
  const refunds = await balanceRefundsOf(deps.db, memberId);
  const now = deps.clock.now();
  for (const refund of refunds) {
    const waiting = now.getTime() - Date.parse(refund.requested_at);
    if (refund.status === 'requested' && waiting > sendingGraceMs) await sendAgain(deps, refund.id, now);
  }
  return refunds;
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** The member's balance refunds as the contract shows them, newest first (the newest 100, or those of `ids`). */
export async function balanceRefundsOf(db: Db, memberId: number, ids?: readonly number[]): Promise<BalanceRefund[]> {
  let query = db
    .selectFrom('balance_refunds')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('requested_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100);
  if (ids !== undefined) query = ids.length ? query.where('id', 'in', ids) : query.where(sql<boolean>`false`);
  const refunds = await query.execute();
  if (refunds.length === 0) return [];
  const parts = await db
    .selectFrom('balance_refund_parts')
    .selectAll()
    .where(
      'balance_refund_id',
      'in',
      refunds.map((refund) => refund.id),
    )
    .orderBy('position')
    .execute();
  return refunds.map((refund) => {
    const money = (cents: string | number) => fromMinorUnits(Number(cents), refund.currency);
    return {
      id: refund.id,
      amount: money(refund.amount_cents),
      currency: refund.currency,
      status: refund.status,
      refusal: refund.refusal as BalanceRefund['refusal'],
      bonus_kept: money(refund.bonus_kept_cents),
      parts: parts
        .filter((part) => part.balance_refund_id === refund.id && Number(part.amount_cents) > 0)
        .map((part) => ({
          way: part.way,
          card_brand: part.card_brand as BalanceRefund['parts'][number]['card_brand'],
          card_last4: part.card_last4,
          clabe_last4: part.clabe ? part.clabe.slice(-4) : null,
          amount: money(part.amount_cents),
          status: part.status,
        })),
      requested_at: refund.requested_at.toISOString(),
      sent_at: iso(refund.sent_at),
      done_at: iso(refund.done_at),
    };
  });
}
