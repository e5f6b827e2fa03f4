import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

type Executor = Pick<Db, 'selectFrom' | 'insertInto'>;

/** The balance is the sum of the member's ledger entries, never a number edited in place. */
export async function balanceCents(db: Executor, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries')
    .select(sql<number>`coalesce(sum(amount_cents), 0)::bigint`.as('cents'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return Number(row.cents);
}

/** Money promised to deals still on their way: charged on delivery, released on failure. */
export async function heldCents(db: Executor, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('deals')
    .select(sql<number>`coalesce(sum(price_cents), 0)::bigint`.as('cents'))
    .where('member_id', '=', memberId)
    .where('settled_at', 'is', null)
    .where('sale_type_code', 'in', [2, 4])
    .executeTakeFirstOrThrow();
  return Number(row.cents);
}

export async function availableCents(db: Executor, memberId: number): Promise<number> {
  return (await balanceCents(db, memberId)) - (await heldCents(db, memberId));
}

export interface Entry {
  readonly memberId: number;
  readonly cents: number;
  readonly kind: 'seed' | 'top_up' | 'deal' | 'refund';
  /** What the entry is for; (kind, reference) is unique, so the same movement is never booked twice. */
  readonly reference: string;
  readonly currency?: string;
  readonly at?: Date;
}

export async function book(db: Executor, entry: Entry): Promise<void> {
  await db
    .insertInto('ledger_entries')
    .values({
      member_id: entry.memberId,
      amount_cents: entry.cents,
      currency: entry.currency ?? 'MXN',
      kind: entry.kind,
      reference: entry.reference,
      ...(entry.at ? { created_at: entry.at } : {}),
    })
    .execute();
}

export const toPesos = (cents: number) => Math.round(cents) / 100;
