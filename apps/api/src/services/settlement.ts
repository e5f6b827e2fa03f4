import { dealEnded, dealOutcome, deliveryStatus, paidSaleTypes, toMinorUnits } from '@vendo/core/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Tables } from '../db/schema.ts';
import type { Clock } from '../domain/clock.ts';
import { connectTimedOut, dealBehind, stepAt } from '../domain/timeline.ts';
import type { Scheduler } from '../jobs/scheduler.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { chargeSplit, giveBackBonus } from './bonus.ts';
import { type ChargeDeps, chargeCard } from './card-charges.ts';
import { lockMember } from './deal-payment.ts';
import { balanceCents, book } from './ledger.ts';
import { mailEveryReceipt } from './receipt-mail-follow-up.ts';
import { earnStamps, returnReward } from './stamps.ts';
import { releaseUnit, takeVendedUnit } from './stock.ts';
import { topUpTerms } from './top-ups.ts';

/** Where settling leaves what follows it: the automatic top-up a charge may call for, a receipt's e-mail. */
export type FollowUps = Pick<Scheduler, 'at'>;

/** What settling a deal needs: the ledger's database, the time, the job queue, and the count of deals ended. */
export interface SettleDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly jobs: FollowUps;
  readonly metrics: Pick<Metrics, 'deals'>;
}

/** Statuses that charge the member: only a delivery of a paid sale type. Status 5 and every failure never charge. */
const charges = (status: number, saleType: number) =>
  status === deliveryStatus.delivered && paidSaleTypes.some((paid) => paid === saleType);

type DealRow = Selectable<Tables['deals']>;

const lifecycle = (deal: Pick<DealRow, 'timeline' | 'started_at' | 'delivery_status' | 'connect_timeout_ms'>) => ({
  timeline: deal.timeline,
  startedAt: deal.started_at.getTime(),
  status: deal.delivery_status,
  connectTimeoutMs: deal.connect_timeout_ms,
});

/**
 * What a delivery is charged, and what was delivered: the deal's product at its price, or for a keypad
 * buy (any product, issue 32 point 4) the selection the machine says it vended, at its price and never
 * more than the hold. A selection the machine does not sell is charged the hold.
 */
async function deliveryCharge(tx: Db, deal: DealRow, selection: string | undefined) {
  const held = { cents: deal.price_cents, productId: deal.product_id, userCode: deal.user_code };
  if (!deal.any_product || selection === undefined) return held;
  const vended = await tx
    .selectFrom('products')
    .select(['id', 'price_cents'])
    .where('machine_id', '=', deal.machine_id)
    .where('user_code', '=', selection)
    .where('sellable', '=', true)
    .executeTakeFirst();
  if (!vended) return held;
  return { cents: Math.min(vended.price_cents, deal.price_cents), productId: vended.id, userCode: selection };
}

/**
 * Issue 35 point 1: a delivery takes the unit its deal reserved, or for a keypad buy the unit of what the
 * machine vended; any other end gives the reserved unit back.
 */
async function settleUnit(tx: Db, deal: DealRow, status: number, vendedProductId: number | null) {
  const deliveredIt = status === deliveryStatus.delivered;
  if (deal.holds_unit && !deliveredIt && deal.product_id !== null) await releaseUnit(tx, deal.product_id);
  if (deal.any_product && deliveredIt && vendedProductId !== null) await takeVendedUnit(tx, vendedProductId);
}

/**
 * Brings a deal's stored status up to its timeline. On a final status the deal
 * settles once: a delivery books the charge, anything else releases the hold.
 * A deal its machine never answered (still 1) settles at its connect timeout,
 * charging nothing. A charge leaves an automatic top-up job, and a delivery its
 * receipt's e-mail (issue 35 point 4), in the same transaction, so no crash loses them.
 */
