import {
  callingCodeCountries,
  dealPages,
  deliveryStatus,
  fromMinorUnits,
  type MonthTotals,
  type StatementEntry,
  type StatementTopUp,
  type TopUpMode,
  timeZoneOf,
} from '@vendo/core/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Tables } from '../db/schema.ts';
import { balanceRefundsOf } from './balance-refunds.ts';
import { topUpBonuses } from './bonus.ts';
import { type DealReading, dealQuery, dealView, settleMoving } from './deals.ts';
import { issuedInvoiceUuids } from './invoice-view.ts';
import { trackingKeys } from './spei.ts';

/** How each stored top-up method reads on the statement. */
const modes: Record<Tables['top_ups']['method'], TopUpMode> = {
  card: 'card',
  redirect: 'checkout',
  reference: 'reference',
  direct_payment: 'direct_payment',
  auto: 'automatic',
  spei: 'spei',
};

export interface StatementPage {
  readonly entries: StatementEntry[];
  readonly months: MonthTotals[];
  readonly nextPage: number | null;
  readonly timeZone: string;
}

/**
 * The zone a member's statement cuts its months in: their sign-in country's (+52 Mexico:
 * America/Mexico_City, +81 Japan: Asia/Tokyo…), the default zone for any other.
 */
async function memberTimeZone(db: Db, memberId: number): Promise<string> {
  const member = await db.selectFrom('members').select('country').where('id', '=', memberId).executeTakeFirst();
  return timeZoneOf(member ? callingCodeCountries[member.country] : undefined);
}

/** The calendar month, in `zone`, of a row's `created_at`. */
const monthIn = (zone: string) => sql<string>`to_char(created_at at time zone ${zone}, 'YYYY-MM')`;

type MoveKind = 'deal' | 'top_up' | 'balance_refund';

/**
 * One page of the member's purchases, top-ups and balance refunds (issue 37 point 4, dated when asked for),
 * merged newest first (by when each was made; at the same instant a purchase before a top-up), one row past the
 * page saying whether another follows.
 */
async function pageOfMoves(db: Db, memberId: number, zone: string, page: number) {
  const moves = db
    .selectFrom('deals')
    .select([sql<MoveKind>`'deal'`.as('kind'), 'id', 'created_at'])
    .where('member_id', '=', memberId)
    .unionAll(
      db
        .selectFrom('top_ups')
        .select([sql<MoveKind>`'top_up'`.as('kind'), 'id', 'created_at'])
        .where('member_id', '=', memberId),
    )
    .unionAll(
      db
        .selectFrom('balance_refunds')
        .select([sql<MoveKind>`'balance_refund'`.as('kind'), 'id', 'requested_at as created_at'])
        .where('member_id', '=', memberId),
    );
  return db
    .selectFrom(moves.as('moves'))
    .select(['kind', 'id', monthIn(zone).as('month')])
    .orderBy('created_at', 'desc')
    .orderBy('kind', 'asc')
    .orderBy('id', 'desc')
    .offset((page - 1) * dealPages.size)
    .limit(dealPages.size + 1)
    .execute();
}

/**
 * Issue 35 point 5: each month's totals per currency over the whole month, whichever page shows it.
 * Spent: what delivered purchases were charged of the member's own money, less the refunds booked for them
 * (ledger kind refund, counted in the purchase's month); topped up: what credited top-ups loaded. A purchase not delivered
 * and a top-up pending or failed count as nothing, yet give their month a row.
 */
async function monthTotals(db: Db, memberId: number, zone: string, months: readonly string[]): Promise<MonthTotals[]> {
  if (months.length === 0) return [];
  const { rows } = await sql<{ month: string; currency: string; spent: string; topped_up: string }>`
    select month, currency, sum(spent)::bigint as spent, sum(topped_up)::bigint as topped_up
    from (
      select to_char(d.created_at at time zone ${zone}, 'YYYY-MM') as month, d.currency,
        -- Own money only (issue 36): the bonus credit a purchase spent is no money of the member's.
        case when d.settled_at is not null then d.charged_cents - d.bonus_charged_cents - coalesce(r.amount_cents, 0) else 0 end as spent,
        0 as topped_up
      from deals d
      left join ledger_entries r on r.kind = 'refund' and r.pocket = 'own' and r.reference = d.id::text
      where d.member_id = ${memberId}
      union all
      select to_char(t.created_at at time zone ${zone}, 'YYYY-MM'), t.currency,
        0, case when t.status = 'paid' then t.amount_cents else 0 end
      from top_ups t
      where t.member_id = ${memberId}
    ) moves
    where month in (${sql.join(months)})
    group by month, currency
    order by month desc, currency`.execute(db);
  return rows.map((row) => ({
    month: row.month,
    spent: fromMinorUnits(Number(row.spent), row.currency),
    topped_up: fromMinorUnits(Number(row.topped_up), row.currency),
    currency: row.currency,
  }));
}

