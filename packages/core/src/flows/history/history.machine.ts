import { assign, fromPromise, setup } from 'xstate';
import type { ApiError } from '../../api/api-error.ts';
import { type Deal, dealOutcome, type ProblemReport } from '../../contract/index.ts';
import { failure } from '../actor-failure.ts';
import type { HistoryContext, HistoryEvent, HistoryInput, ReportProblemInput } from './history.types.ts';

/** Newest first: by date, then by id for deals made in the same second. */
export function newestFirst(deals: readonly Deal[]): Deal[] {
  const time = (deal: Deal) => (deal.deal_date ? Date.parse(deal.deal_date) : 0);
  return [...deals].sort((a, b) => time(b) - time(a) || b.id - a.id);
}

/** Beyond the spec: a delivered deal the member did not get, or a failed one, may be reported. */
export const mayReportProblem = (deal: Deal) => ['delivered', 'failed'].includes(dealOutcome(deal.delivery_status));

/** Spec §2 /history: past deals newest first, one open in detail, and "Report a problem" on it. */
export const historyMachine = setup({
  types: {} as { context: HistoryContext; events: HistoryEvent; input: HistoryInput },
  actors: {
    loadDeals: fromPromise<Deal[], { memberId: number }>(() => Promise.reject(new Error('history: provide loadDeals'))),
    report: fromPromise<ProblemReport, ReportProblemInput>(() => Promise.reject(new Error('history: provide report'))),
  },
  actions: {
    keepDeals: assign((_, deals: readonly Deal[]) => ({ deals: newestFirst(deals), error: null })),
    open: assign(({ event }) => (event.type === 'deal.opened' ? { openDealId: event.dealId, error: null } : {})),
    close: assign({ openDealId: null }),
    keepReason: assign(({ event }) => (event.type === 'problem.reported' ? { reason: event.reason, error: null } : {})),
    keepReport: assign(({ context }, report: ProblemReport) => ({
      reports: { ...context.reports, [report.deal_id]: report },
    })),
    keepError: assign((_, error: ApiError) => ({ error })),
  },
}).createMachine({
  id: 'history',
  context: ({ input }) => ({
    memberId: input.memberId,
    deals: [],
    openDealId: null,
    reports: {},
    reason: 'not_delivered',
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadDeals',
        input: ({ context }) => ({ memberId: context.memberId }),
        onDone: { target: 'listing', actions: { type: 'keepDeals', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'keepError', params: failure } },
      },
    },
    failed: { on: { retry: 'loading' } },
    listing: {
      on: {
        'deal.opened': { target: 'detail', actions: 'open' },
      },
    },
    detail: {
      on: {
        'deal.closed': { target: 'listing', actions: 'close' },
        'deal.opened': { actions: 'open' },
        'problem.reported': { target: 'reporting', actions: 'keepReason' },
      },
    },
    reporting: {
      invoke: {
        src: 'report',
        input: ({ context }) => ({
          memberId: context.memberId,
          dealId: context.openDealId ?? 0,
          reason: context.reason,
        }),
        // The balance changed when a refund was made: the list is read again too.
        onDone: { target: 'refreshing', actions: { type: 'keepReport', params: ({ event }) => event.output } },
        onError: { target: 'detail', actions: { type: 'keepError', params: failure } },
      },
    },
    refreshing: {
      invoke: {
        src: 'loadDeals',
        input: ({ context }) => ({ memberId: context.memberId }),
        onDone: { target: 'detail', actions: { type: 'keepDeals', params: ({ event }) => event.output } },
        onError: 'detail',
      },
    },
  },
});

export type HistoryMachine = typeof historyMachine;
