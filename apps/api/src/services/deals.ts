import {
  type CreateDealRequest,
  type Deal,
  dealPages,
  deliveryStatus,
  type ErrorObject,
  SaleType,
} from '@vendo/core/contract';
import type { Db } from '../db/database.ts';
import type { Clock } from '../domain/clock.ts';
import { refuse } from '../domain/errors.ts';
import { idempotencyHours } from '../domain/idempotency.ts';
import { dealBehind } from '../domain/timeline.ts';
import type { MachineRunner } from '../sim/machine-runner.ts';
import { withBuyLock } from './buy-lock.ts';
import type { Cache } from './cache.ts';
import type { ChargeDeps } from './card-charges.ts';
import { type DealSnapshot, stillHolds } from './deal-cache.ts';
import { bookPayment, decidePayment, loadDifference, lockMember, type PaymentAsk } from './deal-payment.ts';
import { dealQuery, dealView } from './deal-view.ts';
import { machineById, recordVisit } from './machines.ts';
import { type FollowUps, type SettleDeps, settleDeal } from './settlement.ts';
import { reserveUnit, takesUnit } from './stock.ts';

export { dealQuery, dealView };

/** What reading deals needs: settling one that moved on may leave an automatic top-up (`jobs`). */
export interface DealReading {
  readonly db: Db;
  readonly clock: Clock;
  readonly jobs: FollowUps;
  /** The count of deals ended, which reading a deal may settle. */
  readonly metrics: SettleDeps['metrics'];
  /** This process's snapshots of deals (deal-cache.ts). */
  readonly deals: Cache<number, DealSnapshot>;
}

/** What making a deal needs besides: a card to load the difference, and the machine that delivers. */
export interface DealMaking extends Omit<DealReading, 'metrics'>, Omit<ChargeDeps, 'metrics'> {
  readonly metrics: DealReading['metrics'] & ChargeDeps['metrics'];
  readonly machines: Pick<MachineRunner, 'dealTimeline' | 'dealRefusal' | 'watchDeal'>;
}

/**
 * A member's deal as it stands now. A poll is answered from this process's snapshot while the
 * deal's timeline still gives the status it holds (deal-cache.ts); otherwise the stored row is
 * brought up to the timeline and read again.
 */
export async function currentDeal(
  deps: DealReading,
  memberId: number,
  machineId: number,
  dealId: number,
): Promise<Deal> {
  const { db, clock, deals } = deps;
  const kept = deals.get(dealId);
  if (kept && kept.memberId === memberId && kept.machineId === machineId && stillHolds(kept, clock.now())) {
    return kept.deal;
  }
  const read = () =>
    dealQuery(db)
      .where('deals.id', '=', dealId)
      .where('deals.member_id', '=', memberId)
      .where('deals.machine_id', '=', machineId)
      .executeTakeFirst();
  let row = await read();
  if (!row) throw refuse('not_found');
  const lifecycle = {
    timeline: row.timeline,
    startedAt: row.started_at.getTime(),
    status: row.delivery_status,
    connectTimeoutMs: row.connect_timeout_ms,
  };
  if (!row.settled_at && dealBehind(lifecycle, clock.now())) {
    await settleDeal(deps, dealId);
    row = (await read()) ?? row;
  }
  const deal = dealView(row);
  deals.set(dealId, {
    memberId,
    machineId,
    startedAt: row.started_at.getTime(),
    timeline: row.timeline,
    connectTimeoutMs: row.connect_timeout_ms,
    settled: row.settled_at !== null,
    deal,
  });
  return deal;
}

/** Brings every deal of the member still on its way up to its timeline, so a list shows each as it stands. */
export async function settleMoving(deps: Pick<DealReading, 'db' | 'clock' | 'jobs' | 'metrics'>, memberId: number) {
  const moving = await deps.db
    .selectFrom('deals')
    .select('id')
    .where('member_id', '=', memberId)
    .where('settled_at', 'is', null)
    .execute();
  for (const { id } of moving) await settleDeal(deps, id);
}

/**
 * The member's deals newest first, each as it stands now: one page of dealPages.size and whether
 * another follows, or without a page the newest dealPages.unpaged (issue 32 point 8).
 */
