import type { SnapshotFrom } from 'xstate';
import type { HistoryMachine } from './history.machine.ts';
import { historyMonths } from './history.statement.ts';

/** What the history screen shows: the deals, the one open in detail, and the problem reported on it. */
export function historyView(snapshot: SnapshotFrom<HistoryMachine>) {
  const { context } = snapshot;
  const open = context.deals.find((deal) => deal.id === context.openDealId) ?? null;
  return {
    loading: snapshot.matches('loading'),
    failed: snapshot.matches('failed'),
    reporting: snapshot.matches('reporting'),
    deals: context.deals,
    /** Issue 35 point 5: purchases and top-ups by month, under the month's totals (one plain list without a statement). */
    months: historyMonths(context.deals, context.statement, context.dealsOnly),
    /** The zone the statement cuts months in: dates are written in it too, so an entry sits under its month. */
    timeZone: context.dealsOnly ? null : context.statement.timeZone,
    /** "More" closes the list while older deals remain; busy while they are read. */
    more: context.nextPage !== null,
    loadingMore: snapshot.matches('loadingMore'),
    moreFailed: context.moreFailed,
    open,
    reports: context.reports,
    /** The answer to a problem reported on the open deal, once there is one. */
    report: open ? context.reports[open.id] : undefined,
    error: context.error,
  };
}

export type HistoryView = ReturnType<typeof historyView>;
