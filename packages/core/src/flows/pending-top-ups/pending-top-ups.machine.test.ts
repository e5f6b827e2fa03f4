import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { httpError } from '../../api/api-error.ts';
import { transportError } from '../../api/transport-error.ts';
import type { PendingTopUp } from '../../contract/index.ts';
import { settle } from '../../test-support/clock.ts';
import { pendingTopUpsMachine } from './pending-top-ups.machine.ts';
import { pendingReference, pendingTopUpsView, pendingTotal } from './pending-top-ups.view.ts';

const reference: PendingTopUp = {
  id: 41,
  reference: '1234 5678 9012 3456',
  amount: 100,
  currency: 'MXN',
  status: 'pending',
  created_at: '2027-03-01T12:00:00Z',
  expires_at: '2027-03-04T12:00:00Z',
  credited_at: null,
  stores: ['OXXO', '7-Eleven'],
  instructions_url: null,
};

function start(answers: (() => Promise<readonly PendingTopUp[]>)[]) {
  const asked: number[] = [];
  const actor = createActor(
    pendingTopUpsMachine.provide({
      actors: {
        loadPending: fromPromise<readonly PendingTopUp[], { memberId: number }>(async ({ input }) => {
          asked.push(input.memberId);
          return (answers.shift() ?? (async () => [reference]))();
        }),
      },
    }),
    { input: { memberId: 17 } },
  ).start();
  return { actor, asked, view: () => pendingTopUpsView(actor.getSnapshot()) };
}

describe('issue 37 point 1: "Pagos pendientes"', () => {
  it("reads the member's store references", async () => {
    const screen = start([]);

    await settle();

    expect([screen.asked, screen.view().references.map((each) => each.id)]).toEqual([[17], [41]]);
  });

  it('shows none of it where the provider keeps no references (404)', async () => {
    const screen = start([() => Promise.reject(httpError({ method: 'GET', path: '/x' }, 404, {}, null))]);

    await settle();

    expect([screen.view().none, screen.view().references]).toEqual([true, []]);
  });

  it('reads again when asked after the server did not answer', async () => {
    const screen = start([() => Promise.reject(transportError({ method: 'GET', path: '/x' }, 'network', 'down'))]);
    await settle();
    const first = screen.view().problem;

    screen.actor.send({ type: 'pending.retried' });
    await settle();

    expect([first, screen.view().references.length]).toEqual(['unreachable', 1]);
  });

  it('reads again after a new reference is issued, showing the last read meanwhile', async () => {
    const screen = start([]);
    await settle();

    screen.actor.send({ type: 'pending.reread' });

    expect([screen.view().loading, screen.view().references.length]).toEqual([false, 1]);
  });
});

describe('issue 37 point 1: a reference as the member reads it now', () => {
  it('says 71 h 30 min left half an hour after it was issued, and the digits its barcode carries', () => {
    const shown = pendingReference(reference, new Date('2027-03-01T12:30:00Z'));

    expect([shown.status, shown.left, shown.digits]).toEqual([
      'pending',
      { expired: false, hours: 71, minutes: 30 },
      '1234567890123456',
    ]);
  });

  it('reads expired once its 72 hours are over, though the last read said pending', () => {
    expect(pendingReference(reference, new Date('2027-03-04T12:00:00Z')).status).toBe('expired');
  });

  it('keeps a credited reference credited', () => {
    const credited = { ...reference, status: 'credited' as const, credited_at: '2027-03-02T09:00:00Z' };

    expect(pendingReference(credited, new Date('2027-03-05T00:00:00Z')).status).toBe('credited');
  });
});

describe('issue 37 point 1: "$100.00 por acreditar"', () => {
  it('sums the references still payable now in the currency, leaving out expired and credited ones', () => {
    const now = new Date('2027-03-02T12:00:00Z');
    const references: PendingTopUp[] = [
      { ...reference, amount: 100.1 },
      { ...reference, id: 42, amount: 50.2 },
      { ...reference, id: 43, amount: 70, expires_at: '2027-03-02T11:59:00Z' },
      { ...reference, id: 44, amount: 80, status: 'credited', credited_at: '2027-03-01T13:00:00Z' },
      { ...reference, id: 45, amount: 500, currency: 'JPY' },
    ];

    expect(pendingTotal(references, 'MXN', now)).toBe(150.3);
  });
});
