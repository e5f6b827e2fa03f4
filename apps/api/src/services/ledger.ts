import { fromMinorUnits, paidSaleTypes, topUpBounds } from '@vendo/core/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { LedgerKind, LedgerPocket } from '../db/schema.ts';

type Executor = Pick<Db, 'selectFrom' | 'insertInto'>;

/**
 * Issue 32 point 5: a member has one balance per currency, each the sum of that currency's ledger
 * entries (never a number edited in place), in its minor units. Without a currency: MXN, the spec's.
 * Only the own pocket is money: bonus credit, stamps and rewards (issue 36) are counted apart.
 */
export async function balanceCents(
  db: Executor,
  memberId: number,
  currency: string = topUpBounds.defaultCurrency,
): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries')
    .select(sql<number>`coalesce(sum(amount_cents), 0)::bigint`.as('cents'))
    .where('member_id', '=', memberId)
    .where('currency', '=', currency)
    .where('pocket', '=', 'own')
    .executeTakeFirstOrThrow();
  return Number(row.cents);
}

/**
 * Own money promised to deals still on their way, in the currency of their machines: charged on delivery,
 * released on failure. The part of a price paid with bonus credit is reserved in the bonus pocket instead
 * (issue 36), so it is not held twice.
 */
export async function heldCents(db: Executor, memberId: number, currency: string): Promise<number> {
  const row = await db
    .selectFrom('deals')
    .select(sql<number>`coalesce(sum(price_cents - bonus_cents), 0)::bigint`.as('cents'))
    .where('member_id', '=', memberId)
    .where('currency', '=', currency)
    .where('settled_at', 'is', null)
    .where('sale_type_code', 'in', paidSaleTypes)
    .executeTakeFirstOrThrow();
  return Number(row.cents);
}

/** What a buy at a machine of this currency may spend: that currency's balance, never another's. */
export async function availableCents(db: Executor, memberId: number, currency: string): Promise<number> {
  return (await balanceCents(db, memberId, currency)) - (await heldCents(db, memberId, currency));
}

/**
 * Every balance of the member, one per currency (issue 32 point 5): MXN and each currency a machine
 * sells in, 0 where nothing was loaded, so the app finds the balance of any machine's currency.
 */
export async function balances(db: Executor, memberId: number) {
  const [booked, sold] = await Promise.all([
    db
      .selectFrom('ledger_entries')
      .select(['currency', sql<number>`coalesce(sum(amount_cents), 0)::bigint`.as('cents')])
      .where('member_id', '=', memberId)
      .where('pocket', '=', 'own')
      .groupBy('currency')
      .execute(),
    db.selectFrom('machines').select('currency_iso').distinct().execute(),
  ]);
  const byCurrency = new Map<string, number>([[topUpBounds.defaultCurrency, 0]]);
  for (const { currency_iso } of sold) byCurrency.set(currency_iso, 0);
  for (const { currency, cents } of booked) byCurrency.set(currency, Number(cents));
  return [...byCurrency]
    .sort(([a], [b]) =>
      a === topUpBounds.defaultCurrency ? -1 : b === topUpBounds.defaultCurrency ? 1 : a.localeCompare(b),
    )
    .map(([currency, cents]) => ({ amount: fromMinorUnits(cents, currency), currency }));
}

export interface Entry {
  readonly memberId: number;
  readonly cents: number;
  readonly kind: LedgerKind;
  /** What the entry is for; (kind, reference) is unique, so the same movement is never booked twice. */
  readonly reference: string;
  /** The balance it moves; MXN when not named. */
  readonly currency?: string;
  readonly at?: Date;
  /** Issue 36: own money unless named; a program's movements name their program, card or lot. */
  readonly pocket?: LedgerPocket;
  readonly programId?: number;
  readonly card?: number;
  readonly lotId?: number;
  readonly expiresAt?: Date;
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
      ...(entry.pocket ? { pocket: entry.pocket } : {}),
      ...(entry.programId === undefined ? {} : { program_id: entry.programId }),
      ...(entry.card === undefined ? {} : { card: entry.card }),
      ...(entry.lotId === undefined ? {} : { lot_id: entry.lotId }),
      ...(entry.expiresAt ? { expires_at: entry.expiresAt } : {}),
    })
    .execute();
}

/** Minor units of MXN (centavos) to pesos. */
export const toPesos = (cents: number) => Math.round(cents) / 100;
