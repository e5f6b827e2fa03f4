import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { createApi } from '../../api/index.ts';
import { examples } from '../../contract/examples.ts';
import { type Deal, dealOutcome, type ProblemReason, type ProblemReport } from '../../contract/index.ts';
import { json, scriptedFetch } from '../../test-support/scripted-fetch.ts';
import { toldSession } from '../../test-support/told-session.ts';
import { historyActors } from './history.actors.ts';
import { historyMachine, mayReportProblem, newestFirst } from './history.machine.ts';
import type { DealPage, LoadDealsInput } from './history.types.ts';
import { historyView } from './history.view.ts';

const deal = (id: number, deal_date: string, delivery_status = 0): Deal => ({
  ...examples.deal,
  id,
  deal_date,
  delivery_status,
});

describe('spec §2 /history', () => {
  it('lists deals newest first', () => {
    const deals = [deal(1, '2026-11-01T10:00:00Z'), deal(3, '2026-11-03T10:00:00Z'), deal(2, '2026-11-02T10:00:00Z')];
    expect(newestFirst(deals).map((d) => d.id)).toEqual([3, 2, 1]);
  });

  it.each([
    [0, 'delivered', true],
    [1, 'inProgress', false],
    [2, 'inProgress', false],
    [5, 'failed', true],
    [16, 'failed', true],
    [99, 'unknown', false],
  ] as const)('status %i reads as %s; may be reported: %s', (status, outcome, reportable) => {
    expect(dealOutcome(status)).toBe(outcome);
    expect(mayReportProblem(deal(1, '2026-11-01T10:00:00Z', status))).toBe(reportable);
  });

  it('reports a problem on the open deal and keeps the answer', async () => {
    const report: ProblemReport = {
      id: 4,
      deal_id: 3,
      reason: 'not_delivered',
      refunded: 18.5,
      outcome: 'refunded',
      created_at: '2026-11-21T10:00:00Z',
    };
    const sent: unknown[] = [];
    const actor = createActor(
      historyMachine.provide({
        actors: {
          loadDeals: fromPromise(
            async (): Promise<DealPage> => ({
              deals: [deal(3, '2026-11-03T10:00:00Z')],
              nextPage: null,
              statement: null,
            }),
          ),
          report: fromPromise(
            async ({ input }: { input: { memberId: number; dealId: number; reason: ProblemReason } }) => {
              sent.push(input);
              return report;
            },
          ),
        },
      }),
      { input: { memberId: 17 } },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches('listing'));
    actor.send({ type: 'deal.opened', dealId: 3 });
    actor.send({ type: 'problem.reported', reason: 'not_delivered' });
    await waitFor(actor, (snapshot) => snapshot.matches('detail') && snapshot.context.reports[3] !== undefined);
    expect(sent).toEqual([{ memberId: 17, dealId: 3, reason: 'not_delivered' }]);
    expect(actor.getSnapshot().context.reports[3]?.refunded).toBe(18.5);
  });
});

describe('spec §2 /history: a refund refreshes the member (spec §4 session, issue 34 point 1)', () => {
  /** Reports a problem on deal 3 with the session given; the server refunds `refunded`. */
  async function reportWith(refunded: number) {
    const { session, told } = toldSession();
    const report: ProblemReport = {
      id: 4,
      deal_id: 3,
      reason: 'not_delivered',
      refunded,
      outcome: refunded > 0 ? 'refunded' : 'in_review',
      created_at: '2026-11-21T10:00:00Z',
    };
    const actor = createActor(
      historyMachine.provide({
        actors: {
          loadDeals: fromPromise(
            async (): Promise<DealPage> => ({
              deals: [deal(3, '2026-11-03T10:00:00Z')],
              nextPage: null,
              statement: null,
            }),
          ),
          report: fromPromise(async () => report),
        },
      }),
      { input: { memberId: 17, session } },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches('listing'));
    actor.send({ type: 'deal.opened', dealId: 3 });
    const toldBeforeReport = [...told];
    actor.send({ type: 'problem.reported', reason: 'not_delivered' });
    await waitFor(actor, (snapshot) => snapshot.matches('detail') && snapshot.context.reports[3] !== undefined);
    // Closing and opening the deal again shows the same report: no second refund to tell.
    actor.send({ type: 'deal.closed' });
    actor.send({ type: 'deal.opened', dealId: 3 });
    return { told, toldBeforeReport };
  }

  it('tells the session to read the member again once a report comes back with a refund', async () => {
    const { told, toldBeforeReport } = await reportWith(18.5);
    expect(toldBeforeReport).toEqual([]);
    expect(told).toEqual([{ type: 'member.refresh' }]);
  });

  it('tells the session nothing when the report refunds nothing (a person reviews it)', async () => {
    const { told } = await reportWith(0);
    expect(told).toEqual([]);
  });
});

