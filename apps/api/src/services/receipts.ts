import {
  type CardBrand,
  defaultTimeZone,
  deliveryStatus,
  fromMinorUnits,
  type Receipt,
  type ReceiptKind,
  type ReceiptPayment,
  receiptFolio,
  SaleType,
  type SaleTypeCode,
  timeZoneOf,
} from '@vendo/core/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { refuse } from '../domain/errors.ts';
import { isoInZone } from '../domain/time-zone.ts';
import { topUpBonuses } from './bonus.ts';
import { dealQuery, dealView } from './deal-view.ts';
import type { DealReading } from './deals.ts';
import { issuedInvoiceUuids } from './invoice-view.ts';
import { settleDeal } from './settlement.ts';
import { trackingKeys } from './spei.ts';

/** What reading a receipt needs: a deal not yet brought up to its timeline is settled first. */
export interface ReceiptReading extends Pick<DealReading, 'db' | 'clock' | 'jobs' | 'metrics'> {
  /** The operator's folio prefix (VENDO_RECEIPT_PREFIX), given to receipts issued from now on. */
  readonly receiptPrefix: string;
}

/**
 * The folio of the receipt of (kind, reference), issued the first time it is asked for: its number is
 * the next of the sequence receipt_folios, so no two receipts ever share one (a reset of the demo world
 * leaves the sequence counting). Reads racing to issue the same receipt each insert, only the first
 * insert stays (the rest do nothing on the primary key) and all read that one back: the same folio for
 * every reader. A number a losing insert took is skipped, never given to another receipt.
 */
async function folioOf(
  db: Db,
  receipt: { kind: ReceiptKind; referenceId: number; memberId: number; issuedAt: Date; prefix: string },
): Promise<string> {
  const issued = () =>
    db
      .selectFrom('receipts')
      .select(['prefix', 'number'])
      .where('kind', '=', receipt.kind)
      .where('reference_id', '=', receipt.referenceId)
      .executeTakeFirst();
  const found = await issued();
  if (found) return receiptFolio(found.prefix, Number(found.number));
  await db
    .insertInto('receipts')
    .values({
      kind: receipt.kind,
      reference_id: receipt.referenceId,
      member_id: receipt.memberId,
      prefix: receipt.prefix,
      number: sql<string>`nextval('receipt_folios')`,
      issued_at: receipt.issuedAt,
    })
    .onConflict((oc) => oc.columns(['kind', 'reference_id']).doNothing())
    .execute();
  const row = await issued();
  if (!row) throw new Error(`receipt ${receipt.kind} ${receipt.referenceId} was issued and is gone`);
  return receiptFolio(row.prefix, Number(row.number));
}

/**
 * The member's balance in `currency` right after a movement: the sum of their entries of that currency
 * up to and including the movement's own (ordered by time, then by id), or, for a movement that booked
 * nothing (a sample), every entry up to its time.
 */
async function balanceAfter(
  db: Db,
  memberId: number,
  currency: string,
  movement: { entry: { kind: 'deal' | 'top_up'; reference: string } | null; at: Date },
): Promise<number> {
  const entry = movement.entry
    ? await db
        .selectFrom('ledger_entries')
        .select(['id', 'created_at'])
        .where('kind', '=', movement.entry.kind)
        .where('reference', '=', movement.entry.reference)
        .executeTakeFirst()
    : undefined;
  const row = await db
    .selectFrom('ledger_entries')
    .select(sql<string>`coalesce(sum(amount_cents), 0)::bigint`.as('cents'))
    .where('member_id', '=', memberId)
    .where('currency', '=', currency)
    // The balance is the own pocket (issue 36): bonus credit, stamps and rewards are listed apart.
    .where('pocket', '=', 'own')
    .where((eb) =>
      entry
        ? eb.or([
            eb('created_at', '<', entry.created_at),
            eb.and([eb('created_at', '=', entry.created_at), eb('id', '<=', entry.id)]),
          ])
        : eb('created_at', '<=', movement.at),
    )
    .executeTakeFirstOrThrow();
  return fromMinorUnits(Number(row.cents), currency);
}

