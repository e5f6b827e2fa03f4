import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import { httpError } from '../../api/api-error.ts';
import { STILL_WORKING_RESENDS } from '../../api/error-checks.ts';
import { transportError } from '../../api/transport-error.ts';
import { examples } from '../../contract/examples.ts';
import type { CreditCard, ProductServer } from '../../contract/index.ts';
import { settle } from '../../test-support/clock.ts';
import { numberedKeys } from '../../test-support/keys.ts';
import { toldSession } from '../../test-support/told-session.ts';
import { topUpMachine } from './top-up.machine.ts';
import type { PayInput, TopUpOutcome } from './top-up.types.ts';
import { topUpView } from './top-up.view.ts';

const machine = examples.machine;
const card = (id: number) => ({ ...examples.card, id });
const line = { method: 'POST', path: '/community_members/17/top_ups' };

function start(
  options: { machine?: Partial<ProductServer> | null; cards?: CreditCard[]; pay?: () => Promise<TopUpOutcome> } = {},
) {
  const clock = new SimulatedClock();
  const paid: PayInput[] = [];
  const left: string[] = [];
  const { session, told } = toldSession();
  const actor = createActor(
    topUpMachine.provide({
      actors: {
        leaveForCheckout: fromCallback(({ input }: { input: { url: string; topUpId: number | null } }) => {
          left.push(input.url);
        }),
        pay: fromPromise(async ({ input }: { input: PayInput }) => {
          paid.push(input);
          return options.pay ? options.pay() : { kind: 'charged' as const, topUpId: 31 };
        }),
      },
    }),
    {
      clock,
      input: {
        memberId: 17,
        machine: options.machine === null ? null : { ...machine, ...options.machine },
        cards: options.cards ?? [card(3), card(9)],
        newIdempotencyKey: numberedKeys(),
        session,
      },
    },
  ).start();
  return { actor, paid, left, told, clock, settle, view: () => topUpView(actor.getSnapshot()) };
}

async function payWithCvv(flow: ReturnType<typeof start>) {
  flow.actor.send({ type: 'cvv.changed', cvv: '123' });
  flow.actor.send({ type: 'pay.requested' });
  flow.actor.send({ type: 'confirm.accepted' });
  await flow.settle();
}

describe('spec §4 top-up: amount', () => {
  it('starts on 100 with the newest saved card (highest id) chosen', () => {
    const flow = start();
    expect(flow.view()).toMatchObject({ preset: 100, amount: 100, mode: 'card', cardId: 9 });
  });

  it('checks "other" as it is typed: decimals are refused', () => {
    const flow = start();
    flow.actor.send({ type: 'amount.other', text: '150.50' });
    expect(flow.view().amountProblem).toBe('amount_not_whole');
  });

  it("uses the machine country's minimum", () => {
    const flow = start({ machine: { country: { ...machine.country, minimun_top_up: 80 } } });
    flow.actor.send({ type: 'amount.other', text: '60' });
    expect(flow.view()).toMatchObject({ amountProblem: 'amount_below_min', limits: { min: 80 } });
  });

  it('sends nothing while the amount is wrong', async () => {
    const flow = start();
    flow.actor.send({ type: 'amount.other', text: '2001' });
    await payWithCvv(flow);
    expect(flow.paid).toEqual([]);
    expect(flow.view().amountProblem).toBe('amount_above_max');
  });
});

