import * as z from 'zod/mini';
import { BalanceRefund } from './balance-refund.ts';
import { Deal } from './deal.ts';
import { TopUpStatus } from './member.ts';
import { Id, Money, Timestamp } from './primitives.ts';
import { ReceiptKind } from './receipt.ts';
import { vendoChoice } from './vendo-choice.ts';

/**
 * How a top-up was asked for: a saved card, the pay-without-saving checkout page, a store reference, the
 * difference a purchase's direct payment loaded, an automatic top-up after a purchase, or a SPEI transfer to
 * the member's CLABE (issue 37 point 2).
 */
export const TopUpMode = z.enum(['card', 'checkout', 'reference', 'direct_payment', 'automatic', 'spei']);
export type TopUpMode = z.infer<typeof TopUpMode>;

/** A top-up as the statement lists it; `outcome` is pending while the money is on its way. */
export const StatementTopUp = z.object({
  id: Id,
  amount: Money,
  currency: z.string().check(z.length(3)),
  mode: TopUpMode,
  outcome: TopUpStatus,
  created_at: Timestamp,
  /** Issue 36: the bonus credit it earned once credited. */
  bonus: vendoChoice(Money, 'beyond the spec: the history lists top-up bonuses (issue 36)'),
  /** Issue 37 point 2: a SPEI transfer's clave de rastreo, what the sender's bank names it by. */
  tracking_key: vendoChoice(z.string(), 'beyond the spec: the history shows each SPEI transfer (issue 37 point 2)'),
  /** Issue 37 point 3: whether an invoice (CFDI) was issued for it. */
  invoiced: vendoChoice(z.boolean(), 'beyond the spec: the history says which top-ups are invoiced (issue 37 point 3)'),
  /** Issue 37 point 3: when a credited top-up was paid: the Mexico City month it can be invoiced in. */
  paid_at: vendoChoice(
    Timestamp,
    'beyond the spec: a top-up is invoiced within the month it was paid (issue 37 point 3)',
  ),
});
export type StatementTopUp = z.infer<typeof StatementTopUp>;

/** Where an entry's receipt is read (issue 35 point 3): present for a delivered purchase or a credited top-up. */
export const ReceiptLink = z.object({ kind: ReceiptKind, id: Id });
export type ReceiptLink = z.infer<typeof ReceiptLink>;

/**
 * Issue 35 point 5: one line of the member's statement, a purchase or a top-up. A purchase says what
 * went back to the balance for it (`refunded`: a problem report's refund, 0 when none). Issue 37 point 4 adds
 * a third kind, the member's own money given back (a balance refund) with its state, dated when it was asked for.
 */
export const StatementEntry = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('deal'), deal: Deal, refunded: Money, receipt: z.nullable(ReceiptLink) }),
  z.object({ kind: z.literal('top_up'), top_up: StatementTopUp, receipt: z.nullable(ReceiptLink) }),
  z.object({ kind: z.literal('balance_refund'), balance_refund: BalanceRefund, receipt: z.null() }),
]);
export type StatementEntry = z.infer<typeof StatementEntry>;

/** A calendar month of the statement's time zone, `YYYY-MM`. */
export const StatementMonth = z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/));

/**
 * One month's totals in one currency, over the whole month (not only the page that shows it): `spent`
 * is what delivered purchases were charged less what was refunded for them, `topped_up` what credited
 * top-ups loaded. Pending and failed top-ups and undelivered purchases count as nothing.
 */
export const MonthTotals = z.object({
  month: StatementMonth,
  spent: Money,
  topped_up: Money,
  currency: z.string().check(z.length(3)),
});
export type MonthTotals = z.infer<typeof MonthTotals>;