export async function listDeals(
  deps: Pick<DealReading, 'db' | 'clock' | 'jobs' | 'metrics'>,
  memberId: number,
  page?: number,
): Promise<{ deals: Deal[]; nextPage: number | null }> {
  const { db } = deps;
  await settleMoving(deps, memberId);
  const size = page ? dealPages.size : dealPages.unpaged;
  // One row past the page says whether another follows.
  const rows = await dealQuery(db)
    .where('deals.member_id', '=', memberId)
    .orderBy('deals.id', 'desc')
    .offset(page ? (page - 1) * size : 0)
    .limit(page ? size + 1 : size)
    .execute();
  const more = page !== undefined && rows.length > size && page < dealPages.last;
  return { deals: rows.slice(0, size).map(dealView), nextPage: more ? page + 1 : null };
}

/** Issue 32 point 4: the free samples one member takes from one machine in any 24 hours. */
export const sampleRules = { perMachine: 1, windowHours: 24 } as const;

/**
 * The product a deal holds the price of (issue 32 point 4): a sample names a sampleable product, a
 * service a serviceable one by its upc, a sale a sellable one. The machine's own keyboard (any
 * product) is a balance sale only, and holds the machine's most expensive product until the machine
 * says what it vended (settlement.ts charges that).
 */
async function productFor(db: Db, machineId: number, body: CreateDealRequest) {
  const base = db.selectFrom('products').selectAll().where('machine_id', '=', machineId);
  if (body.any_product) {
    if (body.sale_type_code !== SaleType.sale) throw refuse('any_product_not_allowed');
    const dearest = await base
      .where('sellable', '=', true)
      .orderBy('price_cents', 'desc')
      .orderBy('id', 'asc')
      .limit(1)
      .executeTakeFirst();
    if (!dearest) throw refuse('not_for_sale');
    return { id: null, userCode: body.user_code, priceCents: dearest.price_cents, holdsUnit: false };
  }
  const [option, column] =
    body.sale_type_code === SaleType.service
      ? (['serviceable', 'upc'] as const)
      : body.sale_type_code === SaleType.sample
        ? (['sampleable', 'user_code'] as const)
        : (['sellable', 'user_code'] as const);
  const product = await base.where(column, '=', body.user_code).where(option, '=', true).executeTakeFirst();
  if (!product) throw refuse(body.sale_type_code === SaleType.sample ? 'not_sampleable' : 'not_for_sale');
  // Issue 35 point 1: a product the machine holds none of is refused before anything is held or charged.
  const holdsUnit = takesUnit(body.sale_type_code, product.stock);
  if (holdsUnit && product.stock === 0) throw refuse('product_sold_out');
  return {
    id: product.id,
    userCode: product.user_code,
    priceCents: body.sale_type_code === SaleType.sample ? 0 : product.price_cents,
    holdsUnit,
  };
}

/**
 * Samples the member took from the machine within the window: delivered ones and ones still on their
 * way (a sample the machine failed to give does not count). Read under the member's buy lock.
 */
async function samplesTaken(db: Pick<Db, 'selectFrom'>, memberId: number, machineId: number, now: Date) {
  const row = await db
    .selectFrom('deals')
    .select((eb) => eb.fn.countAll<string>().as('taken'))
    .where('member_id', '=', memberId)
    .where('machine_id', '=', machineId)
    .where('sale_type_code', '=', SaleType.sample)
    .where('created_at', '>', new Date(now.getTime() - sampleRules.windowHours * 3_600_000))
    .where((eb) => eb.or([eb('settled_at', 'is', null), eb('delivery_status', '=', deliveryStatus.delivered)]))
    .executeTakeFirstOrThrow();
  return Number(row.taken);
}

/** A deal made (or found again by its key), or the error object a dev script refuses the buy with. */
export type DealOutcome = { readonly deal: Deal } | { readonly scriptedRefusal: ErrorObject };

/**
 * Spec §4 buy: samples are free (sampleRules.perMachine a day), balance sales and services need the
 * price available (or direct payment of the difference by card), and nothing is charged until the
 * machine delivers. One purchase at a time per member; none on an offline machine.
 */
