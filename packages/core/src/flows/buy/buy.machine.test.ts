import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type SnapshotFrom, waitFor } from 'xstate';
import type { ApiError } from '../../api/api-error.ts';
import { apiErrorWith } from '../../api/api-error-with.ts';
import { STILL_WORKING_RESENDS } from '../../api/error-checks.ts';
import { createApi } from '../../api/index.ts';
import { examples } from '../../contract/examples.ts';
import type { CreditCard, Deal } from '../../contract/index.ts';
import { numberedKeys } from '../../test-support/keys.ts';
import { json, scriptedFetch } from '../../test-support/scripted-fetch.ts';
import { buyActors } from './buy.actors.ts';
import { type BuyMachine, buyMachine } from './buy.machine.ts';
import type { Buyer, BuyRequest, CreateDealInput } from './buy.types.ts';
import { buyView } from './buy.view.ts';

const machine = examples.machine;
const water = { ...examples.product, price: 18.5, user_code: '12', upc: '750100' };
const card = examples.card;
const deal = examples.deal;
const sell: BuyRequest = { product: water, saleType: 2, anyProduct: false };

function start(
  buyer: Buyer | null,
  options: { directPayment?: boolean; offline?: boolean; create?: () => Promise<Deal> } = {},
) {
  const create = vi.fn(options.create ?? (async () => deal));
  const calls: CreateDealInput[] = [];
  const clock = new SimulatedClock();
  const actor = createActor(
    buyMachine.provide({
      actors: {
        createDeal: fromPromise(({ input }) => {
          calls.push(input);
          return create();
        }),
      },
    }),
    {
      input: {
        machine: {
          ...machine,
          status: options.offline ? 'offline' : machine.status,
          payment_settings: { direct_payment: options.directPayment ?? false },
        },
        buyer,
        locale: 'es',
        newIdempotencyKey: numberedKeys(),
      },
      clock,
    },
  ).start();
  return { actor, calls, clock, view: () => buyView(actor.getSnapshot()) };
}

const member = (balance: number, cards: CreditCard[] = []): Buyer => ({ id: 17, balance, cards });

describe('spec §4 buy flow', () => {
  it('opens the login modal for a visitor', () => {
    const flow = start(null);
    flow.actor.send({ type: 'buy.requested', request: sell });
    expect(flow.view().needsLogin).toBe(true);
    expect(flow.calls).toEqual([]);
  });

  it('creates the deal (origin web, locale, user_code, sale type) when the balance covers it', async () => {
    const flow = start(member(100));
    flow.actor.send({ type: 'buy.requested', request: sell });
    await waitFor(flow.actor, (snapshot) => snapshot.status === 'done');
    expect(flow.calls[0]?.body).toEqual({
      user_code: '12',
      sale_type_code: 2,
      origin: 'web',
      any_product: false,
      locale: 'es',
    });
    expect(flow.view().deal).toEqual(deal);
  });

  it('creates a free sample (sale type 3) with no balance and no card', async () => {
    const flow = start(member(0));
    flow.actor.send({ type: 'buy.requested', request: { ...sell, saleType: 3 } });
    await waitFor(flow.actor, (snapshot) => snapshot.status === 'done');
    expect(flow.calls[0]?.body.sale_type_code).toBe(3);
  });

  it('pays a service (sale type 4) with its upc', async () => {
    const flow = start(member(100));
    flow.actor.send({ type: 'buy.requested', request: { ...sell, saleType: 4 } });
    await waitFor(flow.actor, (snapshot) => snapshot.status === 'done');
    expect(flow.calls[0]?.body.user_code).toBe('750100');
  });

  it('starts an any-product deal for the machine keyboard', async () => {
    const flow = start(member(50));
    flow.actor.send({ type: 'buy.requested', request: { product: null, saleType: 2, anyProduct: true } });
    await waitFor(flow.actor, (snapshot) => snapshot.status === 'done');
    expect(flow.calls[0]?.body).toMatchObject({ any_product: true, user_code: 'any' });
  });

  it('opens the direct-payment modal with |balance − price| when the machine allows it', () => {
    const flow = start(member(10, [card]), { directPayment: true });
    flow.actor.send({ type: 'buy.requested', request: sell });
    expect(flow.view()).toMatchObject({ directPayment: true, amountToLoad: 8.5 });
  });

  it('sends the chosen card with a direct payment', async () => {
    const flow = start(member(10, [card]), { directPayment: true });
    flow.actor.send({ type: 'buy.requested', request: sell });
    flow.actor.send({ type: 'direct-payment.confirmed', cardId: card.id });
    await waitFor(flow.actor, (snapshot) => snapshot.status === 'done');
    expect(flow.calls[0]?.body.credit_card_id).toBe(card.id);
  });

  it('asks a member without cards and balance to add a card (the login modal, no cards step)', () => {
    const flow = start(member(0));
    flow.actor.send({ type: 'buy.requested', request: sell });
    expect(flow.view()).toMatchObject({ needsLogin: true, needsCard: true });
  });

  it('ends with the error when the deal is refused (next: /transaction-error)', async () => {
    const flow = start(member(100), { create: () => Promise.reject({ kind: 'http', status: 402 } as ApiError) });
    flow.actor.send({ type: 'buy.requested', request: sell });
    const done = await waitFor(flow.actor, (snapshot) => snapshot.status === 'done');
    expect(done.output).toEqual({ error: { kind: 'http', status: 402 } });
  });
});