describe('spec §2 /history, a page at a time (issue 32 point 8)', () => {
  const day = (id: number) => deal(id, `2026-11-${String(id).padStart(2, '0')}T10:00:00Z`);
  /** Pages as the server answers them; page 2 repeats deal 4, pushed down by a deal made meanwhile. */
  function start(pages: Record<number, DealPage | Error>) {
    const asked: LoadDealsInput[] = [];
    const actor = createActor(
      historyMachine.provide({
        actors: {
          loadDeals: fromPromise(async ({ input }: { input: LoadDealsInput }) => {
            asked.push(input);
            const page = pages[input.page];
            if (!page || page instanceof Error) throw page ?? new Error('no such page');
            return page;
          }),
        },
      }),
      { input: { memberId: 17 } },
    ).start();
    return { actor, asked, view: () => historyView(actor.getSnapshot()) };
  }

  it('shows "more" while older deals remain, and adds the next page below, each deal once', async () => {
    const flow = start({
      1: { deals: [day(5), day(4)], nextPage: 2, statement: null },
      2: { deals: [day(4), day(3)], nextPage: null, statement: null },
    });
    await waitFor(flow.actor, (snapshot) => snapshot.matches('listing'));
    expect(flow.view()).toMatchObject({ more: true, loadingMore: false });

    flow.actor.send({ type: 'more.requested' });
    expect(flow.view().loadingMore).toBe(true);
    await waitFor(flow.actor, (snapshot) => snapshot.matches('listing'));

    expect(flow.view().deals.map((shown) => shown.id)).toEqual([5, 4, 3]);
    expect(flow.view().more).toBe(false);
    expect(flow.asked).toEqual([
      { memberId: 17, page: 1, dealsOnly: false },
      { memberId: 17, page: 2, dealsOnly: true },
    ]);
  });

  it('keeps the list and "more" when the next page could not be read, and says so', async () => {
    const flow = start({ 1: { deals: [day(5)], nextPage: 2, statement: null }, 2: new Error('offline') });
    await waitFor(flow.actor, (snapshot) => snapshot.matches('listing'));

    flow.actor.send({ type: 'more.requested' });
    await waitFor(flow.actor, (snapshot) => snapshot.matches('listing') && snapshot.context.moreFailed);

    expect(flow.view()).toMatchObject({ more: true, moreFailed: true });
    expect(flow.view().deals.map((shown) => shown.id)).toEqual([5]);
  });

  it('asks the API for the page and reads next_page; a provider that pages nothing has no next page', async () => {
    const answers = [{ deals: [day(5)], next_page: 2 }, { deals: [day(4)] }];
    // A provider without a statement (issue 35 point 5) answers it 404 once; the deals list is read from then on.
    const server = scriptedFetch((request) =>
      request.url.includes('/statement') ? json({}, 404) : json(answers.shift()),
    );
    const api = createApi({ baseUrl: 'https://vendo.test/api/', getToken: () => 't', fetch: server.fetch });
    const actor = createActor(historyMachine.provide({ actors: historyActors({ api }) }), {
      input: { memberId: 17 },
    }).start();
    await waitFor(actor, (snapshot) => snapshot.matches('listing'));

    actor.send({ type: 'more.requested' });
    await waitFor(actor, (snapshot) => snapshot.matches('listing') && snapshot.context.deals.length === 2);

    expect(
      server.requests.map((request) => new URL(request.url).pathname.split('/').pop() + new URL(request.url).search),
    ).toEqual(['statement?page=1', 'deals?page=1', 'deals?page=2']);
    expect(historyView(actor.getSnapshot()).more).toBe(false);
  });

  it('reads the statement where the provider has one: purchases, top-ups, receipts and month totals (issue 35 point 5)', async () => {
    const topUp = {
      id: 3,
      amount: 200,
      currency: 'MXN',
      mode: 'card',
      outcome: 'paid',
      created_at: '2026-11-04T10:00:00Z',
    };
    const statement = {
      entries: [
        { kind: 'top_up', top_up: topUp, receipt: { kind: 'top_up', id: 3 } },
        { kind: 'deal', deal: day(3), refunded: 0, receipt: { kind: 'deal', id: day(3).id } },
      ],
      months: [{ month: '2026-11', spent: 14, topped_up: 200, currency: 'MXN' }],
      next_page: null,
      time_zone: 'America/Mexico_City',
    };
    const server = scriptedFetch(() => json(statement));
    const api = createApi({ baseUrl: 'https://vendo.test/api/', getToken: () => 't', fetch: server.fetch });
    const actor = createActor(historyMachine.provide({ actors: historyActors({ api }) }), {
      input: { memberId: 17 },
    }).start();

    await waitFor(actor, (snapshot) => snapshot.matches('listing'));

    const { statement: kept, deals } = actor.getSnapshot().context;
    expect(deals.map((deal) => deal.id)).toEqual([day(3).id]);
    expect(kept.topUps.map((kept) => kept.id)).toEqual([3]);
    expect(Object.keys(kept.receipts).sort()).toEqual([`deal:${day(3).id}`, 'top_up:3']);
    expect(kept.months).toEqual(statement.months);
  });
});
