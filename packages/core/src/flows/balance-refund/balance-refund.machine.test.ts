import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { httpError } from '../../api/api-error.ts';
import { transportError } from '../../api/transport-error.ts';
import type { BalanceRefund, BalanceRefundPlan } from '../../contract/index.ts';
import { clabeOf } from '../../contract/index.ts';
import { settle } from '../../test-support/clock.ts';
import { numberedKeys } from '../../test-support/keys.ts';
import { toldSession } from '../../test-support/told-session.ts';
import { BALANCE_REFUND_POLL_MS, balanceRefundMachine } from './balance-refund.machine.ts';
import type { BalanceRefundReading, RequestInput } from './balance-refund.types.ts';
import { balanceRefundView, clabeAsTyped } from './balance-refund.view.ts';

const line = { method: 'POST', path: '/community_members/17/balance_refunds' };
const clabe = clabeOf('012', '180', 1234567);
const wrongCheckDigit = `${clabe.slice(0, 17)}${(Number(clabe[17]) + 1) % 10}`;

/** $150.00 back: $120.00 to the Visa •••• 4242 (newest), $30.00 by SPEI (cash). */
const plan: BalanceRefundPlan = {
  currency: 'MXN',
  refundable: 150,
  parts: [
    { way: 'card', card_brand: 'visa', card_last4: '4242', amount: 120, why: [] },
    { way: 'spei', card_brand: null, card_last4: null, amount: 30, why: ['cash'] },
  ],
  needs_clabe: true,
  bonus_withdrawn: 0,
  bonus_kept: 0,
  month: { refunds_left: 2, amount_left: 4880 },
  minimum: 10,
};

const refund = (status: BalanceRefund['status'], extra: Partial<BalanceRefund> = {}): BalanceRefund => ({
  id: 81,
  amount: 120,
  currency: 'MXN',
  status,
  refusal: null,
  parts: [{ way: 'card', card_brand: 'visa', card_last4: '4242', clabe_last4: null, amount: 120, status }],
  bonus_kept: 0,
  requested_at: '2027-03-01T12:00:00Z',
  sent_at: null,
  done_at: null,
  ...extra,
});

interface Fakes {
  readonly plan?: () => Promise<BalanceRefundReading>;
  readonly request?: () => Promise<BalanceRefund>;
  /** What each reading of the list answers, in order; the last one repeats. */
  readonly readings?: (() => Promise<readonly BalanceRefund[]>)[];
}

function start(fakes: Fakes = {}) {
  const clock = new SimulatedClock();
  const requested: RequestInput[] = [];
  let reads = 0;
  const { session, told } = toldSession();
  const actor = createActor(
    balanceRefundMachine.provide({
      actors: {
        loadPlan: fromPromise(fakes.plan ?? (async () => ({ plan, refunds: [] }))),
        requestRefund: fromPromise(async ({ input }: { input: RequestInput }) => {
          requested.push(input);
          return (fakes.request ?? (async () => refund('requested')))();
        }),
        readRefunds: fromPromise(async () => {
          reads++;
          const readings = fakes.readings ?? [async () => [refund('requested')]];
          return (readings[Math.min(reads, readings.length) - 1] ?? (async () => []))();
        }),
      },
    }),
    {
      clock,
      input: { memberId: 17, currency: 'MXN', memberName: 'José Pérez', newIdempotencyKey: numberedKeys(), session },
    },
  ).start();
  return {
    actor,
    clock,
    requested,
    told,
    reads: () => reads,
    view: () => balanceRefundView(actor.getSnapshot()),
    send: (...events: Parameters<typeof actor.send>[0][]) => {
      for (const event of events) actor.send(event);
    },
  };
}

type Flow = ReturnType<typeof start>;

/** The member gives everything back, with a CLABE in their name for the SPEI part. */
async function askAll(flow: Flow) {
  await settle();
  flow.send({ type: 'clabe.changed', text: clabe }, { type: 'holder.changed', text: 'jose  PEREZ' });
  flow.send({ type: 'refund.asked' });
}

async function confirmAll(flow: Flow) {
  await askAll(flow);
  flow.send({ type: 'refund.confirmed' });
  await settle();
}

describe('issue 37 point 4: what can come back and where', () => {
  it('shows the plan newest first, asking for all that can come back', async () => {
    const flow = start();

    await settle();

    expect([flow.view().parts.map((part) => part.way), flow.view().amountText, flow.view().total]).toEqual([
      ['card', 'spei'],
      '150.00',
      150,
    ]);
  });

  it('shows none of it where the provider has no balance refunds (404)', async () => {
    const flow = start({ plan: () => Promise.reject(httpError({ method: 'GET', path: '/x' }, 404, {}, null)) });

    await settle();

    expect(flow.view().unavailable).toBe(true);
  });

  it('says there is nothing to give back and sends nothing', async () => {
    const flow = start({ plan: async () => ({ plan: { ...plan, refundable: 0, parts: [] }, refunds: [] }) });
    await settle();

    flow.send({ type: 'refund.asked' }, { type: 'refund.confirmed' });
    await settle();

    expect([flow.view().blocked, flow.requested]).toEqual(['nothing_to_refund', []]);
  });

  it("says the month's refunds are used up and sends nothing", async () => {
    const used = { ...plan, month: { refunds_left: 0, amount_left: 4880 } };
    const flow = start({ plan: async () => ({ plan: used, refunds: [] }) });
    await settle();

    flow.send({ type: 'refund.asked' }, { type: 'refund.confirmed' });
    await settle();

    expect([flow.view().blocked, flow.requested]).toEqual(['monthly_count', []]);
  });
});

