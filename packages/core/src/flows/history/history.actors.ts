import { fromPromise } from 'xstate';
import type { Api } from '../../api/index.ts';
import type { Deal, ProblemReport } from '../../contract/index.ts';
import type { ReportProblemInput } from './history.types.ts';

/** The history flow's effects on the real API: the member's deals, and a problem reported on one. */
export function historyActors({ api }: { api: Api }) {
  return {
    loadDeals: fromPromise<Deal[], { memberId: number }>(async ({ input, signal }) => {
      const answer = await api.deals.list(input.memberId, { signal });
      if (!answer.ok) throw answer.error;
      return answer.value.deals;
    }),
    report: fromPromise<ProblemReport, ReportProblemInput>(async ({ input, signal }) => {
      const answer = await api.deals.reportProblem(input.memberId, input.dealId, { reason: input.reason }, { signal });
      if (!answer.ok) throw answer.error;
      return answer.value.problem_report;
    }),
  };
}