describe('issue 36 point 1: a reward is used when the member chooses it, and bonus credit pays', () => {
  const rewarded: BuyRequest = { ...sell, reward: { programId: 4, pays: 0 } };

  it('names the chosen stamp card in the deal, with nothing to pay and no balance or card', async () => {
    const flow = start(member(0));

    flow.actor.send({ type: 'buy.requested', request: rewarded });
    await waitFor(flow.actor, (snapshot) => snapshot.status === 'done');

    expect(flow.calls[0]?.body).toMatchObject({ reward_program_id: 4, sale_type_code: 2 });
  });

  it('never names a reward the member did not choose', async () => {
    const flow = start(member(100));

    flow.actor.send({ type: 'buy.requested', request: sell });
    await waitFor(flow.actor, (snapshot) => snapshot.status === 'done');

    expect(flow.calls[0]?.body).not.toHaveProperty('reward_program_id');
  });

  it('asks the direct payment only for what balance and bonus credit together do not cover', async () => {
    const flow = start(member(10), { directPayment: true });

    flow.actor.send({ type: 'buy.requested', request: { ...sell, bonus: 8.5 } });
    await waitFor(flow.actor, (snapshot) => snapshot.status === 'done');

    expect(flow.calls).toHaveLength(1);
  });
});

describe('one member action, one deal (Idempotency-Key)', () => {
  it('ignores a second tap while the deal is being made', () => {
    const flow = start(member(100), { create: () => new Promise(() => {}) });
    flow.actor.send({ type: 'buy.requested', request: sell });
    flow.actor.send({ type: 'buy.requested', request: sell });
    expect(flow.calls).toHaveLength(1);
  });

  it('retries after no answer with the same key', async () => {
    let attempt = 0;
    const flow = start(member(100), {
      create: () =>
        ++attempt === 1 ? Promise.reject({ kind: 'timeout', status: null } as ApiError) : Promise.resolve(deal),
    });
    flow.actor.send({ type: 'buy.requested', request: sell });
    await waitFor(flow.actor, (snapshot) => snapshot.matches('unsent'));
    flow.actor.send({ type: 'buy.retried' });
    await waitFor(flow.actor, (snapshot) => snapshot.status === 'done');
    expect(flow.calls[1]?.idempotencyKey).toBe(flow.calls[0]?.idempotencyKey);
  });

  it('sends each new action with the next key the port gives (issue 34 point 4)', async () => {
    let attempt = 0;
    const flow = start(member(100), {
      create: () =>
        ++attempt === 1 ? Promise.reject({ kind: 'timeout', status: null } as ApiError) : Promise.resolve(deal),
    });
    flow.actor.send({ type: 'buy.requested', request: sell });
    await waitFor(flow.actor, (snapshot) => snapshot.matches('unsent'));
    flow.actor.send({ type: 'prompt.closed' });
    flow.actor.send({ type: 'buy.requested', request: sell });
    await waitFor(flow.actor, (snapshot) => snapshot.status === 'done');
    expect(flow.calls.map((call) => call.idempotencyKey)).toEqual(['key-1', 'key-2']);
  });
});