describe('spec §4 top-up: saved card', () => {
  it('needs the CVV: its field is flagged and nothing is sent', () => {
    const flow = start();
    flow.actor.send({ type: 'pay.requested' });
    expect(flow.view()).toMatchObject({ cvvMissing: true, confirming: false });
  });

  it('confirms, then charges the card with the CVV, amount and currency, and shows balance recharged', async () => {
    const flow = start();
    flow.actor.send({ type: 'amount.preset', amount: 200 });
    await payWithCvv(flow);
    expect(flow.paid[0]).toMatchObject({
      memberId: 17,
      currency: 'MXN',
      request: { amount: 200, mode: 'card', cardId: 9, cvv: '123' },
    });
    expect(flow.view().recharged).toBe(true);
  });

  it('names the top-up a card charge credited, for the recharged modal to link its receipt (issue 35 point 3)', async () => {
    const flow = start();

    await payWithCvv(flow);

    expect(flow.view().rechargedTopUpId).toBe(31);
  });

  it('repeats the bonus credit the charge earned on the recharged modal (issue 36 point 3)', async () => {
    const flow = start({ pay: async () => ({ kind: 'charged', topUpId: 31, bonus: 10 }) });

    await payWithCvv(flow);

    expect(flow.view().rechargedBonus).toBe(10);
  });

  it('shows no bonus where the provider answers none (issue 36 point 3)', async () => {
    const flow = start();

    await payWithCvv(flow);

    expect([flow.view().recharged, flow.view().rechargedBonus]).toEqual([true, 0]);
  });

  it('a double click on confirm pays once', async () => {
    const flow = start();
    flow.actor.send({ type: 'cvv.changed', cvv: '123' });
    flow.actor.send({ type: 'pay.requested' });
    flow.actor.send({ type: 'confirm.accepted' });
    flow.actor.send({ type: 'confirm.accepted' });
    await flow.settle();
    expect(flow.paid).toHaveLength(1);
  });

  it('a refused payment shows its error inline, closes the confirmation and keeps what was typed', async () => {
    const refused = httpError(line, 402, { error: { message: 'Tarjeta rechazada' } }, null);
    const flow = start({ pay: () => Promise.reject(refused) });
    flow.actor.send({ type: 'amount.other', text: '150' });
    await payWithCvv(flow);
    expect(flow.view()).toMatchObject({
      confirming: false,
      otherText: '150',
      cvv: '123',
      error: { message: 'Tarjeta rechazada' },
    });
  });

  it('the same payment after no answer is sent again with the same Idempotency-Key', async () => {
    let attempt = 0;
    const flow = start({
      pay: async () => {
        attempt++;
        if (attempt === 1) throw transportError(line, 'timeout', 'slow');
        return { kind: 'charged', topUpId: 31 };
      },
    });
    await payWithCvv(flow);
    flow.actor.send({ type: 'pay.requested' });
    flow.actor.send({ type: 'confirm.accepted' });
    await flow.settle();
    expect(flow.paid[1]?.idempotencyKey).toBe(flow.paid[0]?.idempotencyKey);
  });

  it('two separate top-ups carry the next two keys the port gives (issue 34 point 4)', async () => {
    const flow = start();
    await payWithCvv(flow);
    flow.actor.send({ type: 'result.closed' });
    await payWithCvv(flow);
    expect(flow.paid.map((payment) => payment.idempotencyKey)).toEqual(['key-1', 'key-2']);
  });
});

describe('spec §4 top-up: a 409 with Retry-After means the first payment with this key is still running', () => {
  const stillRunning = (retryAfter: number | null) =>
    httpError(line, 409, { error: { error_code: 'idempotency_in_progress' } }, retryAfter);
  /** Answers 409 with this Retry-After the first `times` times, then charges. */
  const busyFor = (times: number, retryAfter: number | null) => {
    let attempt = 0;
    return async (): Promise<TopUpOutcome> => {
      if (++attempt <= times) throw stillRunning(retryAfter);
      return { kind: 'charged', topUpId: 31 };
    };
  };

  it('keeps the member on the busy confirmation, with no error shown', async () => {
    const flow = start({ pay: busyFor(1, 2) });
    await payWithCvv(flow);
    expect(flow.view()).toMatchObject({ paying: true, confirming: true, error: null });
  });

  it('sends nothing again before Retry-After has passed', async () => {
    const flow = start({ pay: busyFor(1, 2) });
    await payWithCvv(flow);
    flow.clock.increment(1_999);
    expect(flow.paid).toHaveLength(1);
  });

  it('sends the same payment with the same Idempotency-Key once Retry-After has passed', async () => {
    const flow = start({ pay: busyFor(1, 2) });
    await payWithCvv(flow);
    flow.clock.increment(2_000);
    await flow.settle();
    expect(flow.paid).toEqual([flow.paid[0], flow.paid[0]]);
    expect(flow.view().recharged).toBe(true);
  });

  it('waits at most 10 s, whatever Retry-After asks', async () => {
    const flow = start({ pay: busyFor(1, 600) });
    await payWithCvv(flow);
    flow.clock.increment(10_000);
    expect(flow.paid).toHaveLength(2);
  });

  it('stays a refusal without Retry-After: shown inline, the confirmation closed', async () => {
    const flow = start({ pay: busyFor(1, null) });
    await payWithCvv(flow);
    expect(flow.view()).toMatchObject({ paying: false, confirming: false, error: { status: 409 } });
  });

  it(`stops after ${STILL_WORKING_RESENDS} resends; paying again keeps the same key`, async () => {
    const flow = start({ pay: busyFor(Number.POSITIVE_INFINITY, 1) });
    await payWithCvv(flow);
    for (let resend = 0; resend < STILL_WORKING_RESENDS; resend++) {
      flow.clock.increment(1_000);
      await flow.settle();
    }
    flow.actor.send({ type: 'pay.requested' });
    flow.actor.send({ type: 'confirm.accepted' });
    await flow.settle();
    expect(flow.paid).toHaveLength(STILL_WORKING_RESENDS + 2);
    expect(new Set(flow.paid.map((payment) => payment.idempotencyKey)).size).toBe(1);
  });
});

