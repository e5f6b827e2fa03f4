import { fromMinorUnits, referenceDigits } from '@vendo/core/contract';
import type { Db } from '../db/database.ts';
import type { Clock } from '../domain/clock.ts';
import { completeTopUp } from './top-ups.ts';

/**
 * Issue 37 point 1: the stores the emulated provider takes references at, shown to the member as where a
 * reference can be paid. A constant: a real provider lists its own.
 */
export const referenceStores = ['OXXO', '7-Eleven', 'Farmacias del Ahorro', 'Walmart'] as const;

/** What a store says it was paid: a reference, what it took and when. */
export interface StorePayment {
  readonly reference: string;
  readonly amount: number;
  readonly currency: string;
  readonly paidAt: string;
  readonly store: string;
}

/**
 * What a store's notification did. `credited`: the balance grew, once. `ignored`: an unknown reference or one
 * already credited, nothing changed (a store repeats its notifications until it is answered). `mismatch`: the
 * amount or currency is not the reference's, nothing changed. `expired`: paid too late, nothing credited.
 */
export type StorePaymentOutcome =
  | { readonly outcome: 'credited'; readonly topUpId: number }
  | { readonly outcome: 'ignored'; readonly why: 'unknown' | 'already_credited' | 'failed'; readonly topUpId?: number }
  | { readonly outcome: 'mismatch' | 'expired'; readonly topUpId: number };

type PaymentDeps = Parameters<typeof completeTopUp>[0];

/** The store reference these digits name, whatever its state, or undefined. */
export async function storeReference(db: Db, reference: string) {
  return db
    .selectFrom('top_ups')
    .select(['id', 'member_id', 'reference', 'amount_cents', 'currency', 'status', 'decline'])
    .where('method', '=', 'reference')
    .where('reference', '=', referenceDigits(reference))
    .executeTakeFirst();
}

/**
 * A store was paid a reference: credit it once, before its expiry, for exactly its amount. The expiry is judged
 * when the notification arrives, by this server's clock: a store checks a reference with the provider as it
 * takes the cash, so a late notification of a payment the provider allowed does not occur here.
 */
export async function receiveStorePayment(deps: PaymentDeps, payment: StorePayment): Promise<StorePaymentOutcome> {
  const row = await storeReference(deps.db, payment.reference);
  if (!row) return { outcome: 'ignored', why: 'unknown' };
  const topUpId = row.id;
  if (row.status === 'paid') return { outcome: 'ignored', why: 'already_credited', topUpId };
  if (row.decline === 'expired') return { outcome: 'expired', topUpId };
  if (row.status !== 'pending') return { outcome: 'ignored', why: 'failed', topUpId };
  // Exactly its amount: a store that took 99.999 for 100.00 did not take 100.00.
  if (payment.currency !== row.currency || payment.amount !== fromMinorUnits(row.amount_cents, row.currency)) {
    return { outcome: 'mismatch', topUpId };
  }
  const done = await completeTopUp(deps, payment.reference);
  if (done.outcome === 'credited') return { outcome: 'credited', topUpId };
  if (done.outcome === 'expired') return { outcome: 'expired', topUpId };
  // Another delivery of the same notification credited it a moment ago.
  return { outcome: 'ignored', why: 'already_credited', topUpId };
}

/** Dev control: the reference expires now (a pending one only); false when there is none to expire. */
export async function expireReference(db: Db, clock: Clock, reference: string): Promise<boolean> {
  const moved = await db
    .updateTable('top_ups')
    .set({ expires_at: clock.now() })
    .where('method', '=', 'reference')
    .where('reference', '=', referenceDigits(reference))
    .where('status', '=', 'pending')
    .returning('id')
    .executeTakeFirst();
  return moved !== undefined;
}