export async function createDeal(
  deps: DealMaking,
  memberId: number,
  machineId: number,
  body: CreateDealRequest,
  request: {
    /** Where the member reaches the app: a campaign's requirement page is answered as an absolute URL. */
    origin: string;
    idempotencyKey?: string | undefined;
  },
): Promise<DealOutcome> {
  const { db, clock, machines } = deps;
  const machine = await machineById(db, machineId);
  const made = await dealMadeFor(db, clock, memberId, request.idempotencyKey);
  if (made) return { deal: await currentDeal(deps, memberId, made.machine_id, made.id) };
  // Issue 32 point 6: an offline machine cannot deliver, so nothing is held for it.
  if (machine.status === 'offline') throw refuse('machine_offline');
  const scriptedRefusal = await machines.dealRefusal(db, machine.id, memberId);
  if (scriptedRefusal) return { scriptedRefusal };
  const member = await db.selectFrom('members').select(['email']).where('id', '=', memberId).executeTakeFirstOrThrow();
  if (machine.campaign?.requirement_url && !member.email) {
    throw refuse('campaign_requirement', {
      redirect_url: new URL(machine.campaign.requirement_url, request.origin).href,
    });
  }
  const product = await productFor(db, machine.id, body);
  const now = clock.now();
  const ask: PaymentAsk = {
    memberId,
    listPriceCents: product.priceCents,
    saleType: body.sale_type_code,
    anyProduct: body.any_product,
    rewardProgramId: body.reward_program_id,
    now,
  };

  const created = await withBuyLock(db, clock, memberId, async () => {
    // Direct payment loads the difference by card first; the money stays in the balance whatever happens next.
    const cardId = await loadDifference(deps, ask, machine, {
      cardId: body.credit_card_id,
      idempotencyKey: request.idempotencyKey,
    });
    return db.transaction().execute(async (tx) => {
      // Before anything is read: the member's stamps and bonus lots are counted by one transaction at a time.
      await lockMember(tx, memberId);
      // Issue 32 point 5: only the balance in the machine's currency pays at it; issue 36: bonus credit after it.
      const payment = await decidePayment(tx, ask, machine);
      if (
        body.sale_type_code === SaleType.sample &&
        (await samplesTaken(tx, memberId, machine.id, now)) >= sampleRules.perMachine
      ) {
        throw refuse('sample_limit_reached', { limit: sampleRules.perMachine });
      }
      // The count read above may be gone by now: the reservation is what decides (stock.ts).
      if (product.holdsUnit && product.id !== null && !(await reserveUnit(tx, product.id))) {
        throw refuse('product_sold_out');
      }
      const timeline = await machines.dealTimeline(tx, machine, { memberId, anyProduct: body.any_product });
      const deal = await tx
        .insertInto('deals')
        .values({
          member_id: memberId,
          machine_id: machine.id,
          // A keypad buy's product is known once the machine says what it vended.
          product_id: product.id,
          user_code: product.userCode,
          sale_type_code: body.sale_type_code,
          any_product: body.any_product,
          locale: body.locale,
          price_cents: payment.priceCents,
          credit_card_id: cardId,
          delivery_status: deliveryStatus.connecting,
          timeline: JSON.stringify(timeline),
          started_at: now,
          created_at: now,
          idempotency_key: request.idempotencyKey ?? null,
          connect_timeout_ms: machine.connect_to_machine_timeout,
          currency: machine.currency_iso,
          holds_unit: product.holdsUnit,
          list_price_cents: payment.listPriceCents,
          reward_program_id: payment.reward?.programId ?? null,
          reward_card: payment.reward?.card ?? null,
          bonus_cents: payment.bonusCents,
        })
        .returning(['id', 'started_at', 'timeline', 'connect_timeout_ms'])
        .executeTakeFirstOrThrow();
      // The reward and the bonus it takes are booked with the deal: no crash leaves one without the other.
      await bookPayment(tx, { id: deal.id, memberId, currency: machine.currency_iso, at: now }, payment);
      return deal;
    });
  });
  await machines.watchDeal({
    id: created.id,
    startedAt: created.started_at,
    timeline: created.timeline,
    connectTimeoutMs: created.connect_timeout_ms,
  });
  await recordVisit(db, memberId, machine.id, now);
  return { deal: await currentDeal(deps, memberId, machine.id, created.id) };
}

/**
 * The deal an earlier run of the same keyed request made, if it got that far before its process
 * stopped. Keys live idempotencyHours: an older deal with the same key is another purchase.
 */
async function dealMadeFor(db: Db, clock: Clock, memberId: number, idempotencyKey: string | undefined) {
  if (!idempotencyKey) return undefined;
  return db
    .selectFrom('deals')
    .select(['id', 'machine_id'])
    .where('member_id', '=', memberId)
    .where('idempotency_key', '=', idempotencyKey)
    .where('created_at', '>', new Date(clock.now().getTime() - idempotencyHours * 3_600_000))
    .executeTakeFirst();
}
