import type { ApiError } from '../../api/api-error.ts';
import type { Deal, ProblemReason, ProblemReport } from '../../contract/index.ts';

export interface HistoryInput {
  memberId: number;
}

export interface HistoryContext {
  readonly memberId: number;
  readonly deals: Deal[];
  readonly openDealId: number | null;
  readonly reports: Readonly<Record<number, ProblemReport>>;
  readonly reason: ProblemReason;
  readonly error: ApiError | null;
}

export type HistoryEvent =
  | { type: 'deal.opened'; dealId: number }
  | { type: 'deal.closed' }
  | { type: 'problem.reported'; reason: ProblemReason }
  | { type: 'retry' };

export interface ReportProblemInput {
  memberId: number;
  dealId: number;
  reason: ProblemReason;
}