/** The purchases of a page as statement entries: each as it stands, what was refunded for it, its receipt. */
async function dealEntries(db: Db, ids: number[]): Promise<Map<number, StatementEntry>> {
  if (ids.length === 0) return new Map();
  const [rows, refunds] = await Promise.all([
    dealQuery(db).where('deals.id', 'in', ids).execute(),
    db
      .selectFrom('ledger_entries')
      .select(['reference', 'amount_cents'])
      .where('kind', '=', 'refund')
      .where('pocket', '=', 'own')
      .where('reference', 'in', ids.map(String))
      .execute(),
  ]);
  const refunded = new Map(refunds.map((row) => [Number(row.reference), Number(row.amount_cents)]));
  return new Map(
    rows.map((row) => {
      const delivered = row.settled_at !== null && row.delivery_status === deliveryStatus.delivered;
      const entry: StatementEntry = {
        kind: 'deal',
        deal: dealView(row),
        refunded: fromMinorUnits(refunded.get(row.id) ?? 0, row.currency),
        receipt: delivered ? { kind: 'deal', id: row.id } : null,
      };
      return [row.id, entry];
    }),
  );
}

/** The top-ups of a page as statement entries: mode, outcome (a charge still asked of the provider is pending), receipt. */
async function topUpEntries(db: Db, ids: number[]): Promise<Map<number, StatementEntry>> {
  if (ids.length === 0) return new Map();
  const [rows, bonuses, keys, invoiced] = await Promise.all([
    db
      .selectFrom('top_ups')
      .select(['id', 'amount_cents', 'currency', 'status', 'method', 'created_at', 'paid_at'])
      .where('id', 'in', ids)
      .execute(),
    topUpBonuses(db, ids),
    trackingKeys(db, ids),
    issuedInvoiceUuids(db, ids),
  ]);
  return new Map(
    rows.map((row) => {
      const topUp: StatementTopUp = {
        id: row.id,
        amount: fromMinorUnits(row.amount_cents, row.currency),
        currency: row.currency,
        mode: modes[row.method],
        outcome: row.status === 'charging' ? 'pending' : row.status,
        created_at: row.created_at.toISOString(),
        bonus: fromMinorUnits(bonuses.get(row.id) ?? 0, row.currency),
        // Issue 37 point 2: a SPEI transfer is named by its tracking key, as the sender's bank shows it.
        ...(keys.has(row.id) ? { tracking_key: keys.get(row.id) } : {}),
        // Issue 37 point 3: whether it has an issued invoice (CFDI); only a top-up in pesos is invoiced.
        ...(row.status === 'paid' && row.currency === 'MXN' ? { invoiced: invoiced.has(row.id) } : {}),
        // Issue 37 point 3: when it was paid, which says the month it can be invoiced in.
        ...(row.paid_at ? { paid_at: row.paid_at.toISOString() } : {}),
      };
      const receipt = row.status === 'paid' ? { kind: 'top_up' as const, id: row.id } : null;
      return [row.id, { kind: 'top_up', top_up: topUp, receipt }];
    }),
  );
}

/** Issue 37 point 4: the balance refunds of a page, each with its state and parts; no receipt. */
async function balanceRefundEntries(db: Db, memberId: number, ids: number[]): Promise<Map<number, StatementEntry>> {
  if (ids.length === 0) return new Map();
  const refunds = await balanceRefundsOf(db, memberId, ids);
  return new Map(
    refunds.map((balance_refund) => [balance_refund.id, { kind: 'balance_refund', balance_refund, receipt: null }]),
  );
}

/**
 * Issue 35 point 5: the member's history as a statement, a page of dealPages.size at a time (pages 1 to
 * dealPages.last), purchases and top-ups merged newest first, and the totals of each month the page shows.
 */
export async function memberStatement(
  deps: Pick<DealReading, 'db' | 'clock' | 'jobs' | 'metrics'>,
  memberId: number,
  page = 1,
): Promise<StatementPage> {
  const { db } = deps;
  // A purchase whose machine moved on is shown, and totalled, as it stands.
  await settleMoving(deps, memberId);
  const timeZone = await memberTimeZone(db, memberId);
  const rows = await pageOfMoves(db, memberId, timeZone, page);
  const shown = rows.slice(0, dealPages.size);
  const ids = (kind: MoveKind) => shown.filter((row) => row.kind === kind).map((row) => row.id);
  const [deals, topUps, refunds, months] = await Promise.all([
    dealEntries(db, ids('deal')),
    topUpEntries(db, ids('top_up')),
    balanceRefundEntries(db, memberId, ids('balance_refund')),
    monthTotals(db, memberId, timeZone, [...new Set(shown.map((row) => row.month))]),
  ]);
  const entries = shown.flatMap(
    (row) => (row.kind === 'deal' ? deals : row.kind === 'top_up' ? topUps : refunds).get(row.id) ?? [],
  );
  const more = rows.length > dealPages.size && page < dealPages.last;
  return { entries, months, nextPage: more ? page + 1 : null, timeZone };
}
