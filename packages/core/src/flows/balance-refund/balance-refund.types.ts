import type { ApiError } from '../../api/api-error.ts';
import type { BalanceRefund, BalanceRefundPlan } from '../../contract/index.ts';
import type { NewIdempotencyKey } from '../../ports.ts';
import type { RefreshesMember } from '../member-refresh.ts';

export interface BalanceRefundInput extends RefreshesMember {
  readonly memberId: number;
  /** Balances are per currency (issue 37): the pocket this screen gives back. */
  readonly currency: string;
  /** The member's name as the provider keeps it (the CLABE's holder must be them); null when none is kept. */
  readonly memberName: string | null;
  readonly newIdempotencyKey: NewIdempotencyKey;
}

/** What one read brings: the plan, and the refunds asked so far (newest first). */
export interface BalanceRefundReading {
  readonly plan: BalanceRefundPlan;
  readonly refunds: readonly BalanceRefund[];
}

/** A refund as the member confirmed it: the amount and, where a part goes by SPEI, the account it goes to. */
export interface BalanceRefundRequest {
  readonly amount: number;
  readonly clabe: string | null;
  readonly holderName: string | null;
}

/** Why the plan or the refunds are not shown: the server did not answer, or anything else. */
export type BalanceRefundProblem = 'unreachable' | 'failed';

export interface BalanceRefundContext extends BalanceRefundInput {
  readonly plan: BalanceRefundPlan | null;
  readonly refunds: readonly BalanceRefund[];
  readonly amountText: string;
  readonly clabe: string;
  readonly holder: string;
  /** Set when the member asked with something wrong: the fields say what. */
  readonly showProblems: boolean;
  /** The request last sent, and its key. */
  readonly sent: BalanceRefundRequest | null;
  readonly idempotencyKey: string | null;
  /**
   * The last request got no answer (or the server still ran it): it may have held the money. The next request
   * goes with its key whatever was typed since, so the server answers that refund, never a second hold (a
   * changed request is refused 422 and read as an answer: the next one takes a new key).
   */
  readonly unanswered: boolean;
  readonly resends: number;
  /** The server's refusal of the last request, or the failure of the last send. */
  readonly error: ApiError | null;
  /** The refund on its way, followed until done or refused. */
  readonly followedId: number | null;
  readonly problem: BalanceRefundProblem | null;
}

export type BalanceRefundEvent =
  | { type: 'amount.changed'; text: string }
  | { type: 'clabe.changed'; text: string }
  | { type: 'holder.changed'; text: string }
  | { type: 'refund.asked' }
  | { type: 'refund.cancelled' }
  | { type: 'refund.confirmed' }
  | { type: 'refund.another' }
  | { type: 'plan.retried' };

export interface PlanInput {
  readonly memberId: number;
  readonly currency: string;
}

export interface RequestInput extends PlanInput {
  readonly request: BalanceRefundRequest;
  readonly idempotencyKey: string;
}
