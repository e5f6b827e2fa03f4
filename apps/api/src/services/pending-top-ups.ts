import {
  type CreditedReference,
  creditedReferenceNewsHours,
  fromMinorUnits,
  type PendingTopUp,
  referenceExpiresAt,
} from '@vendo/core/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { balancesWithBonus } from './rewards.ts';
import { referenceStores } from './store-payments.ts';
import { groupedReference, referenceInstructions } from './top-ups.ts';

/**
 * Issue 37 point 1, "Pagos pendientes": every reference still pending, and those that expired or were credited
 * in the last 7 days, so the member sees what became of one they paid or forgot; at most 100 (a member asks for
 * at most 10 top-ups in 10 minutes, so a week could hold more than a screen shows).
 */
export const pendingListRules = { keptDays: 7, most: 100 } as const;

type Row = {
  id: number;
  reference: string | null;
  amount_cents: number;
  currency: string;
  status: 'charging' | 'pending' | 'paid' | 'failed';
  created_at: Date;
  expires_at: Date | null;
  paid_at: Date | null;
};

/** A reference with no stored expiry was issued by a server before 0016: it never expires. */
const payable = (row: Pick<Row, 'expires_at'>, now: Date) => row.expires_at === null || row.expires_at > now;

/** How the member reads a reference: credited once paid, expired once past its expiry or marked so, else pending. */
function statusOf(row: Row, now: Date): PendingTopUp['status'] {
  if (row.status === 'paid') return 'credited';
  return row.status === 'pending' && payable(row, now) ? 'pending' : 'expired';
}

/** The member's store references, newest first, as "Pagos pendientes" lists them. */
export async function pendingTopUps(db: Db, memberId: number, now: Date, origin: string): Promise<PendingTopUp[]> {
  const since = new Date(now.getTime() - pendingListRules.keptDays * 86_400_000);
  const rows: Row[] = await db
    .selectFrom('top_ups')
    .select(['id', 'reference', 'amount_cents', 'currency', 'status', 'created_at', 'expires_at', 'paid_at'])
    .where('member_id', '=', memberId)
    .where('method', '=', 'reference')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', since)])]),
        eb.and([eb('status', '=', 'failed'), eb('decline', '=', 'expired'), eb('expires_at', '>', since)]),
        eb.and([eb('status', '=', 'paid'), eb('paid_at', '>', since)]),
      ]),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(pendingListRules.most)
    .execute();
  return rows.map((row) => {
    const digits = row.reference ?? '';
    return {
      id: row.id,
      reference: groupedReference(digits),
      amount: fromMinorUnits(row.amount_cents, row.currency),
      currency: row.currency,
      status: statusOf(row, now),
      created_at: row.created_at.toISOString(),
      expires_at: (row.expires_at ?? referenceExpiresAt(row.created_at)).toISOString(),
      credited_at: row.paid_at?.toISOString() ?? null,
      stores: [...referenceStores],
      instructions_url: referenceInstructions(origin, digits),
    };
  });
}

/** The member's references credited in the last day, newest first (at most 10): the news a member read carries. */
export async function creditedReferences(db: Db, memberId: number, now: Date): Promise<CreditedReference[]> {
  const since = new Date(now.getTime() - creditedReferenceNewsHours * 3_600_000);
  const rows = await db
    .selectFrom('top_ups')
    .select(['id', 'reference', 'amount_cents', 'currency', 'paid_at'])
    .where('member_id', '=', memberId)
    .where('method', '=', 'reference')
    .where('status', '=', 'paid')
    .where('paid_at', '>', since)
    .orderBy('paid_at', 'desc')
    .orderBy('id', 'desc')
    .limit(10)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    reference: groupedReference(row.reference ?? ''),
    amount: fromMinorUnits(row.amount_cents, row.currency),
    currency: row.currency,
    credited_at: (row.paid_at ?? now).toISOString(),
  }));
}

/** What the member's references still payable will credit, in minor units by currency. */
async function stillPayable(db: Db, memberId: number, now: Date) {
  const rows = await db
    .selectFrom('top_ups')
    .select(['currency', sql<number>`coalesce(sum(amount_cents), 0)::bigint`.as('cents')])
    .where('member_id', '=', memberId)
    .where('method', '=', 'reference')
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .groupBy('currency')
    .execute();
  return new Map(rows.map((row) => [row.currency, Number(row.cents)]));
}

/**
 * The member's balances (own money, bonus apart: rewards.ts) with, apart again, what their references still
 * payable will credit ("$100.00 por acreditar"), only where there is some: a member with none reads them as before.
 */
export async function balancesWithPending(db: Db, memberId: number, now: Date) {
  const [balances, pending] = await Promise.all([
    balancesWithBonus(db, memberId, now),
    stillPayable(db, memberId, now),
  ]);
  return balances.map((balance) => {
    const cents = pending.get(balance.currency) ?? 0;
    return cents > 0 ? { ...balance, pending: fromMinorUnits(cents, balance.currency) } : balance;
  });
}
