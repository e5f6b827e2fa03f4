import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { type ApiError, httpError, schemaError } from '../../api/api-error.ts';
import { STILL_WORKING_RESENDS } from '../../api/error-checks.ts';
import { transportError } from '../../api/transport-error.ts';
import { examples } from '../../contract/examples.ts';
import { type Deal, deliveryStatus, type ProductServer } from '../../contract/index.ts';
import { advance as advanceClock } from '../../test-support/clock.ts';
import { numberedKeys } from '../../test-support/keys.ts';
import { toldSession } from '../../test-support/told-session.ts';
import type { BuyRequest, CreateDealInput } from '../buy/buy.types.ts';
import { dealMachine } from './deal.machine.ts';
import type { DealInput } from './deal.types.ts';
import { dealView } from './deal.view.ts';

const baseMachine = examples.machine;
const water = { ...examples.product, user_code: '12' };
const sell: BuyRequest = { product: water, saleType: 2, anyProduct: false };
const line = { method: 'GET', path: '/product_servers/7/deals/501' };
const dealWith = (delivery_status: number, fields: Partial<Deal> = {}): Deal => ({
  ...examples.deal,
  id: 501,
  delivery_status,
  ...fields,
});

type Answer = Deal | ApiError;

/**
 * Runs the deal flow against a fake server whose deal status the test sets;
 * `answers` (when given) are served first, one per reading.
 */
function start(options: {
  input?: Partial<DealInput>;
  machine?: Partial<ProductServer>;
  status?: number;
  answers?: Answer[];
  create?: (input: CreateDealInput) => Promise<Deal>;
}) {
  const clock = new SimulatedClock();
  const server = { status: options.status ?? 1, readings: 0, created: [] as CreateDealInput[] };
  const answers = [...(options.answers ?? [])];
  const machine = { ...baseMachine, ...options.machine };
  const actor = createActor(
    dealMachine.provide({
      actors: {
        fetchDeal: fromPromise(async () => {
          server.readings++;
          const answer = answers.shift() ?? dealWith(server.status);
          if ('kind' in answer) throw answer;
          return answer;
        }),
        createDeal: fromPromise(async ({ input }: { input: CreateDealInput }) => {
          server.created.push(input);
          return options.create ? options.create(input) : dealWith(1, { id: 600 + server.created.length });
        }),
      },
    }),
    {
      clock,
      input: {
        ...{ machine, locale: 'es', request: sell, cardId: null, deal: dealWith(1), error: null },
        newIdempotencyKey: numberedKeys(),
        ...options.input,
      },
    },
  ).start();
  /** Moves the simulated clock on in 100 ms steps, letting each reading's promise settle. */
  const advance = (ms: number) => advanceClock(clock, ms);
  return { actor, server, advance, view: () => dealView(actor.getSnapshot()) };
}