describe('spec §4 top-up: offline machine, redirect and reference', () => {
  it('warns before a top-up on an offline machine; continue goes on to the confirmation', () => {
    const flow = start({ machine: { status: 'offline' } });
    flow.actor.send({ type: 'cvv.changed', cvv: '123' });
    flow.actor.send({ type: 'pay.requested' });
    expect(flow.view().offlineWarning).toBe(true);
    flow.actor.send({ type: 'offline.continued' });
    expect(flow.view().confirming).toBe(true);
  });

  it('going back from the offline warning leaves the top-up', () => {
    const flow = start({ machine: { status: 'offline' } });
    flow.actor.send({ type: 'cvv.changed', cvv: '123' });
    flow.actor.send({ type: 'pay.requested' });
    flow.actor.send({ type: 'offline.back' });
    expect(flow.view().left).toBe(true);
  });

  it('pay without saving opens the returned url and rests the pay button for 2 seconds', async () => {
    const flow = start({ pay: async () => ({ kind: 'redirect', url: 'https://pagos.example.mx/c/1', topUpId: 41 }) });
    flow.actor.send({ type: 'mode.chosen', mode: 'redirect' });
    flow.actor.send({ type: 'pay.requested' });
    flow.actor.send({ type: 'confirm.accepted' });
    await flow.settle();
    expect(flow.view()).toMatchObject({ redirectUrl: 'https://pagos.example.mx/c/1', coolingDown: true });
    flow.clock.increment(1_999);
    expect(flow.view().coolingDown).toBe(true);
    flow.clock.increment(1);
    expect(flow.view().coolingDown).toBe(false);
  });

  it('a returned url that is not http(s) is never opened', async () => {
    const flow = start({ pay: async () => ({ kind: 'redirect', url: 'javascript:alert(1)', topUpId: null }) });
    flow.actor.send({ type: 'mode.chosen', mode: 'redirect' });
    flow.actor.send({ type: 'pay.requested' });
    flow.actor.send({ type: 'confirm.accepted' });
    await flow.settle();
    expect(flow.view().redirectUrl).toBeNull();
  });

  it('a payment reference needs no card or CVV and is shown when issued', async () => {
    const reference = { reference: 'VND-1', amount: 100, currency: 'MXN', expires_at: '2026-11-24T00:00:00Z' };
    const flow = start({ cards: [], pay: async () => ({ kind: 'reference', reference }) });
    flow.actor.send({ type: 'mode.chosen', mode: 'reference' });
    flow.actor.send({ type: 'pay.requested' });
    flow.actor.send({ type: 'confirm.accepted' });
    await flow.settle();
    expect(flow.view().reference).toEqual(reference);
  });
});

describe('what a payment changes outside the form (issue 34 point 1)', () => {
  it('a charged card tells the session to read the member again, once', async () => {
    const flow = start();

    await payWithCvv(flow);

    expect(flow.told).toEqual([{ type: 'member.refresh' }]);
  });

  it('a refused payment tells the session nothing', async () => {
    const flow = start({
      pay: () => Promise.reject(httpError(line, 422, { error: { message: 'Tarjeta rechazada' } }, null)),
    });

    await payWithCvv(flow);

    expect(flow.told).toEqual([]);
  });

  it("pay without saving leaves for the provider's checkout page it answered", async () => {
    const flow = start({ pay: async () => ({ kind: 'redirect', url: 'https://pay.test/1', topUpId: null }) });

    flow.actor.send({ type: 'mode.chosen', mode: 'redirect' });
    flow.actor.send({ type: 'pay.requested' });
    flow.actor.send({ type: 'confirm.accepted' });
    await flow.settle();

    expect(flow.left).toEqual(['https://pay.test/1']);
    expect(flow.told).toEqual([]);
  });
});