describe('issue 37 point 4: checked before anything is sent', () => {
  it("refuses an amount above what is left of the month's cap", async () => {
    const flow = start({
      plan: async () => ({ plan: { ...plan, month: { refunds_left: 2, amount_left: 100 } }, refunds: [] }),
    });

    await askAll(flow);

    expect([flow.view().problems.amount, flow.view().confirming]).toEqual(['monthly_amount', false]);
  });

  it('refuses an amount below the minimum of $10.00', async () => {
    const flow = start();
    await settle();

    flow.send({ type: 'amount.changed', text: '9.99' }, { type: 'refund.asked' });

    expect(flow.view().problems.amount).toBe('below_minimum');
  });

  it('refuses a CLABE with a wrong check digit under its field, keeping what was typed', async () => {
    const flow = start();
    await settle();

    flow.send({ type: 'clabe.changed', text: wrongCheckDigit }, { type: 'holder.changed', text: 'José Pérez' });
    flow.send({ type: 'refund.asked' });

    expect([flow.view().problems.clabe, flow.view().clabe, flow.view().confirming]).toEqual([
      'clabe_invalid',
      wrongCheckDigit,
      false,
    ]);
  });

  it("refuses the member's own Vendo CLABE (bank 999)", async () => {
    const flow = start();
    await settle();

    flow.send(
      { type: 'clabe.changed', text: clabeOf('999', '180', 17) },
      { type: 'holder.changed', text: 'José Pérez' },
    );
    flow.send({ type: 'refund.asked' });

    expect(flow.view().problems.clabe).toBe('clabe_own_vendo');
  });

  it('refuses a holder who is not the member, whatever the case, accents and spaces', async () => {
    const flow = start();
    await settle();

    flow.send({ type: 'clabe.changed', text: clabe }, { type: 'holder.changed', text: 'Jose Perez Gomez' });
    flow.send({ type: 'refund.asked' });

    expect(flow.view().problems.holder).toBe('clabe_not_members');
  });

  it('reads a CLABE typed in groups as its 18 digits', async () => {
    const flow = start();
    await settle();

    flow.send({ type: 'clabe.changed', text: `${clabe.slice(0, 3)} ${clabe.slice(3, 6)} ${clabe.slice(6)}` });

    expect(flow.view().clabe).toBe(clabe);
  });
});

