import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { examples } from '../../contract/examples.ts';
import type { Deal, ProblemReport } from '../../contract/index.ts';
import { historyMachine } from './history.machine.ts';
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
          return { deals, nextPage: null };
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
