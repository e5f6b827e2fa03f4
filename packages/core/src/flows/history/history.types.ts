import type { ApiError } from '../../api/api-error.ts';
import type {
  Deal,
  MonthTotals,
  ProblemReason,
  ProblemReport,
  ReceiptLink,
  StatementTopUp,
} from '../../contract/index.ts';
import type { RefreshesMember } from '../member-refresh.ts';

/** The session, when given, is told to read the member again after a refund (the header's balance). */
export interface HistoryInput extends RefreshesMember {
  memberId: number;
}

export interface HistoryContext extends RefreshesMember {
  readonly memberId: number;
  readonly deals: Deal[];
  /** Issue 35 point 5: where the provider answers a statement, its top-ups, receipts and month totals. */
  readonly statement: StatementPart;
  /** Read from the deals list from now on: the provider answered no statement (404). */
  readonly dealsOnly: boolean;
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

/** What a statement adds to the deals (issue 35 point 5); empty from a provider without one. */
export interface StatementPart {
  readonly topUps: readonly StatementTopUp[];
  /** Receipts by entry: `deal:7`, `top_up:3` (statementKey). */
  readonly receipts: Readonly<Record<string, ReceiptLink>>;
  /** Totals of the months shown, per currency, over each whole month. */
  readonly months: readonly MonthTotals[];
  /** The zone the statement cuts months in. */
  readonly timeZone: string | null;
}

/** One page of the member's deals (with the statement's part, where there is one), and the page after it. */
export interface DealPage {
  readonly deals: readonly Deal[];
  readonly nextPage: number | null;
  /** Null when read from the deals list: the provider answers no statement. */
  readonly statement: StatementPart | null;
}

export interface LoadDealsInput {
  memberId: number;
  page: number;
  /** Straight to the deals list: an earlier read found no statement. */
  dealsOnly: boolean;
}

export interface ReportProblemInput {
  memberId: number;
  dealId: number;
  reason: ProblemReason;
}