describe('spec §4 deal delivery flow: polling', () => {
  it('starts on the connecting screen and reads the deal once a second', async () => {
    const flow = start({});
    await flow.advance(3_000);
    expect(flow.view().screen).toBe('connecting');
    expect(flow.server.readings).toBe(3);
  });

  it('stays on the screen while the status is the same as the previous reading', async () => {
    const flow = start({ status: 1 });
    await flow.advance(10_000);
    expect(flow.view().screen).toBe('connecting');
  });

  it('status 2 goes to the machine-ready screen', async () => {
    const flow = start({});
    flow.server.status = 2;
    await flow.advance(1_000);
    expect(flow.view().screen).toBe('machineReady');
  });

  it('status 2 goes to the automatic-delivery screen when the machine delivers by itself', async () => {
    const flow = start({ machine: { settings: { automatic_delivery: true } } });
    flow.server.status = 2;
    await flow.advance(1_000);
    expect(flow.view().screen).toBe('autoDelivery');
  });

  it('status 0 goes to the download screen and polling stops', async () => {
    const flow = start({});
    flow.server.status = 0;
    await flow.advance(1_000);
    const readings = flow.server.readings;
    await flow.advance(5_000);
    expect(flow.view()).toMatchObject({ screen: 'download', delivered: true });
    expect(flow.server.readings).toBe(readings);
  });

  it('status 0 with button text, image and link goes to the campaign download', async () => {
    const campaign = { cta_button_text: 'Ver', cta_image_url: '/media/c.svg', cta_url: 'https://vendo.mx/c' };
    const flow = start({ answers: [dealWith(0, campaign)] });
    await flow.advance(1_000);
    expect(flow.view().screen).toBe('downloadWithCampaign');
    expect(flow.view().campaign).toMatchObject({ buttonText: 'Ver', url: 'https://vendo.mx/c' });
  });

  it('status 0 with button text, image and text but no link also goes to the campaign download', async () => {
    const campaign = { cta_button_text: 'Ver', cta_image_url: '/media/c.svg', cta_text: '2x1 mañana' };
    const flow = start({ answers: [dealWith(0, campaign)] });
    await flow.advance(1_000);
    expect(flow.view().screen).toBe('downloadWithCampaign');
  });

  it('a campaign whose only link is javascript: is no campaign: plain download', async () => {
    const campaign = { cta_button_text: 'Ver', cta_image_url: '/media/c.svg', cta_url: 'javascript:alert(1)' };
    const flow = start({ answers: [dealWith(0, campaign)] });
    await flow.advance(1_000);
    expect(flow.view().screen).toBe('download');
  });

  it.each([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16])(
    'status %i goes to the connection-error screen with that status for the failed-deal text',
    async (status) => {
      const flow = start({});
      flow.server.status = status;
      await flow.advance(1_000);
      expect(flow.view().screen).toBe('connectionError');
      expect(flow.view().failure?.status).toBe(status);
    },
  );

  it.each([17, 99, -1])('an unknown status %i goes to the transaction-error screen', async (status) => {
    const flow = start({});
    flow.server.status = status;
    await flow.advance(1_000);
    expect(flow.view().screen).toBe('transactionError');
    expect(flow.view().error?.problem).toBe('unknownStatus');
  });

  it('stopping the flow (leaving the screen) stops polling', async () => {
    const flow = start({});
    await flow.advance(2_000);
    flow.actor.stop();
    await flow.advance(5_000);
    expect(flow.server.readings).toBe(2);
  });
});

describe('spec §4 deal delivery flow: timeouts', () => {
  it('connecting: still 1 after the connect timeout goes to connection error as a communication failure', async () => {
    const flow = start({ machine: { connect_to_machine_timeout: 5_000 } });
    await flow.advance(4_900);
    expect(flow.view().screen).toBe('connecting');
    await flow.advance(100);
    expect(flow.view()).toMatchObject({
      screen: 'connectionError',
      timedOut: true,
      failure: { status: 1, reason: 'communication' },
    });
  });

  it('connecting: the default connect timeout is 60000 ms', async () => {
    const flow = start({ machine: { connect_to_machine_timeout: null } });
    await flow.advance(59_900);
    expect(flow.view().screen).toBe('connecting');
    await flow.advance(100);
    expect(flow.view().screen).toBe('connectionError');
  });

  it('machine ready: still 2 after user-type timeout + 10 s goes to connection error as a user timeout', async () => {
    const flow = start({ machine: { user_type_timeout: 3 }, status: 2 });
    await flow.advance(1_000);
    expect(flow.view().screen).toBe('machineReady');
    await flow.advance(12_900);
    expect(flow.view().screen).toBe('machineReady');
    await flow.advance(100);
    expect(flow.view()).toMatchObject({ screen: 'connectionError', failure: { status: 2, reason: 'userTimeout' } });
  });

  it('no reading is made after a timeout ended the flow on the error screen', async () => {
    const flow = start({ machine: { connect_to_machine_timeout: 3_000 } });
    await flow.advance(3_000);
    const readings = flow.server.readings;
    await flow.advance(5_000);
    expect(flow.server.readings).toBe(readings);
  });
});