/** A saved card named by brand and last 4; a meal-voucher card (edenred) says so. */
const cardPayment = (card: { brand: string | null; last4: string | null }): ReceiptPayment => ({
  method: card.brand === 'edenred' ? 'voucher' : 'card',
  card_brand: card.brand as CardBrand | null,
  card_last4: card.last4,
});

/**
 * Issue 35 point 3: the receipt of one of the member's deals the machine delivered. Another member's
 * deal, or one not delivered (on its way, failed, not delivered), is not_found.
 */
export async function dealReceipt(deps: ReceiptReading, memberId: number, dealId: number): Promise<Receipt> {
  const { db } = deps;
  const read = () =>
    db
      .selectFrom('deals')
      .innerJoin('machines', 'machines.id', 'deals.machine_id')
      .leftJoin('products', 'products.id', 'deals.product_id')
      .leftJoin('credit_cards', 'credit_cards.id', 'deals.credit_card_id')
      .select([
        'deals.id',
        'deals.delivery_status',
        'deals.settled_at',
        'deals.sale_type_code',
        'deals.charged_cents',
        'deals.currency',
        'deals.user_code',
        'machines.id as machine_id',
        'machines.name as machine_name',
        'machines.country_iso',
        'products.name as product_name',
        'credit_cards.brand',
        'credit_cards.last4',
      ])
      .where('deals.id', '=', dealId)
      .where('deals.member_id', '=', memberId)
      .executeTakeFirst();
  let deal = await read();
  if (!deal) throw refuse('not_found');
  // A deal whose machine moved on since it was last read is brought up to date first, as a poll would.
  if (!deal.settled_at) {
    await settleDeal(deps, dealId);
    deal = (await read()) ?? deal;
  }
  if (!deal.settled_at || deal.delivery_status !== deliveryStatus.delivered) throw refuse('not_found');
  const sample = deal.sale_type_code === SaleType.sample;
  const timeZone = timeZoneOf(deal.country_iso);
  const charged = fromMinorUnits(deal.charged_cents, deal.currency);
  const entry = deal.charged_cents > 0 ? { kind: 'deal' as const, reference: String(deal.id) } : null;
  return {
    folio: await folioOf(db, {
      kind: 'deal',
      referenceId: deal.id,
      memberId,
      issuedAt: deal.settled_at,
      prefix: deps.receiptPrefix,
    }),
    kind: 'deal',
    id: deal.id,
    issued_at: isoInZone(deal.settled_at, timeZone),
    time_zone: timeZone,
    machine: { id: deal.machine_id, name: deal.machine_name },
    // A keypad buy of a selection the machine does not sell names no product.
    product: deal.product_name === null ? null : { name: deal.product_name, user_code: deal.user_code },
    sale_type_code: deal.sale_type_code as SaleTypeCode,
    price: charged,
    sample,
    amount: charged,
    currency: deal.currency,
    // A direct payment loaded the difference by card before the balance paid: the card is named.
    payment: sample ? { method: 'sample' } : deal.brand ? cardPayment(deal) : { method: 'balance' },
    balance_after: await balanceAfter(db, memberId, deal.currency, { entry, at: deal.settled_at }),
    ...(await dealReceiptRewards(db, deal.id)),
  };
}

/** Issue 36: what a purchase earned and used, where its deal carries it (Deal.rewards); it earns no bonus. */
async function dealReceiptRewards(db: Db, dealId: number): Promise<Pick<Receipt, 'rewards'>> {
  const row = await dealQuery(db).where('deals.id', '=', dealId).executeTakeFirstOrThrow();
  const rewards = dealView(row).rewards;
  return rewards ? { rewards: { ...rewards, bonus_earned: 0 } } : {};
}

