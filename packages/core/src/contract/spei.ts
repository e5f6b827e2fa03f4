import * as z from 'zod/mini';
import { Clabe } from './clabe.ts';
import { Id, Money, Timestamp } from './primitives.ts';
import { topUpMaximum } from './top-up-bounds.ts';

/**
 * Issue 37 point 2: the member's personal CLABE, the account a transfer from any bank reaches them at. One per
 * member, never another's; `beneficiary` is the name a sender's bank asks for.
 */
export const SpeiAccount = z.object({
  clabe: Clabe,
  bank_name: z.string().check(z.minLength(1)),
  beneficiary: z.string().check(z.minLength(1)),
});
export type SpeiAccount = z.infer<typeof SpeiAccount>;

/** A transfer's clave de rastreo: 1 to 30 letters or digits, the sending bank's name for it. */
export const trackingKeyPattern = /^[A-Za-z0-9]{1,30}$/;
export const TrackingKey = z.string().check(z.regex(trackingKeyPattern));

/** Pesos with at most 2 decimals, above 0: a transfer's amount is never a fraction of a centavo. */
const TransferAmount = z.number().check(
  z.positive(),
  z.maximum(99_999_999.99),
  z.refine((amount) => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6, 'pesos with at most 2 decimals'),
);

/** What the bank tells the provider of a transfer received on a member's CLABE (signed, see the API). */
export const SpeiDepositNotice = z.object({
  tracking_key: TrackingKey,
  clabe: Clabe,
  amount: TransferAmount,
  sender_name: z.string().check(z.minLength(1), z.maxLength(120)),
  sender_bank: z.string().check(z.minLength(1), z.maxLength(80)),
  sent_at: Timestamp,
});
export type SpeiDepositNotice = z.infer<typeof SpeiDepositNotice>;

/**
 * What became of a notice: credited (all or part), returned whole to the sender, or ignored (no member has the
 * CLABE). A repeat of a tracking key answers the first outcome again.
 */
export const SpeiDepositOutcome = z.object({
  status: z.enum(['credited', 'returned', 'ignored']),
  tracking_key: TrackingKey,
  credited: Money,
  returned: Money,
  top_up_id: z.nullable(Id),
});
export type SpeiDepositOutcome = z.infer<typeof SpeiDepositOutcome>;

/**
 * The most SPEI transfers credit a member in one day of America/Mexico_City, in minor units: the top-up
 * maximum (2,000 MXN), so a transfer loads no more a day than a top-up does.
 */
export const speiDailyCapCents = (currency = 'MXN') => topUpMaximum(currency) * 100;

/**
 * Issue 37 point 2's stated rule: a transfer is credited up to what is left of the member's daily cap and the
 * rest is returned to the sender. Below the top-up minimum it is still credited: a transfer's money cannot be
 * trapped, and sending it back would cost the member a second fee for nothing.
 */
export function speiSplit(amountCents: number, creditedTodayCents: number, capCents: number) {
  const credited = Math.max(0, Math.min(amountCents, capCents - creditedTodayCents));
  return { credited, returned: amountCents - credited };
}

/**
 * Issue 37 point 4: what the bank tells the provider of a transfer the provider sent out (a balance refund's SPEI
 * part), by its tracking key: `settled` in the receiving account, or `returned` by the receiving bank (an account
 * that does not exist, or is not the holder's).
 */
export const SpeiTransferNotice = z.object({
  tracking_key: TrackingKey,
  status: z.enum(['settled', 'returned']),
  settled_at: Timestamp,
});
export type SpeiTransferNotice = z.infer<typeof SpeiTransferNotice>;

/** What became of such a notice: applied to the refund's part, or ignored (no transfer has that key). */
export const SpeiTransferOutcome = z.object({
  status: z.enum(['settled', 'returned', 'ignored']),
  tracking_key: TrackingKey,
});
export type SpeiTransferOutcome = z.infer<typeof SpeiTransferOutcome>;
