import type { ApiError } from '../../api/api-error.ts';
import type { Deal, ProblemReason, ProblemReport } from '../../contract/index.ts';
import type { RefreshesMember } from '../member-refresh.ts';

/** The session, when given, is told to read the member again after a refund (the header's balance). */
export interface HistoryInput extends RefreshesMember {
  memberId: number;
}

export interface HistoryContext extends RefreshesMember {
  readonly memberId: number;
  readonly deals: Deal[];
  /** The page "more" reads, or null once the oldest deal is shown (issue 32 point 8). */
  readonly nextPage: number | null;
  /** The last "more" got no page: the button stays, with a notice. */
  readonly moreFailed: boolean;
  readonly openDealId: number | null;
  readonly reports: Readonly<Record<number, ProblemReport>>;
  readonly reason: ProblemReason;
  readonly error: ApiError | null;
}

export type HistoryEvent =
  | { type: 'deal.opened'; dealId: number }
  | { type: 'deal.closed' }
  | { type: 'problem.reported'; reason: ProblemReason }
  | { type: 'history.retried' }
  | { type: 'more.requested' };

/** One page of the member's deals, and the page after it (null on the last). */
export interface DealPage {
  readonly deals: readonly Deal[];
  readonly nextPage: number | null;
}

export interface LoadDealsInput {
  memberId: number;
  page: number;
}

export interface ReportProblemInput {
  memberId: number;
  dealId: number;
  reason: ProblemReason;
}
