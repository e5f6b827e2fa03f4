import * as z from 'zod/mini';
import { CardBrand } from './card.ts';
import { cardLastFourPattern } from './card-number.ts';
import { Id, Money, nullish, Timestamp } from './primitives.ts';
import { DealRewards } from './rewards.ts';
import { SaleTypeCode } from './sale-type.ts';
import { vendoChoice } from './vendo-choice.ts';

/**
 * Issue 35 point 3: a receipt's folio is the operator's prefix (2 to 6 upper-case letters or digits,
 * the setting VENDO_RECEIPT_PREFIX) and a number that never repeats, at least 6 digits: `VEN-000123`.
 */
export const receiptPrefixPattern = /^[A-Z0-9]{2,6}$/;
export const receiptFolioPattern = /^[A-Z0-9]{2,6}-\d{6,}$/;
export const defaultReceiptPrefix = 'VEN';

/** The folio of receipt number `number` under `prefix`: zero-padded to 6 digits, longer once it grows. */
export const receiptFolio = (prefix: string, number: number) => `${prefix}-${String(number).padStart(6, '0')}`;

/** What a receipt is for: a delivered purchase or a credited top-up. */
export const ReceiptKind = z.enum(['deal', 'top_up']);
export type ReceiptKind = z.infer<typeof ReceiptKind>;

/**
 * How the money moved: the balance; a saved card (`card`, or `voucher` for a meal-voucher card), named
 * by brand and last 4 (a purchase's direct payment and a top-up by card, automatic ones included); the
 * pay-without-saving checkout page; a store reference (named); a SPEI transfer (named by its tracking key,
 * issue 37 point 2); or nothing at all, a free sample.
 */
export const ReceiptPaymentMethod = z.enum(['balance', 'card', 'voucher', 'checkout', 'reference', 'spei', 'sample']);
export type ReceiptPaymentMethod = z.infer<typeof ReceiptPaymentMethod>;

export const ReceiptPayment = z.object({
  method: ReceiptPaymentMethod,
  card_brand: nullish(CardBrand),
  card_last4: nullish(z.string().check(z.regex(cardLastFourPattern))),
  /**
   * The store reference a top-up was paid with, grouped in fours as the member was given it; for a SPEI
   * transfer, its tracking key.
   */
  reference: nullish(z.string()),
});
export type ReceiptPayment = z.infer<typeof ReceiptPayment>;

/**
 * One receipt (issue 35 point 3). `issued_at` is when the machine delivered or the top-up was credited,
 * written with the offset of `time_zone` (the machine's country's), so its date and time read as the
 * machine's. A top-up made for no machine has `machine` null and the default zone. `price` is what the
 * product sold for (0 for a sample, which says `sample`; null for a top-up); `amount` is what was
 * charged or credited; `balance_after` is the member's balance in `currency` right after this movement.
 */
export const Receipt = z.object({
  folio: z.string().check(z.regex(receiptFolioPattern)),
  kind: ReceiptKind,
  /** The deal's or the top-up's id. */
  id: Id,
  issued_at: Timestamp,
  time_zone: z.string().check(z.minLength(1)),
  machine: z.nullable(z.object({ id: Id, name: z.string() })),
  product: z.nullable(z.object({ name: z.string(), user_code: nullish(z.string()) })),
  sale_type_code: z.nullable(SaleTypeCode),
  price: z.nullable(Money),
  sample: z.boolean(),
  amount: Money,
  currency: z.string().check(z.length(3)),
  payment: ReceiptPayment,
  balance_after: Money,
  /** Issue 36: stamps earned, a reward used and bonus credit spent by a purchase; bonus credit a top-up earned. */
  rewards: vendoChoice(
    z.object({ ...DealRewards.shape, bonus_earned: Money }),
    'beyond the spec: a receipt lists stamps, rewards and bonus credit (issue 36)',
  ),
  /** Issue 37 point 3: a top-up's folio fiscal once its invoice (CFDI) is issued; none otherwise. */
  invoice_uuid: nullish(z.string()),
});
export type Receipt = z.infer<typeof Receipt>;

/**
 * Issue 35 point 4: the app's page showing a receipt, the link a receipt e-mail carries (after the public
 * origin): `/receipt/deal/5001`, `/receipt/top-up/31`.
 */
export const receiptPagePath = (kind: ReceiptKind, id: number) =>
  `/receipt/${kind === 'top_up' ? 'top-up' : 'deal'}/${id}`;
