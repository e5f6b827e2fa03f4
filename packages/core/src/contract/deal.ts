import * as z from 'zod/mini';
import { Id, Locale, Money, nullish, Timestamp } from './primitives.ts';
import { DealRewards } from './rewards.ts';
import { SaleTypeCode } from './sale-type.ts';
import { vendoChoice } from './vendo-choice.ts';

const rewardsChoice = 'beyond the spec: stamp cards and top-up bonuses (issue 36)';

export const PaymentType = z.object({
  code: z.union([z.string(), z.int()]),
  name: z.string(),
});
export type PaymentType = z.infer<typeof PaymentType>;

export const DealProduct = z.object({
  id: Id,
  name: z.string(),
  photo_url: nullish(z.string()),
  price: nullish(Money),
});
export type DealProduct = z.infer<typeof DealProduct>;

/**
 * Spec §3 deal. `delivery_status` is any integer: unknown values are the flow's
 * to handle (spec §4 "anything else"), not a contract failure.
 */
export const Deal = z.object({
  id: Id,
  delivery_status: z.int(),
  payment_type: nullish(PaymentType),
  user_code: nullish(z.string()),
  cash_paid: nullish(Money),
  deal_date: nullish(Timestamp),
  product: nullish(DealProduct),
  product_server_name: nullish(z.string()),
  sale_type_code: nullish(SaleTypeCode),
  cta_button_text: nullish(z.string()),
  cta_image_url: nullish(z.string()),
  cta_text: nullish(z.string()),
  cta_url: nullish(z.string()),
  /** What the purchase earned and used of the machine's reward programs. */
  rewards: vendoChoice(DealRewards, rewardsChoice),
});
export type Deal = z.infer<typeof Deal>;

/** Spec §7 POST product_servers/{id}/deals body. The deal source label is always web. */
export const CreateDealRequest = z.object({
  user_code: z.string().check(z.minLength(1), z.maxLength(64)),
  sale_type_code: SaleTypeCode,
  origin: z.literal('web'),
  any_product: z.boolean(),
  locale: Locale,
  credit_card_id: z.optional(Id),
  /** Uses the member's reward of this stamp card: the purchase is free up to the card's cap. Never for `any_product`. */
  reward_program_id: vendoChoice(Id, rewardsChoice),
});
export type CreateDealRequest = z.infer<typeof CreateDealRequest>;

/** Why a member reports a deal (Vendo's choice: the spec has no problem reports). */
export const ProblemReason = z.enum(['not_delivered', 'wrong_product', 'other']);
export type ProblemReason = z.infer<typeof ProblemReason>;

export const ProblemReportBody = z.object({
  reason: ProblemReason,
  comment: z.optional(z.string().check(z.maxLength(500))),
});
export type ProblemReportBody = z.infer<typeof ProblemReportBody>;

/**
 * What became of a report: refunded at once; kept for a person to review (a refund past the
 * automatic bounds); or recorded (nothing to refund).
 */
export const ProblemOutcome = z.enum(['refunded', 'in_review', 'recorded']);
export type ProblemOutcome = z.infer<typeof ProblemOutcome>;

/**
 * A member's report on one deal. `refunded` is what went back to the balance:
 * the price of a deal that was charged but not delivered, else 0. One per deal.
 */
export const ProblemReport = z.object({
  id: Id,
  deal_id: Id,
  reason: ProblemReason,
  refunded: Money,
  outcome: ProblemOutcome,
  created_at: Timestamp,
});
export type ProblemReport = z.infer<typeof ProblemReport>;
