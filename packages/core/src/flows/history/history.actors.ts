import { fromPromise } from 'xstate';
import type { Api } from '../../api/index.ts';
import type { ProblemReport } from '../../contract/index.ts';
import { statementPage } from './history.statement.ts';
import type { DealPage, LoadDealsInput, ReportProblemInput } from './history.types.ts';

/** The history flow's effects on the real API: the member's deals, and a problem reported on one. */
export function historyActors({ api }: { api: Api }) {
  return {
    loadDeals: fromPromise<DealPage, LoadDealsInput>(async ({ input, signal }) => {
      // Issue 35 point 5: the statement (purchases and top-ups, receipts, month totals) where the provider has one.
      if (!input.dealsOnly) {
        const statement = await api.statement.get(input.memberId, { signal, page: input.page });
        if (statement.ok) return statementPage(statement.value);
        if (statement.error.status !== 404) throw statement.error;
      }
      const answer = await api.deals.list(input.memberId, { signal, page: input.page });
      if (!answer.ok) throw answer.error;
      // A provider that pages nothing answers every deal at once: there is no next page.
      return { deals: answer.value.deals, nextPage: answer.value.next_page ?? null, statement: null };
    }),
    report: fromPromise<ProblemReport, ReportProblemInput>(async ({ input, signal }) => {
      const answer = await api.deals.reportProblem(input.memberId, input.dealId, { reason: input.reason }, { signal });
      if (!answer.ok) throw answer.error;
      return answer.value.problem_report;
    }),
  };
}
