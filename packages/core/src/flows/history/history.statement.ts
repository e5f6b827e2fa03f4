import type { CallOutput } from '../../api/send.ts';
import type { calls, Deal, MonthTotals, ReceiptLink, StatementTopUp } from '../../contract/index.ts';
import type { DealPage, StatementPart } from './history.types.ts';

/** An entry's key among the receipts: purchases and top-ups count their ids apart. */
export const statementKey = (kind: 'deal' | 'top_up', id: number) => `${kind}:${id}`;

export const noStatement: StatementPart = { topUps: [], receipts: {}, months: [], timeZone: null };

/** A statement page as the history keeps it: its purchases as the deals list gives them, and the rest beside. */
export function statementPage(answer: CallOutput<typeof calls.getStatement>): DealPage {
  const deals: Deal[] = [];
  const topUps: StatementTopUp[] = [];
  const receipts: Record<string, ReceiptLink> = {};
  for (const entry of answer.entries) {
    // The history's lines are purchases and top-ups; balance refunds are read with their own call.
    if (entry.kind === 'balance_refund') continue;
    const id = entry.kind === 'deal' ? entry.deal.id : entry.top_up.id;
    if (entry.kind === 'deal') deals.push(entry.deal);
    else topUps.push(entry.top_up);
    if (entry.receipt) receipts[statementKey(entry.kind, id)] = entry.receipt;
  }
  return {
    deals,
    nextPage: answer.next_page ?? null,
    statement: { topUps, receipts, months: answer.months, timeZone: answer.time_zone },
  };
}

/** The statement shown and a page read since: each top-up once, each month's totals as last read. */
export function withStatement(shown: StatementPart, page: StatementPart): StatementPart {
  const topUps = new Map(shown.topUps.map((topUp) => [topUp.id, topUp]));
  for (const topUp of page.topUps) topUps.set(topUp.id, topUp);
  const months = new Map(shown.months.map((month) => [`${month.month}:${month.currency}`, month]));
  for (const month of page.months) months.set(`${month.month}:${month.currency}`, month);
  return {
    topUps: [...topUps.values()],
    receipts: { ...shown.receipts, ...page.receipts },
    months: [...months.values()] as MonthTotals[],
    timeZone: page.timeZone ?? shown.timeZone,
  };
}

/** One line of the history: a purchase, or (from a statement) a top-up, with its receipt where there is one. */
export type HistoryEntry =
  | { readonly kind: 'deal'; readonly deal: Deal; readonly receipt: ReceiptLink | null }
  | { readonly kind: 'top_up'; readonly topUp: StatementTopUp; readonly receipt: ReceiptLink | null };

/** The lines of one month, under its totals; `month` null for a provider without a statement (one plain list). */
export interface HistoryMonth {
  readonly month: string | null;
  readonly totals: readonly MonthTotals[];
  readonly entries: readonly HistoryEntry[];
}

const monthFormats = new Map<string, Intl.DateTimeFormat>();

/** `YYYY-MM` of a moment in a time zone: the month the statement counts it in. */
export function monthOf(moment: string, timeZone: string | null): string {
  const zone = timeZone ?? 'UTC';
  let format = monthFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit' });
    monthFormats.set(zone, format);
  }
  return format.format(new Date(moment)).slice(0, 7);
}

const timeOf = (entry: HistoryEntry) =>
  Date.parse(entry.kind === 'deal' ? (entry.deal.deal_date ?? '') : entry.topUp.created_at) || 0;

/**
 * Issue 35 point 5: the history as a statement, newest first, each month under the totals the provider
 * computed over the whole month. A provider without a statement gets today's plain list of purchases.
 */
export function historyMonths(deals: readonly Deal[], statement: StatementPart, dealsOnly: boolean): HistoryMonth[] {
  const receiptOf = (kind: 'deal' | 'top_up', id: number) => statement.receipts[statementKey(kind, id)] ?? null;
  const entries: HistoryEntry[] = [
    ...deals.map((deal) => ({ kind: 'deal' as const, deal, receipt: receiptOf('deal', deal.id) })),
    ...statement.topUps.map((topUp) => ({ kind: 'top_up' as const, topUp, receipt: receiptOf('top_up', topUp.id) })),
  ].sort((a, b) => timeOf(b) - timeOf(a));
  if (dealsOnly || statement.timeZone === null) return entries.length ? [{ month: null, totals: [], entries }] : [];
  const months: { month: string; totals: MonthTotals[]; entries: HistoryEntry[] }[] = [];
  for (const entry of entries) {
    const month = monthOf(new Date(timeOf(entry)).toISOString(), statement.timeZone);
    let group = months.at(-1);
    if (group?.month !== month) {
      group = { month, totals: statement.months.filter((totals) => totals.month === month), entries: [] };
      months.push(group);
    }
    group.entries.push(entry);
  }
  return months;
}