export async function settleDeal(deps: SettleDeps, dealId: number) {
  const { db, clock, jobs } = deps;
  const now = clock.now();
  // Most calls find nothing to do (a poll or another timer got there first): look before locking.
  const peek = await db
    .selectFrom('deals')
    .select(['member_id', 'delivery_status', 'settled_at', 'started_at', 'timeline', 'connect_timeout_ms'])
    .where('id', '=', dealId)
    .executeTakeFirst();
  if (!peek || peek.settled_at) return;
  if (!dealBehind(lifecycle(peek), now)) return;
  // Counted once the settlement commits: a transaction rolled back ended nothing.
  const ended = await db.transaction().execute(async (tx): Promise<string | null> => {
    // The member's row before the deal's, as every transaction takes them (no deadlock): their stamps and
    // bonus lots are counted by one settlement, purchase or refund at a time (issue 36).
    await lockMember(tx, peek.member_id);
    const deal = await tx.selectFrom('deals').selectAll().where('id', '=', dealId).forUpdate().executeTakeFirst();
    if (!deal || deal.settled_at) return null;
    const reached = stepAt(deal.timeline, now.getTime() - deal.started_at.getTime());
    const status = Number(reached?.status ?? deal.delivery_status);
    const finished = dealEnded(status) || connectTimedOut(lifecycle(deal), now);
    if (status === deal.delivery_status && !finished) return null;
    const delivered =
      finished && charges(status, deal.sale_type_code) ? await deliveryCharge(tx, deal, reached?.selection) : null;
    const charge = delivered?.cents ?? 0;
    if (finished) await settleUnit(tx, deal, status, delivered?.productId ?? null);
    await tx
      .updateTable('deals')
      .set({
        delivery_status: status,
        ...(finished
          ? { settled_at: now, charged_cents: charge, bonus_charged_cents: chargeSplit(deal, charge).bonus }
          : {}),
        ...(delivered ? { product_id: delivered.productId, user_code: delivered.userCode } : {}),
      })
      .where('id', '=', deal.id)
      .execute();
    const outcome = finished ? (dealEnded(status) ? dealOutcome(status) : 'timed_out') : null;
    // Every delivery has a receipt, a free sample's too: e-mailed where the member gets every receipt.
    if (finished && status === deliveryStatus.delivered) {
      await mailEveryReceipt(tx, jobs, { kind: 'deal', id: deal.id, memberId: deal.member_id }, now);
    }
    if (finished) await settleRewards(tx, deal, status, charge, now);
    if (charge === 0) return outcome;
    const split = chargeSplit(deal, charge);
    // Own money first (issue 36): a purchase paid wholly with bonus credit books no own movement.
    if (split.own > 0) {
      await book(tx, {
        memberId: deal.member_id,
        cents: -split.own,
        currency: deal.currency,
        kind: 'deal',
        reference: String(deal.id),
        at: now,
      });
    }
    const member = await tx
      .selectFrom('members')
      .select('auto_top_up')
      .where('id', '=', deal.member_id)
      .executeTakeFirst();
    if (member?.auto_top_up?.enabled) {
      await jobs.at(
        now,
        { kind: 'auto_top_up', dealId: deal.id },
        {
          key: `auto_top_up:${deal.id}@${deal.started_at.getTime()}`,
          within: tx,
        },
      );
    }
    return outcome;
  });
  if (ended) deps.metrics.deals.inc({ outcome: ended });
}

/**
 * Issue 36, in the settlement's transaction: the bonus reserved and not spent goes back to its lots, a reward
 * a purchase did not deliver goes back to its card, and a delivered paid purchase earns its stamps.
 */
async function settleRewards(tx: Db, deal: DealRow, status: number, charge: number, now: Date) {
  await giveBackBonus(
    tx,
    { id: deal.id, memberId: deal.member_id, currency: deal.currency },
    chargeSplit(deal, charge).unused,
    'bonus_returned',
    now,
  );
  await returnReward(tx, deal, status, now);
  if (status === deliveryStatus.delivered) await earnStamps(tx, deal, charge, now);
}

/** The automatic top-up a charged deal calls for, if any (a job: it may run more than once). */
export async function topUpAfterDeal(deps: ChargeDeps, dealId: number) {
  const deal = await deps.db
    .selectFrom('deals')
    .select(['member_id', 'machine_id', 'charged_cents', 'currency'])
    .where('id', '=', dealId)
    .where('settled_at', 'is not', null)
    .executeTakeFirst();
  if (!deal?.charged_cents) return;
  // The settings are in pesos (no machine names their currency): a charge in another currency loads nothing.
  const terms = await topUpTerms(deps.db, undefined);
  if (deal.currency !== terms.currency) return;
  await topUpAutomatically(deps, { memberId: deal.member_id, dealId, machineId: deal.machine_id });
}

/**
 * Automatic top-up: a charge that leaves the balance under the threshold loads the set amount, once
 * per charged deal (its card order is the deal's). Settings outside the top-up limits (saved before
 * they were checked) load nothing.
 */
async function topUpAutomatically(deps: ChargeDeps, charged: { memberId: number; dealId: number; machineId: number }) {
  const { db } = deps;
  const { memberId } = charged;
  const member = await db.selectFrom('members').select('auto_top_up').where('id', '=', memberId).executeTakeFirst();
  const settings = member?.auto_top_up;
  if (!settings?.enabled || !settings.credit_card_id) return;
  const terms = await topUpTerms(db, undefined);
  if (!Number.isInteger(settings.amount) || settings.amount < terms.minimum || settings.amount > terms.maximum) {
    return;
  }
  if ((await balanceCents(db, memberId, terms.currency)) >= toMinorUnits(settings.threshold, terms.currency)) return;
  const card = await db
    .selectFrom('credit_cards')
    .select(['id', 'provider_token'])
    .where('id', '=', settings.credit_card_id)
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!card) return;
  await chargeCard(deps, {
    memberId,
    cardId: card.id,
    providerToken: card.provider_token,
    cents: toMinorUnits(settings.amount, terms.currency),
    currency: terms.currency,
    method: 'auto',
    orderId: `auto:${charged.dealId}`,
    // The machine whose purchase set it off.
    machineId: charged.machineId,
  });
}
