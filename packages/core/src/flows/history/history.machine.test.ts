import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { examples } from '../../contract/examples.ts';
import { type Deal, dealOutcome, type ProblemReason, type ProblemReport } from '../../contract/index.ts';
import { historyMachine, mayReportProblem, newestFirst } from './history.machine.ts';

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
          loadDeals: fromPromise(async () => [deal(3, '2026-11-03T10:00:00Z')]),
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
