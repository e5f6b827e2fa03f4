import type { ErrorHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DomainError, type RefusalCode, type RefusalParams } from '../domain/errors.ts';
import type { Logger } from '../log.ts';
import type { AppEnv } from './env.ts';
import { answerProblem, type Fields, Problem, problem } from './problem.ts';
import { logFor } from './request-log.ts';

interface Answer {
  readonly status: ContentfulStatusCode;
  /** Fields of the error object beside its message, from the refusal's params. */
  readonly fields?: (params: RefusalParams) => Fields;
  readonly headers?: (params: RefusalParams) => Record<string, string>;
}

const retryAfter = (params: RefusalParams) => ({ 'Retry-After': String(params.retry_after) });
const declined: Answer = { status: 402 };

/** How each refusal of a service is answered: its status, and what its error object carries (spec §8). */
const answers: { readonly [Code in RefusalCode]: Answer } = {
  not_found: { status: 404 },
  machine_not_found: { status: 404 },
  machine_without_rfid: { status: 422 },
  card_not_found: { status: 404 },
  rfid_in_use: { status: 422 },
  rfid_limit_reached: { status: 422 },
  card_limit_reached: { status: 422 },
  restock_alert_limit_reached: { status: 422 },
  // Another purchase holds the member's lock: wait for its lease (a dead process's included).
  purchase_in_progress: { status: 409, headers: retryAfter },
  insufficient_balance: { status: 402 },
  not_for_sale: { status: 422 },
  not_sampleable: { status: 422 },
  any_product_not_allowed: { status: 422 },
  sample_limit_reached: { status: 422 },
  machine_offline: { status: 422 },
  product_sold_out: { status: 422 },
  reward_not_available: { status: 422 },
  reward_not_allowed: { status: 422 },
  campaign_requirement: {
    status: 422,
    fields: (params) => ({ error_code: -11, redirect_url: String(params.redirect_url) }),
  },
  amount_too_small: { status: 422 },
  amount_too_large: { status: 422 },
  currency_not_accepted: { status: 422 },
  card_declined: declined,
  card_expired: declined,
  card_stolen: declined,
  card_token_invalid: declined,
  card_invalid: declined,
  code_wrong: { status: 422 },
  code_expired: { status: 422 },
  code_killed: { status: 422 },
  birth_date_invalid: { status: 422 },
  // Spec §7: the app reads error.message.email.
  email_in_use: { status: 422, fields: () => ({ field: 'email' }) },
  email_confirmation_invalid: { status: 422 },
  email_confirmation_expired: { status: 422 },
  email_not_confirmed: { status: 422 },
  voucher_code_invalid: { status: 422 },
  top_up_not_credited: { status: 422 },
  top_up_refunded: { status: 422 },
  invoice_window_closed: { status: 422 },
  tax_profile_missing: { status: 422 },
  invoice_not_issued: { status: 422 },
  nothing_to_refund: { status: 422 },
  below_minimum: { status: 422 },
  above_refundable: { status: 422 },
  monthly_count: { status: 422 },
  monthly_amount: { status: 422 },
  clabe_needed: { status: 422 },
  clabe_invalid: { status: 422 },
  clabe_not_members: { status: 422 },
  clabe_own_vendo: { status: 422 },
  clabe_name_changed: { status: 422 },
};

export function problemOf(refusal: DomainError): Problem {
  const answer = answers[refusal.code];
  const { params } = refusal;
  return problem(answer.status, refusal.code, answer.fields?.(params), answer.headers?.(params), { ...params });
}

/** The error object a failure is answered with, or null for a failure nobody foresaw (a bug, an outage). */
export function refusalOf(failure: unknown): Problem | null {
  if (failure instanceof Problem) return failure;
  if (failure instanceof DomainError) return problemOf(failure);
  return null;
}

/**
 * Every role's answer to a failure no route caught: a refusal as its problem; anything else a 500 whose
 * stack goes to the log line (with the request's id), never to the client.
 */
export function answerFailure(log: Logger): ErrorHandler<AppEnv> {
  return (failure, c) => {
    const refusal = refusalOf(failure);
    if (refusal) return answerProblem(c, refusal);
    logFor(c, log).error({ err: failure }, 'request failed');
    return answerProblem(c, problem(500, 'internal'));
  };
}
