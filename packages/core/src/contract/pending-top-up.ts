import * as z from 'zod/mini';
import { Id, Money, nullish, Timestamp } from './primitives.ts';

/**
 * Issue 37 point 1, Vendo's addition: a store reference the member asked for, found again until it is paid or
 * expires ("Pagos pendientes"). `pending` can still be paid at a store before `expires_at`; `expired` cannot
 * be paid any more; `credited` was paid and its amount is in the balance.
 */
export const PendingTopUpStatus = z.enum(['pending', 'expired', 'credited']);
export type PendingTopUpStatus = z.infer<typeof PendingTopUpStatus>;

export const PendingTopUp = z.object({
  /** The top-up's id (its receipt's, once credited). */
  id: Id,
  /** The number the store's cashier types or scans, grouped in fours as the member reads it. */
  reference: z.string().check(z.regex(/^\d{4}( \d{4})*$/)),
  amount: Money,
  currency: z.string().check(z.length(3)),
  status: PendingTopUpStatus,
  created_at: Timestamp,
  expires_at: Timestamp,
  credited_at: z.nullable(Timestamp),
  /** Where it can be paid: the stores the provider takes references at. */
  stores: z.array(z.string().check(z.minLength(1))),
  instructions_url: nullish(z.string()),
});
export type PendingTopUp = z.infer<typeof PendingTopUp>;

/** The digits a reference's barcode carries: the reference without its grouping spaces. */
export const referenceDigits = (reference: string) => reference.replace(/\s/g, '');

/**
 * Issue 37 point 1: a store reference credited in the last day, as the member's read brings it, so an app left
 * open can tell the member (a system notification, where they allowed one) the next time it reads them.
 */
export const CreditedReference = z.object({
  id: Id,
  reference: z.string().check(z.regex(/^\d{4}( \d{4})*$/)),
  amount: Money,
  currency: z.string().check(z.length(3)),
  credited_at: Timestamp,
});
export type CreditedReference = z.infer<typeof CreditedReference>;

/** How long after its credit a reference is still news on the member's reads. */
export const creditedReferenceNewsHours = 24;