/** Issue 36: the bonus credit a top-up earned, on a receipt of a machine that runs a program or with a bonus. */
async function topUpReceiptRewards(
  db: Db,
  topUp: { id: number; currency: string; machine_id: number | null },
): Promise<Pick<Receipt, 'rewards'>> {
  const earned = (await topUpBonuses(db, [topUp.id])).get(topUp.id) ?? 0;
  const machine =
    topUp.machine_id === null
      ? undefined
      : await db.selectFrom('machines').select('operator_id').where('id', '=', topUp.machine_id).executeTakeFirst();
  const runs =
    machine &&
    (await db
      .selectFrom('reward_programs')
      .select('id')
      .where('operator_id', '=', machine.operator_id)
      .where((eb) => eb.or([eb('machine_id', 'is', null), eb('machine_id', '=', topUp.machine_id)]))
      .executeTakeFirst());
  if (earned === 0 && !runs) return {};
  return {
    rewards: { stamps: 0, reward_used: false, bonus_paid: 0, bonus_earned: fromMinorUnits(earned, topUp.currency) },
  };
}

/**
 * How a top-up was paid, by its method: a card (automatic and direct payment too), the checkout page, a store
 * reference, a SPEI transfer (named by its tracking key, issue 37 point 2).
 */
function topUpPayment(
  topUp: { method: string; reference: string | null; brand: string | null; last4: string | null },
  trackingKey: string | undefined,
): ReceiptPayment {
  if (topUp.method === 'redirect') return { method: 'checkout' };
  if (topUp.method === 'spei') return { method: 'spei', reference: trackingKey ?? null };
  if (topUp.method === 'reference') {
    // Grouped in fours, as the member was given it to pay (top-ups.ts).
    return { method: 'reference', reference: topUp.reference?.replace(/(\d{4})(?=\d)/g, '$1 ') ?? null };
  }
  return cardPayment(topUp);
}

/**
 * Issue 35 point 3: the receipt of one of the member's credited (paid) top-ups. Another member's,
 * or one pending or failed, is not_found.
 */
export async function topUpReceipt(deps: ReceiptReading, memberId: number, topUpId: number): Promise<Receipt> {
  const { db } = deps;
  const topUp = await db
    .selectFrom('top_ups')
    .leftJoin('machines', 'machines.id', 'top_ups.machine_id')
    .leftJoin('credit_cards', 'credit_cards.id', 'top_ups.credit_card_id')
    .select([
      'top_ups.id',
      'top_ups.amount_cents',
      'top_ups.currency',
      'top_ups.method',
      'top_ups.reference',
      'top_ups.created_at',
      'top_ups.paid_at',
      'machines.id as machine_id',
      'machines.name as machine_name',
      'machines.country_iso',
      'credit_cards.brand',
      'credit_cards.last4',
    ])
    .where('top_ups.id', '=', topUpId)
    .where('top_ups.member_id', '=', memberId)
    .where('top_ups.status', '=', 'paid')
    .executeTakeFirst();
  if (!topUp) throw refuse('not_found');
  const credited = topUp.paid_at ?? topUp.created_at;
  // A top-up made for no machine is in the spec's own country's currency (MXN), and so its zone.
  const timeZone = topUp.country_iso === null ? defaultTimeZone : timeZoneOf(topUp.country_iso);
  const entry = { kind: 'top_up' as const, reference: String(topUp.id) };
  return {
    folio: await folioOf(db, {
      kind: 'top_up',
      referenceId: topUp.id,
      memberId,
      issuedAt: credited,
      prefix: deps.receiptPrefix,
    }),
    kind: 'top_up',
    id: topUp.id,
    issued_at: isoInZone(credited, timeZone),
    time_zone: timeZone,
    machine:
      topUp.machine_id === null || topUp.machine_name === null
        ? null
        : { id: topUp.machine_id, name: topUp.machine_name },
    product: null,
    sale_type_code: null,
    price: null,
    sample: false,
    amount: fromMinorUnits(topUp.amount_cents, topUp.currency),
    currency: topUp.currency,
    payment: topUpPayment(
      topUp,
      topUp.method === 'spei' ? (await trackingKeys(db, [topUp.id])).get(topUp.id) : undefined,
    ),
    balance_after: await balanceAfter(db, memberId, topUp.currency, { entry, at: credited }),
    ...(await topUpReceiptRewards(db, { id: topUp.id, currency: topUp.currency, machine_id: topUp.machine_id })),
    // Issue 37 point 3: its folio fiscal once invoiced.
    invoice_uuid: (await issuedInvoiceUuids(db, [topUp.id])).get(topUp.id) ?? null,
  };
}
