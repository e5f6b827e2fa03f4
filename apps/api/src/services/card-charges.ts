import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { Clock } from '../domain/clock.ts';
import type { Scheduler } from '../jobs/scheduler.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { CardProvider, Decline } from '../sim/card-provider.ts';
import { grantBonus } from './bonus.ts';
import { book } from './ledger.ts';
import { mailEveryReceipt } from './receipt-mail-follow-up.ts';

export interface CardCharge {
  readonly memberId: number;
  readonly cardId: number;
  readonly providerToken: string;
  readonly cents: number;
  readonly currency: string;
  readonly method: 'card' | 'direct_payment' | 'auto';
  /** The machine the money is loaded for, whose country dates the top-up's receipt (issue 35 point 3). */
  readonly machineId?: number | undefined;
  /**
   * The order the provider knows this charge by. Derived from what asked for it (an Idempotency-Key,
   * a deal), so asking again after a crash finds the same order instead of charging twice.
   */
  readonly orderId?: string;
}

/**
 * What charging a card needs: the ledger's database, the time, the provider, the count of top-ups, and the job
 * queue a credited top-up leaves its receipt's e-mail on (issue 35 point 4).
 */
export interface ChargeDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly cardProvider: CardProvider;
  readonly metrics: Pick<Metrics, 'topUps'>;
  readonly jobs: Pick<Scheduler, 'at'>;
}

/**
 * Charges a card into the balance in three steps no crash can split: the intent (a `charging`
 * top-up with its order id) is written first, then the provider charges the order, then the
 * outcome is booked. A crash after the charge leaves the intent, which reconcileCharges completes:
 * the provider answers the same order once more without charging again, and only one booking
 * moves the intent out of `charging`.
 */
export async function chargeCard(deps: ChargeDeps, charge: CardCharge) {
  const orderId = charge.orderId ?? `order-${randomUUID()}`;
  await deps.db
    .insertInto('top_ups')
    .values({
      member_id: charge.memberId,
      amount_cents: charge.cents,
      currency: charge.currency,
      status: 'charging',
      method: charge.method,
      credit_card_id: charge.cardId,
      order_id: orderId,
      machine_id: charge.machineId ?? null,
      created_at: deps.clock.now(),
    })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .execute();
  const intent = await deps.db
    .selectFrom('top_ups')
    .selectAll()
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  if (intent.status !== 'charging') return { topUp: intent, decline: declineOf(intent) };
  return complete(deps, intent.id, charge.providerToken, intent.amount_cents, orderId);
}

/** Asks the provider for the order (charging it at most once) and books what it answers. */
async function complete(deps: ChargeDeps, topUpId: number, providerToken: string, cents: number, orderId: string) {
  const charged = await deps.cardProvider.charge(providerToken, cents, orderId);
  const paid = typeof charged !== 'string';
  const now = deps.clock.now();
  const settled = await deps.db.transaction().execute(async (tx) => {
    const moved = await tx
      .updateTable('top_ups')
      .set({ status: paid ? 'paid' : 'failed', paid_at: paid ? now : null, decline: paid ? null : charged })
      .where('id', '=', topUpId)
      .where('status', '=', 'charging')
      .returningAll()
      .executeTakeFirst();
    if (moved && paid) {
      await book(tx, {
        memberId: moved.member_id,
        cents: moved.amount_cents,
        currency: moved.currency,
        kind: 'top_up',
        reference: String(moved.id),
        at: now,
      });
      // Issue 36: its bonus credit is booked with it, so no crash credits one without the other.
      await grantBonus(tx, moved, now);
      await mailEveryReceipt(tx, deps.jobs, { kind: 'top_up', id: moved.id, memberId: moved.member_id }, now);
    }
    return moved;
  });
  // Counted by the one booking that moved the intent out of `charging`, once it committed.
  if (settled) deps.metrics.topUps.inc({ mode: settled.method, outcome: settled.status });
  const topUp = await deps.db.selectFrom('top_ups').selectAll().where('id', '=', topUpId).executeTakeFirstOrThrow();
  return { topUp, decline: declineOf(topUp) };
}

const declineOf = (topUp: { status: string; decline: string | null }): Decline | null =>
  topUp.status === 'failed' ? ((topUp.decline ?? 'card_declined') as Decline) : null;

/**
 * Completes every card charge a stopped process left half-way (at start, and whenever asked):
 * each is asked of the provider again by its order id and booked once.
 */
export async function reconcileCharges(deps: ChargeDeps): Promise<number> {
  const open = await deps.db
    .selectFrom('top_ups')
    .innerJoin('credit_cards', 'credit_cards.id', 'top_ups.credit_card_id')
    .select(['top_ups.id', 'top_ups.amount_cents', 'top_ups.order_id', 'credit_cards.provider_token'])
    .where('top_ups.status', '=', 'charging')
    .execute();
  for (const intent of open) {
    if (intent.order_id) await complete(deps, intent.id, intent.provider_token, intent.amount_cents, intent.order_id);
  }
  return open.length;
}