describe('spec §4 deal delivery flow: failures while polling', () => {
  it('retries transient network errors without losing the deal', async () => {
    const offline = transportError(line, 'network', 'offline');
    const flow = start({ answers: [offline, offline, offline, dealWith(0)] });
    await flow.advance(3_000);
    expect(flow.view()).toMatchObject({ screen: 'connecting', deal: { id: 501 } });
    await flow.advance(1_000);
    expect(flow.view().screen).toBe('download');
  });

  it('a 429 with Retry-After waits that long before the next reading', async () => {
    const busy = httpError(line, 429, { error: { message: 'Too many' } }, 5);
    const flow = start({ answers: [busy] });
    await flow.advance(1_000);
    expect(flow.server.readings).toBe(1);
    await flow.advance(4_900);
    expect(flow.server.readings).toBe(1);
    await flow.advance(100);
    expect(flow.server.readings).toBe(2);
  });

  it('a deal the API no longer finds ends on the transaction-error screen', async () => {
    const flow = start({ answers: [httpError(line, 404, {}, null)] });
    await flow.advance(1_000);
    expect(flow.view().screen).toBe('transactionError');
    expect(flow.view().error).toMatchObject({ problem: 'notFound', action: { kind: 'inventory' } });
  });

  it('a malformed deal body ends on the transaction-error screen', async () => {
    const malformed = schemaError(line, 200, [
      { code: 'invalid_type', expected: 'int', path: ['deal', 'delivery_status'], message: 'x', input: '1' },
    ] as never);
    const flow = start({ answers: [malformed] });
    await flow.advance(1_000);
    expect(flow.view().error?.problem).toBe('malformed');
  });
});

describe('spec §8 error screen in the deal flow', () => {
  const refused = (body: unknown) => httpError({ method: 'POST', path: '/product_servers/7/deals' }, 422, body, null);

  it('a deal that could not be made opens the transaction-error screen with the server words', () => {
    const flow = start({
      input: {
        deal: null,
        error: refused({ error: { error_code: -7, message: 'Máquina ocupada', description: 'Espera' } }),
      },
    });
    expect(flow.view()).toMatchObject({
      screen: 'transactionError',
      error: { title: 'Máquina ocupada', body: 'Espera', action: { kind: 'inventory' } },
    });
    expect(flow.view().canRetry).toBe(false);
  });

  it('code -11 with a redirect_url opens the campaign requirement', () => {
    const flow = start({
      input: { deal: null, error: refused({ error: { error_code: -11, redirect_url: 'https://vendo.mx/registro' } }) },
    });
    expect(flow.view()).toMatchObject({ screen: 'campaignRequirement', redirectUrl: 'https://vendo.mx/registro' });
  });

  it('code -100: retrying makes the deal again with a new Idempotency-Key and follows it', async () => {
    const flow = start({
      input: { deal: null, error: refused({ error: { error_code: -100, message: 'Reintenta' } }) },
    });
    flow.actor.send({ type: 'deal.retried' });
    await flow.advance(100);
    expect(flow.server.created).toHaveLength(1);
    expect(flow.server.created[0]?.body).toMatchObject({ user_code: '12', sale_type_code: 2, origin: 'web' });
    expect(flow.view()).toMatchObject({ screen: 'connecting', deal: { id: 601 } });
  });

  it('the failed-deal retry makes a new deal; a second tap while it is being made sends nothing more', async () => {
    const flow = start({});
    flow.server.status = 12;
    await flow.advance(1_000);
    flow.actor.send({ type: 'deal.retried' });
    flow.actor.send({ type: 'deal.retried' });
    await flow.advance(100);
    expect(flow.server.created).toHaveLength(1);
  });

  it('a retry that got no answer is tried again with the same Idempotency-Key', async () => {
    let attempt = 0;
    const flow = start({
      status: 5,
      create: async () => {
        attempt++;
        if (attempt === 1) throw transportError({ method: 'POST', path: '/deals' }, 'timeout', 'slow');
        return dealWith(1, { id: 700 });
      },
    });
    await flow.advance(1_000);
    flow.actor.send({ type: 'deal.retried' });
    await flow.advance(100);
    expect(flow.view().screen).toBe('transactionError');
    flow.actor.send({ type: 'deal.retried' });
    await flow.advance(100);
    const [first, second] = flow.server.created;
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
    expect(flow.view().deal?.id).toBe(700);
  });

  it('two separate retries after answers use the next two keys the port gives (issue 34 point 4)', async () => {
    const flow = start({ status: 5 });
    await flow.advance(1_000);
    flow.actor.send({ type: 'deal.retried' });
    await flow.advance(100);
    flow.server.status = 5;
    await flow.advance(1_000);
    flow.actor.send({ type: 'deal.retried' });
    await flow.advance(100);
    expect(flow.server.created.map((call) => call.idempotencyKey)).toEqual(['key-1', 'key-2']);
  });
});

