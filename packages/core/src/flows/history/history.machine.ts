import { assign, fromPromise, setup } from 'xstate';
import type { ApiError } from '../../api/api-error.ts';
import { type Deal, dealOutcome, type ProblemReport } from '../../contract/index.ts';
import { failure } from '../actor-failure.ts';
import { known } from '../known.ts';
import { refreshMember } from '../member-refresh.ts';
import { noStatement, withStatement } from './history.statement.ts';
import type {
  DealPage,
  HistoryContext,
  HistoryEvent,
  HistoryInput,
  LoadDealsInput,
  ReportProblemInput,
} from './history.types.ts';

/** Newest first: by date, then by id for deals made in the same second. */
export function newestFirst(deals: readonly Deal[]): Deal[] {
  const time = (deal: Deal) => (deal.deal_date ? Date.parse(deal.deal_date) : 0);
  return [...deals].sort((a, b) => time(b) - time(a) || b.id - a.id);
}

/** The deals shown and a page read since: each deal once (a page may repeat one a new deal pushed down), as it now stands. */
export function withPage(shown: readonly Deal[], page: readonly Deal[]): Deal[] {
  const byId = new Map(shown.map((deal) => [deal.id, deal]));
  for (const deal of page) byId.set(deal.id, deal);
  return newestFirst([...byId.values()]);
}

/** Beyond the spec: a delivered deal the member did not get, or a failed one, may be reported. */
export const mayReportProblem = (deal: Deal) => ['delivered', 'failed'].includes(dealOutcome(deal.delivery_status));

/** Spec §2 /history: past deals newest first, a page at a time, one open in detail, and "Report a problem" on it. */
export const historyMachine = setup({
  types: {} as { context: HistoryContext; events: HistoryEvent; input: HistoryInput },
  actors: {
    loadDeals: fromPromise<DealPage, LoadDealsInput>(() => Promise.reject(new Error('history: provide loadDeals'))),
    report: fromPromise<ProblemReport, ReportProblemInput>(() => Promise.reject(new Error('history: provide report'))),
  },
  guards: {
    hasMore: ({ context }) => context.nextPage !== null,
    refunded: (_, report: ProblemReport) => report.refunded > 0,
  },
  actions: {
    keepFirstPage: assign((_, page: DealPage) => ({
      deals: withPage([], page.deals),
      statement: withStatement(noStatement, page.statement ?? noStatement),
      dealsOnly: page.statement === null,
      nextPage: page.nextPage,
      error: null,
    })),
    keepNextPage: assign(({ context }, page: DealPage) => ({
      deals: withPage(context.deals, page.deals),
      statement: withStatement(context.statement, page.statement ?? noStatement),
      nextPage: page.nextPage,
      moreFailed: false,
    })),
    // After a report the first page is read again (a refund changes a deal); the pages below stay.
    keepRefreshed: assign(({ context }, page: DealPage) => ({
      deals: withPage(context.deals, page.deals),
      statement: withStatement(context.statement, page.statement ?? noStatement),
    })),
    keepMoreFailed: assign({ moreFailed: true }),
    forgetMoreFailed: assign({ moreFailed: false }),
    open: assign(({ event }) => (event.type === 'deal.opened' ? { openDealId: event.dealId, error: null } : {})),
    close: assign({ openDealId: null }),
    keepReason: assign(({ event }) => (event.type === 'problem.reported' ? { reason: event.reason, error: null } : {})),
    keepReport: assign(({ context }, report: ProblemReport) => ({
      reports: { ...context.reports, [report.deal_id]: report },
    })),
    keepError: assign((_, error: ApiError) => ({ error })),
    // A refund changed the balance the header shows: the session reads the member again.
    refreshMember,
  },
}).createMachine({
  id: 'history',
  context: ({ input }) => ({
    memberId: input.memberId,
    session: input.session,
    deals: [],
    statement: noStatement,
    dealsOnly: false,
    nextPage: null,
    moreFailed: false,
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
        input: ({ context }) => ({ memberId: context.memberId, page: 1, dealsOnly: context.dealsOnly }),
        onDone: { target: 'listing', actions: { type: 'keepFirstPage', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'keepError', params: failure } },
      },
    },
    failed: { on: { 'history.retried': 'loading' } },
    listing: {
      on: {
        'deal.opened': { target: 'detail', actions: 'open' },
        'more.requested': { guard: 'hasMore', target: 'loadingMore' },
      },
    },
    /** Issue 32 point 8: "more" at the end of the list reads the next page and adds it below. */
    loadingMore: {
      entry: 'forgetMoreFailed',
      invoke: {
        src: 'loadDeals',
        // hasMore let the member in here only with a page to read.
        input: ({ context }) => ({
          memberId: context.memberId,
          page: known(context.nextPage, 'the next page'),
          dealsOnly: context.dealsOnly,
        }),
        onDone: { target: 'listing', actions: { type: 'keepNextPage', params: ({ event }) => event.output } },
        onError: { target: 'listing', actions: 'keepMoreFailed' },
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
          // A problem is reported from the detail of an open deal only.
          dealId: known(context.openDealId, 'the open deal'),
          reason: context.reason,
        }),
        // A refund changed the balance: the session is told (refunded), and the list is read again too.
        onDone: [
          {
            guard: { type: 'refunded', params: ({ event }) => event.output },
            target: 'refreshing',
            actions: [{ type: 'keepReport', params: ({ event }) => event.output }, 'refreshMember'],
          },
          { target: 'refreshing', actions: { type: 'keepReport', params: ({ event }) => event.output } },
        ],
        onError: { target: 'detail', actions: { type: 'keepError', params: failure } },
      },
    },
    refreshing: {
      invoke: {
        src: 'loadDeals',
        input: ({ context }) => ({ memberId: context.memberId, page: 1, dealsOnly: context.dealsOnly }),
        onDone: { target: 'detail', actions: { type: 'keepRefreshed', params: ({ event }) => event.output } },
        onError: 'detail',
      },
    },
  },
});

export type HistoryMachine = typeof historyMachine;
