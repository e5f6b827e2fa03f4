import { dealEnded, topUpBounds } from '@vendo/core/contract';
import type { Db } from '../db/database.ts';
import type { Clock } from '../domain/clock.ts';
import { dealBehind, statusAt } from '../domain/timeline.ts';
import type { Scheduler } from '../jobs/scheduler.ts';
import { type ChargeDeps, chargeCard } from './card-charges.ts';
import { balanceCents, book } from './ledger.ts';
import { memberCountry } from './top-ups.ts';

/** Where settling leaves what follows it: the automatic top-up a charge may call for. */
export type FollowUps = Pick<Scheduler, 'at'>;

/** Statuses that charge the member: only a delivery (0). Status 5 and every failure never charge. */
const charges = (status: number, saleType: number) => status === 0 && (saleType === 2 || saleType === 4);

/**
 * Brings a deal's stored status up to its timeline. On a final status the deal
 * settles once: a delivery books the charge, anything else releases the hold.
 * A charge leaves an automatic top-up job in the same transaction, so no crash loses it.
 */
export async function settleDeal(db: Db, clock: Clock, jobs: FollowUps, dealId: number) {
  const now = clock.now();
  // Most calls find nothing to do (a poll or another timer got there first): look before locking.
  const peek = await db
    .selectFrom('deals')
    .select(['delivery_status', 'settled_at', 'started_at', 'timeline'])
    .where('id', '=', dealId)
    .executeTakeFirst();
  if (!peek || peek.settled_at) return;
  if (
    !dealBehind({ timeline: peek.timeline, startedAt: peek.started_at.getTime(), status: peek.delivery_status }, now)
  ) {
    return;
  }
  await db.transaction().execute(async (tx) => {
    const deal = await tx.selectFrom('deals').selectAll().where('id', '=', dealId).forUpdate().executeTakeFirst();
    if (!deal || deal.settled_at) return;
    const status = statusAt<number>(deal.timeline, now.getTime() - deal.started_at.getTime());
    if (status === deal.delivery_status && !dealEnded(status)) return;
    const finished = dealEnded(status);
    const charge = finished && charges(status, deal.sale_type_code) ? deal.price_cents : 0;
    await tx
      .updateTable('deals')
      .set({ delivery_status: status, ...(finished ? { settled_at: now, charged_cents: charge } : {}) })
      .where('id', '=', deal.id)
      .execute();
    if (charge === 0) return;
    await book(tx, { memberId: deal.member_id, cents: -charge, kind: 'deal', reference: String(deal.id), at: now });
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
  });
}

/** The automatic top-up a charged deal calls for, if any (a job: it may run more than once). */
export async function topUpAfterDeal(deps: ChargeDeps, dealId: number) {
  const deal = await deps.db
    .selectFrom('deals')
    .select(['member_id', 'charged_cents'])
    .where('id', '=', dealId)
    .where('settled_at', 'is not', null)
    .executeTakeFirst();
  if (!deal?.charged_cents) return;
  await topUpAutomatically(deps, { memberId: deal.member_id, dealId });
}

/**
 * Automatic top-up: a charge that leaves the balance under the threshold loads the set amount, once
 * per charged deal (its card order is the deal's). Settings outside the top-up limits (saved before
 * they were checked) load nothing.
 */
async function topUpAutomatically(deps: ChargeDeps, charged: { memberId: number; dealId: number }) {
  const { db } = deps;
  const { memberId } = charged;
  const member = await db.selectFrom('members').select('auto_top_up').where('id', '=', memberId).executeTakeFirst();
  const settings = member?.auto_top_up;
  if (!settings?.enabled || !settings.credit_card_id) return;
  const country = await memberCountry(db, memberId);
  if (
    !Number.isInteger(settings.amount) ||
    settings.amount < country.minimum ||
    settings.amount > topUpBounds.maximum
  ) {
    return;
  }
  if ((await balanceCents(db, memberId)) >= settings.threshold * 100) return;
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
    cents: settings.amount * 100,
    currency: country.currency,
    method: 'auto',
    orderId: `auto:${charged.dealId}`,
  });
}
