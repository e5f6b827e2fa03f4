import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { examples } from '../../contract/examples.ts';
import type { Deal, ProblemReport } from '../../contract/index.ts';
import { historyMachine } from './history.machine.ts';
import { historyMonths, monthOf } from './history.statement.ts';
import type { DealPage, ReportProblemInput } from './history.types.ts';
import { historyView } from './history.view.ts';

const deal = (id: number, deal_date: string): Deal => ({ ...examples.deal, id, deal_date, delivery_status: 0 });
const deals = [deal(1, '2026-11-01T10:00:00Z'), deal(2, '2026-11-02T10:00:00Z')];
const report: ProblemReport = {
  id: 4,
  deal_id: 1,
  reason: 'not_delivered',
  refunded: 18.5,
  outcome: 'refunded',
  created_at: '2026-11-21T10:00:00Z',
};

function start(options: { loadFails?: boolean } = {}) {
  const actor = createActor(
    historyMachine.provide({
      actors: {
        loadDeals: fromPromise(async (): Promise<DealPage> => {
          if (options.loadFails) throw new Error('offline');
          return { deals, nextPage: null, statement: null };
        }),
        report: fromPromise(async ({ input }: { input: ReportProblemInput }) => ({ ...report, deal_id: input.dealId })),
      },
    }),
    { input: { memberId: 17 } },
  ).start();
  return { actor, view: () => historyView(actor.getSnapshot()) };
}

describe('spec §2 /history: what the screen shows', () => {
  it('is loading while the deals are read', () => {
    const flow = start();
    expect(flow.view()).toMatchObject({ loading: true, failed: false, deals: [], open: null });
  });

  it('lists the deals newest first once read', async () => {
    const flow = start();
    await waitFor(flow.actor, (snapshot) => snapshot.matches('listing'));
    expect(flow.view().deals.map((shown) => shown.id)).toEqual([2, 1]);
    expect(flow.view().loading).toBe(false);
  });

  it('shows the failure when the deals could not be read', async () => {
    const flow = start({ loadFails: true });
    await waitFor(flow.actor, (snapshot) => snapshot.matches('failed'));
    expect(flow.view()).toMatchObject({ loading: false, failed: true, error: { kind: 'network' } });
  });

  it('opens the deal the member chose, with no report on it yet', async () => {
    const flow = start();
    await waitFor(flow.actor, (snapshot) => snapshot.matches('listing'));
    flow.actor.send({ type: 'deal.opened', dealId: 1 });
    expect(flow.view().open?.id).toBe(1);
    expect(flow.view().report).toBeUndefined();
  });

  it('the open deal carries the answer to the problem reported on it', async () => {
    const flow = start();
    await waitFor(flow.actor, (snapshot) => snapshot.matches('listing'));
    flow.actor.send({ type: 'deal.opened', dealId: 1 });
    flow.actor.send({ type: 'problem.reported', reason: 'not_delivered' });
    expect(flow.view().reporting).toBe(true);
    await waitFor(flow.actor, (snapshot) => snapshot.matches('detail'));
    expect(flow.view()).toMatchObject({ reporting: false, report: { deal_id: 1, refunded: 18.5 } });
  });

  it('a report on another deal is not shown on the open one', async () => {
    const flow = start();
    await waitFor(flow.actor, (snapshot) => snapshot.matches('listing'));
    flow.actor.send({ type: 'deal.opened', dealId: 1 });
    flow.actor.send({ type: 'problem.reported', reason: 'not_delivered' });
    await waitFor(flow.actor, (snapshot) => snapshot.matches('detail'));
    flow.actor.send({ type: 'deal.opened', dealId: 2 });
    expect(flow.view().open?.id).toBe(2);
    expect(flow.view().report).toBeUndefined();
  });

  it('closing the detail leaves no deal open', async () => {
    const flow = start();
    await waitFor(flow.actor, (snapshot) => snapshot.matches('listing'));
    flow.actor.send({ type: 'deal.opened', dealId: 1 });
    flow.actor.send({ type: 'deal.closed' });
    expect(flow.view().open).toBeNull();
  });
});

describe('issue 35 point 5: the history as a statement', () => {
  const at = (id: number, date: string) => ({ ...examples.deal, id, deal_date: date });
  const topUp = (id: number, date: string) => ({
    id,
    amount: 200,
    currency: 'MXN',
    mode: 'card' as const,
    outcome: 'paid' as const,
    created_at: date,
  });
  const statement = {
    topUps: [topUp(3, '2026-11-04T10:00:00Z')],
    receipts: { 'deal:7': { kind: 'deal' as const, id: 7 } },
    months: [
      { month: '2026-11', spent: 14, topped_up: 200, currency: 'MXN' },
      { month: '2026-10', spent: 30, topped_up: 0, currency: 'MXN' },
    ],
    timeZone: 'America/Mexico_City',
  };

  it('puts top-ups beside purchases, newest first, each month under its totals', () => {
    const deals = [at(7, '2026-11-05T10:00:00Z'), at(6, '2026-10-20T10:00:00Z')];

    const months = historyMonths(deals, statement, false);

    expect(
      months.map((month) => [
        month.month,
        month.totals.map((totals) => totals.spent),
        month.entries.map((entry) => entry.kind),
      ]),
    ).toEqual([
      ['2026-11', [14], ['deal', 'top_up']],
      ['2026-10', [30], ['deal']],
    ]);
    expect(months[0]?.entries[0]?.receipt).toEqual({ kind: 'deal', id: 7 });
  });

  it("cuts months in the statement's time zone: 1 December 02:00 UTC is still November in Mexico City", () => {
    expect([monthOf('2026-12-01T02:00:00Z', 'America/Mexico_City'), monthOf('2026-12-01T02:00:00Z', 'UTC')]).toEqual([
      '2026-11',
      '2026-12',
    ]);
  });

  it('shows a provider without a statement its purchases as one plain list, as before', () => {
    const months = historyMonths(
      [at(7, '2026-11-05T10:00:00Z')],
      { topUps: [], receipts: {}, months: [], timeZone: null },
      true,
    );

    expect(months).toEqual([
      { month: null, totals: [], entries: [{ kind: 'deal', deal: expect.objectContaining({ id: 7 }), receipt: null }] },
    ]);
  });
});