describe('spec §4 deal retry: a 409 with Retry-After means the first request with this key is still running', () => {
  const stillRunning = (retryAfter: number | null) =>
    httpError({ method: 'POST', path: '/product_servers/7/deals' }, 409, { error: {} }, retryAfter);
  /** A failed deal whose retry answers 409 with this Retry-After the first `times` times, then makes the deal. */
  async function retryAnswering(times: number, retryAfter: number | null) {
    let attempt = 0;
    const flow = start({
      status: 5,
      create: async () => {
        if (++attempt <= times) throw stillRunning(retryAfter);
        return dealWith(1, { id: 700 });
      },
    });
    await flow.advance(1_000);
    flow.actor.send({ type: 'deal.retried' });
    await flow.advance(100);
    return flow;
  }

  it('stays on the creating screen', async () => {
    const flow = await retryAnswering(1, 3);
    expect(flow.view().screen).toBe('creating');
  });

  it('sends nothing again before Retry-After has passed', async () => {
    const flow = await retryAnswering(1, 3);
    await flow.advance(2_800);
    expect(flow.server.created).toHaveLength(1);
  });

  it('sends the same request with the same key once Retry-After has passed, and follows the deal', async () => {
    const flow = await retryAnswering(1, 3);
    await flow.advance(3_000);
    expect(flow.server.created).toEqual([flow.server.created[0], flow.server.created[0]]);
    expect(flow.view()).toMatchObject({ screen: 'connecting', deal: { id: 700 } });
  });

  it('waits at most 10 s, whatever Retry-After asks', async () => {
    const flow = await retryAnswering(1, 900);
    await flow.advance(10_000);
    expect(flow.server.created).toHaveLength(2);
  });

  it('stays a refusal without Retry-After: the transaction-error screen', async () => {
    const flow = await retryAnswering(1, null);
    expect(flow.view().screen).toBe('transactionError');
  });

  it(`stops after ${STILL_WORKING_RESENDS} resends; retrying again keeps the same key`, async () => {
    const flow = await retryAnswering(Number.POSITIVE_INFINITY, 1);
    await flow.advance(STILL_WORKING_RESENDS * 1_000);
    expect(flow.view().screen).toBe('transactionError');
    flow.actor.send({ type: 'deal.retried' });
    await flow.advance(100);
    expect(flow.server.created).toHaveLength(STILL_WORKING_RESENDS + 2);
    expect(new Set(flow.server.created.map((call) => call.idempotencyKey)).size).toBe(1);
  });
});

describe('spec §4 machine-ready screen', () => {
  it('a product sale shows the selection number to type', async () => {
    const flow = start({ status: 2, answers: [dealWith(2, { user_code: '12' })] });
    await flow.advance(1_000);
    expect(flow.view()).toMatchObject({ screen: 'machineReady', choosesOnMachine: false, selection: '12' });
  });

  it('a balance sale for any product asks for a selection on the machine', async () => {
    const flow = start({ status: 2, input: { request: { product: null, saleType: 2, anyProduct: true } } });
    await flow.advance(1_000);
    expect(flow.view()).toMatchObject({ screen: 'machineReady', choosesOnMachine: true });
  });
});

describe('a deal that ends has its session read the member again (spec §4: the balance follows the deal)', () => {
  it.each([
    ['delivered', deliveryStatus.delivered, 'download'],
    ['failed at the machine', deliveryStatus.firstFailure, 'connectionError'],
  ] as const)('%s: the session is told once', async (_, status, screen) => {
    const { session, told } = toldSession();
    const flow = start({ input: { session }, status: 1 });

    flow.server.status = status;
    await flow.advance(1_000);

    expect(flow.view().screen).toBe(screen);
    expect(told).toEqual([{ type: 'member.refresh' }]);
  });

  it('tells the session nothing while the deal is on its way', async () => {
    const { session, told } = toldSession();
    const flow = start({ input: { session }, status: 1 });

    await flow.advance(3_000);

    expect(flow.view().screen).toBe('connecting');
    expect(told).toEqual([]);
  });
});
