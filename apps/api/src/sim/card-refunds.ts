import { balanceRefundRules } from '@vendo/core/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { RefundDecline } from './card-provider.ts';

/**
 * The emulated card provider's refund window: it gives a charge back to its card for 180 days after it was made
 * (core's `balanceRefundRules.cardRefundWindowDays`, the setting Vendo plans with), and refuses after.
 */
export const providerRefundWindowDays = balanceRefundRules.cardRefundWindowDays;

/**
 * Issue 37 point 4: a refund of an order's charge, once per refund id. The first ask is decided and kept under
 * the order's charge row (locked), so two refunds of one order at the same moment never give back more than it
 * charged; a repeat of the refund id answers what the first ask did, and gives back nothing more.
 */
export async function refundOrder(
  db: Db,
  ask: { orderId: string; amountCents: number; refundId: string; now: Date },
): Promise<'refunded' | RefundDecline> {
  return db.transaction().execute(async (tx) => {
    const charge = await tx
      .selectFrom('provider_charges')
      .select(['amount_cents', 'charge_id', 'created_at'])
      .where('order_id', '=', ask.orderId)
      .forUpdate()
      .executeTakeFirst();
    const kept = await tx
      .selectFrom('provider_refunds')
      .select('decline')
      .where('refund_id', '=', ask.refundId)
      .executeTakeFirst();
    if (kept) return (kept.decline as RefundDecline | null) ?? 'refunded';
    let decline: RefundDecline | null = null;
    if (!charge?.charge_id) decline = 'charge_not_found';
    else if (ask.now.getTime() - charge.created_at.getTime() > providerRefundWindowDays * 86_400_000) {
      decline = 'refund_window_passed';
    } else {
      const given = await tx
        .selectFrom('provider_refunds')
        .select(sql<string>`coalesce(sum(amount_cents), 0)`.as('cents'))
        .where('order_id', '=', ask.orderId)
        .where('decline', 'is', null)
        .executeTakeFirstOrThrow();
      if (Number(given.cents) + ask.amountCents > charge.amount_cents) decline = 'refund_above_charge';
    }
    await tx
      .insertInto('provider_refunds')
      .values({ refund_id: ask.refundId, order_id: ask.orderId, amount_cents: ask.amountCents, decline })
      .execute();
    return decline ?? 'refunded';
  });
}

/**
 * Issue 37 point 4: the emulated bank's outgoing SPEI transfer, once per tracking key (a repeat sends nothing more).
 * Accepted at once; the bank's confirmation (settled or returned) comes later, by the dev control.
 */
export async function sendSpeiTransfer(
  db: Db,
  transfer: { trackingKey: string; clabe: string; holder: string; amountCents: number },
): Promise<'accepted'> {
  await db
    .insertInto('spei_transfers_out')
    .values({
      tracking_key: transfer.trackingKey,
      clabe: transfer.clabe,
      holder: transfer.holder,
      amount_cents: transfer.amountCents,
    })
    .onConflict((oc) => oc.column('tracking_key').doNothing())
    .execute();
  return 'accepted';
}

/**
 * Issue 37 point 4: a payment on the provider's checkout page is a card charge the provider keeps by its order,
 * as it keeps a saved card's, so a balance refund gives it back to the card it came from. Kept once by order.
 */
export async function recordCheckoutCharge(
  db: Db,
  charge: { topUpId: number; orderId: string; amountCents: number; at: Date },
): Promise<void> {
  await db
    .insertInto('provider_charges')
    .values({
      order_id: charge.orderId,
      token: 'checkout',
      amount_cents: charge.amountCents,
      charge_id: `chk_${charge.topUpId}`,
      decline: null,
      created_at: charge.at,
    })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .execute();
}