describe('issue 15 point 4: signing in from the buy modal carries on with the purchase asked for', () => {
  function visitorSigningIn(request: BuyRequest = sell, directPayment = false) {
    const flow = start(null, { directPayment });
    flow.actor.send({ type: 'buy.requested', request });
    flow.actor.send({ type: 'login.shown' });
    return flow;
  }

  it('makes the deal asked for once the visitor has signed in with enough balance', async () => {
    const flow = visitorSigningIn();

    flow.actor.send({ type: 'sign-in.completed', buyer: member(50) });

    await waitFor(flow.actor, (snapshot) => snapshot.matches('created'));
    expect(flow.calls.map((call) => call.body.user_code)).toEqual(['12']);
  });

  it('opens the direct-payment modal when the new member balance does not cover it', () => {
    const flow = visitorSigningIn(sell, true);

    flow.actor.send({ type: 'sign-in.completed', buyer: member(5, [card]) });

    expect(flow.view().directPayment).toBe(true);
  });

  it('shows the no-cards step to a member who cannot pay it', () => {
    const flow = visitorSigningIn();

    flow.actor.send({ type: 'sign-in.completed', buyer: member(0) });

    expect(flow.view()).toMatchObject({ needsLogin: true, needsCard: true });
  });

  it('makes the request resumed on a new screen by the member the visitor became', async () => {
    const flow = start(null);

    flow.actor.send({ type: 'buy.resumed', request: sell, buyer: member(50) });

    await waitFor(flow.actor, (snapshot) => snapshot.matches('created'));
    expect(flow.calls.map((call) => call.body.sale_type_code)).toEqual([2]);
  });

  it('drops the request when the login modal is closed without signing in', () => {
    const flow = visitorSigningIn();

    flow.actor.send({ type: 'prompt.closed' });
    flow.actor.send({ type: 'sign-in.completed', buyer: member(50) });

    expect([flow.actor.getSnapshot().value, flow.calls]).toEqual(['idle', []]);
  });
});

describe('issue 32 point 6: an offline machine cannot sell; the warning before a purchase offers the way back', () => {
  it('warns and makes no deal', () => {
    const flow = start(member(50), { offline: true });

    flow.actor.send({ type: 'buy.requested', request: sell });

    expect([flow.view().offlineWarning, flow.calls]).toEqual([true, []]);
  });

  it('offers no way on to the purchase: going back is all the warning takes', () => {
    const flow = start(member(50), { offline: true });
    flow.actor.send({ type: 'buy.requested', request: sell });

    const accepted = ['offline.back', 'offline.continued'].filter((type) =>
      flow.actor.getSnapshot().can({ type } as Parameters<typeof flow.actor.send>[0]),
    );

    expect(accepted).toEqual(['offline.back']);
  });

  it('drops the request when the member goes back', () => {
    const flow = start(member(50), { offline: true });
    flow.actor.send({ type: 'buy.requested', request: sell });

    flow.actor.send({ type: 'offline.back' });

    expect([flow.actor.getSnapshot().value, flow.calls]).toEqual(['idle', []]);
  });

  it('warns again on the next purchase', () => {
    const flow = start(member(50), { offline: true, create: () => new Promise(() => {}) });
    flow.actor.send({ type: 'buy.requested', request: sell });
    flow.actor.send({ type: 'offline.back' });

    flow.actor.send({ type: 'buy.requested', request: sell });

    expect(flow.view().offlineWarning).toBe(true);
  });

  it('does not warn on a machine online', () => {
    const flow = start(member(50), { create: () => new Promise(() => {}) });

    flow.actor.send({ type: 'buy.requested', request: sell });

    expect(flow.view()).toMatchObject({ offlineWarning: false, creating: true });
  });
});

