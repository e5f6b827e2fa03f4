import { fromPromise } from 'xstate';
import type { Api } from '../../api/index.ts';
import type { ProblemReport } from '../../contract/index.ts';
import type { DealPage, LoadDealsInput, ReportProblemInput } from './history.types.ts';

/** The history flow's effects on the real API: the member's deals, and a problem reported on one. */
export function historyActors({ api }: { api: Api }) {
  return {
    loadDeals: fromPromise<DealPage, LoadDealsInput>(async ({ input, signal }) => {
      const answer = await api.deals.list(input.memberId, { signal, page: input.page });
      if (!answer.ok) throw answer.error;
      // A provider that pages nothing answers every deal at once: there is no next page.
      return { deals: answer.value.deals, nextPage: answer.value.next_page ?? null };
    }),
    report: fromPromise<ProblemReport, ReportProblemInput>(async ({ input, signal }) => {
      const answer = await api.deals.reportProblem(input.memberId, input.dealId, { reason: input.reason }, { signal });
      if (!answer.ok) throw answer.error;
      return answer.value.problem_report;
    }),
  };
}