describe('issue 37 point 4: asking for it', () => {
  it('confirms the total, then sends the amount, CLABE and holder with one key', async () => {
    const flow = start();
    await askAll(flow);
    const confirming = flow.view().confirming;

    flow.send({ type: 'refund.confirmed' });
    await settle();

    expect([confirming, flow.requested]).toEqual([
      true,
      [
        {
          memberId: 17,
          currency: 'MXN',
          request: { amount: 150, clabe, holderName: 'jose  PEREZ' },
          idempotencyKey: 'key-1',
        },
      ],
    ]);
  });

  it('sends less than everything when the member types less', async () => {
    const flow = start();
    await askAll(flow);
    flow.send({ type: 'refund.cancelled' }, { type: 'amount.changed', text: '99.50' });

    flow.send({ type: 'refund.asked' }, { type: 'refund.confirmed' });
    await settle();

    expect(flow.requested[0]?.request.amount).toBe(99.5);
  });

  it('going back from the confirmation keeps what was typed and sends nothing', async () => {
    const flow = start();
    await askAll(flow);

    flow.send({ type: 'refund.cancelled' });
    await settle();

    expect([flow.view().confirming, flow.view().clabe, flow.view().holder, flow.requested]).toEqual([
      false,
      clabe,
      'jose  PEREZ',
      [],
    ]);
  });

  it('tells the session at once: the balance is held', async () => {
    const flow = start();

    await confirmAll(flow);

    expect(flow.told).toEqual([{ type: 'member.refresh' }]);
  });

  it('a double click on confirm asks once', async () => {
    const flow = start();
    await askAll(flow);

    flow.send({ type: 'refund.confirmed' }, { type: 'refund.confirmed' });
    await settle();

    expect(flow.requested).toHaveLength(1);
  });

  it('the same refund after no answer is sent again with the same Idempotency-Key', async () => {
    let attempt = 0;
    const flow = start({
      request: async () => {
        if (++attempt === 1) throw transportError(line, 'timeout', 'slow');
        return refund('requested');
      },
    });
    await confirmAll(flow);

    flow.send({ type: 'refund.asked' }, { type: 'refund.confirmed' });
    await settle();

    expect(flow.requested.map((each) => each.idempotencyKey)).toEqual(['key-1', 'key-1']);
  });

  it('a changed amount after no answer goes with the same key: the first refund, if made, is never held twice', async () => {
    const flow = start({ request: () => Promise.reject(transportError(line, 'timeout', 'slow')) });
    await confirmAll(flow);

    flow.send({ type: 'amount.changed', text: '100' }, { type: 'refund.asked' }, { type: 'refund.confirmed' });
    await settle();

    expect(flow.requested.map((each) => [each.idempotencyKey, each.request.amount])).toEqual([
      ['key-1', 150],
      ['key-1', 100],
    ]);
  });

  it('takes a new key once the server answered, even with a refusal', async () => {
    const refused = httpError(line, 422, { error: { error_code: 'idempotency_mismatch', message: 'no' } }, null);
    const flow = start({ request: () => Promise.reject(refused) });
    await confirmAll(flow);

    flow.send({ type: 'refund.asked' }, { type: 'refund.confirmed' });
    await settle();

    expect(flow.requested.map((each) => each.idempotencyKey)).toEqual(['key-1', 'key-2']);
  });

  it("puts the server's refusal under its field and keeps what was typed", async () => {
    const refused = httpError(line, 422, { error: { error_code: 'clabe_not_members', message: 'no' } }, null);
    const flow = start({ request: () => Promise.reject(refused) });

    await confirmAll(flow);

    expect([flow.view().problems.holder, flow.view().clabe, flow.view().holder, flow.view().error]).toEqual([
      'clabe_not_members',
      clabe,
      'jose  PEREZ',
      null,
    ]);
  });

  it('sends the same refund with the same key once a 409 Retry-After has passed', async () => {
    let attempt = 0;
    const flow = start({
      request: async () => {
        if (++attempt === 1) throw httpError(line, 409, { error: { error_code: 'idempotency_in_progress' } }, 2);
        return refund('requested');
      },
    });
    await confirmAll(flow);

    flow.clock.increment(2_000);
    await settle();

    expect([flow.requested.length, flow.requested[1]?.idempotencyKey, flow.view().following]).toEqual([
      2,
      'key-1',
      true,
    ]);
  });
});

describe("issue 37 point 4: the refund's state", () => {
  it(`reads the refunds again every ${BALANCE_REFUND_POLL_MS / 1000} s, and not before`, async () => {
    const flow = start();
    await confirmAll(flow);

    flow.clock.increment(BALANCE_REFUND_POLL_MS - 1);
    await settle();
    const before = flow.reads();
    flow.clock.increment(1);
    await settle();

    expect([before, flow.reads()]).toEqual([0, 1]);
  });

  it('follows it from requested to sent to done, then stops reading', async () => {
    const flow = start({ readings: [async () => [refund('sent')], async () => [refund('done')]] });
    await confirmAll(flow);
    const states: string[] = [];

    for (let step = 0; step < 3; step++) {
      states.push(flow.view().refund?.status ?? '');
      flow.clock.increment(BALANCE_REFUND_POLL_MS);
      await settle();
    }

    expect([states, flow.view().settled, flow.reads()]).toEqual([['requested', 'sent', 'done'], true, 2]);
  });

  it('shows a refusal with its reason and tells the session: the hold came back', async () => {
    const refused = refund('refused', { refusal: 'card_refund_declined' });
    const flow = start({ readings: [async () => [refused]] });
    await confirmAll(flow);

    flow.clock.increment(BALANCE_REFUND_POLL_MS);
    await settle();

    expect([flow.view().refund?.refusal, flow.told.length]).toEqual(['card_refund_declined', 2]);
  });

  it('follows a refund asked on an earlier visit that is still on its way', async () => {
    const flow = start({ plan: async () => ({ plan, refunds: [refund('sent')] }) });

    await settle();

    expect([flow.view().following, flow.view().refund?.id]).toEqual([true, 81]);
  });

  it('keeps reading after a reading got no answer', async () => {
    const flow = start({
      readings: [() => Promise.reject(transportError(line, 'network', 'down')), async () => [refund('done')]],
    });
    await confirmAll(flow);

    flow.clock.increment(BALANCE_REFUND_POLL_MS);
    await settle();
    flow.clock.increment(BALANCE_REFUND_POLL_MS);
    await settle();

    expect(flow.view().settled).toBe(true);
  });
});

describe('issue 37 point 4: a CLABE as it is typed', () => {
  it('groups the digits typed so far as a CLABE is read: 3, 3, 11 and 1', () => {
    expect([clabeAsTyped('0121'), clabeAsTyped('012180000012345678')]).toEqual(['012 1', '012 180 00001234567 8']);
  });
});