describe('spec §4 buy flow: a 409 with Retry-After means the first request with this key is still running', () => {
  const stillRunning = (retryAfter: number | null) =>
    apiErrorWith({
      status: 409,
      path: '/product_servers/1/deals',
      error_code: 'idempotency_in_progress',
      retry_after: retryAfter,
    });
  /** Answers 409 with this Retry-After the first `times` times, then the deal. */
  const busyFor = (times: number, retryAfter: number | null) => {
    let attempt = 0;
    return () => (++attempt <= times ? Promise.reject(stillRunning(retryAfter)) : Promise.resolve(deal));
  };
  const stillWorking = (snapshot: SnapshotFrom<BuyMachine>) => snapshot.matches({ creating: 'stillWorking' });

  it('keeps the member on the spinner', async () => {
    const flow = start(member(100), { create: busyFor(1, 3) });
    flow.actor.send({ type: 'buy.requested', request: sell });
    await waitFor(flow.actor, stillWorking);
    expect(flow.view()).toMatchObject({ creating: true, failed: null, unsent: false });
  });

  it('sends nothing again before Retry-After has passed', async () => {
    const flow = start(member(100), { create: busyFor(1, 3) });
    flow.actor.send({ type: 'buy.requested', request: sell });
    await waitFor(flow.actor, stillWorking);
    flow.clock.increment(2_999);
    expect(flow.calls).toHaveLength(1);
  });

  it('sends the same request with the same key once Retry-After has passed', async () => {
    const flow = start(member(100), { create: busyFor(1, 3) });
    flow.actor.send({ type: 'buy.requested', request: sell });
    await waitFor(flow.actor, stillWorking);
    flow.clock.increment(3_000);
    await waitFor(flow.actor, (snapshot) => snapshot.status === 'done');
    expect(flow.calls).toEqual([flow.calls[0], flow.calls[0]]);
    expect(flow.view().deal).toEqual(deal);
  });

  it('waits at most 10 s, whatever Retry-After asks', async () => {
    const flow = start(member(100), { create: busyFor(1, 3_600) });
    flow.actor.send({ type: 'buy.requested', request: sell });
    await waitFor(flow.actor, stillWorking);
    flow.clock.increment(10_000);
    expect(flow.calls).toHaveLength(2);
  });

  it('stays a refusal without Retry-After (next: /transaction-error)', async () => {
    const flow = start(member(100), { create: busyFor(1, null) });
    flow.actor.send({ type: 'buy.requested', request: sell });
    const done = await waitFor(flow.actor, (snapshot) => snapshot.status === 'done');
    expect(done.output).toEqual({ error: stillRunning(null) });
  });

  it(`stops after ${STILL_WORKING_RESENDS} resends and offers to try again, still with the same key`, async () => {
    const flow = start(member(100), { create: busyFor(Number.POSITIVE_INFINITY, 1) });
    flow.actor.send({ type: 'buy.requested', request: sell });
    for (let resend = 0; resend < STILL_WORKING_RESENDS; resend++) {
      await waitFor(flow.actor, stillWorking);
      flow.clock.increment(1_000);
    }
    await waitFor(flow.actor, (snapshot) => snapshot.matches('unsent'));
    flow.actor.send({ type: 'buy.retried' });
    expect(flow.calls).toHaveLength(STILL_WORKING_RESENDS + 2);
    expect(new Set(flow.calls.map((call) => call.idempotencyKey)).size).toBe(1);
  });
});

describe("spec §4 buy flow: another purchase holding the member's lock is waited for (issue 32 point 9)", () => {
  /** The real client and actors, against a server whose first answer is the API's 409 after a crash. */
  function afterACrash(retryAfter: string) {
    let attempt = 0;
    const server = scriptedFetch(() =>
      ++attempt === 1
        ? json(
            {
              error: {
                error_code: 'purchase_in_progress',
                message: 'Ya hay una compra en curso',
                description: 'Espera a que termine antes de comprar otra cosa.',
              },
            },
            409,
            { 'Retry-After': retryAfter },
          )
        : json({ deal }, 201),
    );
    const api = createApi({ baseUrl: 'https://vendo.test/api/', getToken: () => 't', fetch: server.fetch });
    const clock = new SimulatedClock();
    const actor = createActor(buyMachine.provide({ actors: buyActors({ api }) }), {
      input: { machine, buyer: member(100), locale: 'es', newIdempotencyKey: numberedKeys() },
      clock,
    }).start();
    return { actor, clock, requests: server.requests };
  }

  it('keeps the spinner until Retry-After, then sends the same buy with the same key and gets the deal', async () => {
    const flow = afterACrash('7');
    flow.actor.send({ type: 'buy.requested', request: sell });
    await waitFor(flow.actor, (snapshot) => snapshot.matches({ creating: 'stillWorking' }));

    flow.clock.increment(6_999);
    expect(flow.requests).toHaveLength(1);
    flow.clock.increment(1);
    const done = await waitFor(flow.actor, (snapshot) => snapshot.status === 'done');

    expect(done.output).toEqual({ deal });
    const keys = flow.requests.map((request) => request.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });
});
