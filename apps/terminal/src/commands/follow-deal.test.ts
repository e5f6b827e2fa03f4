import { PassThrough } from 'node:stream';
import {
  createApi,
  type DealInput,
  dealActors,
  dealMachine,
  deliveryStatus,
  POLL_INTERVAL_MS,
  randomIdempotencyKey,
  type StoragePort,
} from '@vendo/core';
import { callExamples } from '@vendo/core/contract/examples';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { textsFor } from '../messages/index.ts';
import { Output } from '../platform/output.ts';
import type { Progress } from '../platform/progress.ts';
import { type CommandContext, exitCodes } from './context.ts';
import { followDeal } from './follow-deal.ts';
import { createSession } from './session.ts';

const machine = callExamples.getMachine.response.good.product_server;
const product = callExamples.getProduct.response.good.product_server_item;
const dealWith = (status: number) => ({ ...callExamples.getDeal.response.good.deal, delivery_status: status });
const nothingStored: StoragePort = { read: () => null, write: () => {}, remove: () => {} };

/** A server whose every deal reading answers this status; it counts the readings. */
function serverAnswering(status: number) {
  const server = { readings: 0 };
  const fetch: typeof globalThis.fetch = async () => {
    server.readings++;
    return Response.json({ deal: dealWith(status) });
  };
  const api = createApi({ baseUrl: 'http://vendo.test/api/', getToken: () => 'tok-1', fetch });
  return { server, api };
}

/** A command's context on this client, printing nowhere anyone reads. */
function commandOn(api: ReturnType<typeof createApi>): CommandContext {
  return {
    api,
    apiFor: () => api,
    address: 'http://vendo.test',
    storage: nothingStored,
    locale: 'es',
    texts: textsFor('es'),
    out: new Output({ stdout: new PassThrough(), stderr: new PassThrough() }, false, false),
    prompter: { interactive: false, text: async () => null, confirm: async () => null, close() {} },
  };
}

/** A status line that keeps what it was told, each status once in a row (as in a pipe). */
function recordedProgress() {
  const said: string[] = [];
  const progress: Progress = {
    show: (text) => {
      if (said.at(-1) !== text) said.push(text);
    },
    end: (headline) => said.push(headline),
  };
  return { said, progress };
}

const connectingDeal: DealInput = {
  machine,
  locale: 'es',
  request: { product, saleType: 2, anyProduct: false },
  cardId: null,
  deal: dealWith(deliveryStatus.connecting),
  error: null,
  newIdempotencyKey: randomIdempotencyKey,
};

/** The deal flow over the command's API, as `vendo buy` hands it to the buy flow. */
const dealFlow = (context: CommandContext) => dealMachine.provide({ actors: dealActors({ api: context.api }) });

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('vendo buy follows the deal the session holds (issue 34 point 1)', () => {
  it('the deal followed to the tray is the one the session started and holds', async () => {
    const { server, api } = serverAnswering(deliveryStatus.delivered);
    const context = commandOn(api);
    const session = createSession(context).start();
    const { said, progress } = recordedProgress();

    session.send({ type: 'deal.started', logic: dealFlow(context), input: connectingDeal });
    const following = followDeal(context, session, progress);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    const code = await following;

    expect(code).toBe(exitCodes.ok);
    expect(said).toEqual([
      `Conectando con @${machine.name}…`,
      `¡Disfruta tu compra! Toma ${callExamples.getDeal.response.good.deal.product?.name} de la bandeja de la máquina.`,
    ]);
    expect(server.readings).toBe(1);
    const held = session.getSnapshot().context.deal?.getSnapshot();
    expect(held?.status).toBe('done');
    expect(held?.value).toBe('download');
    session.stop();
  });

  it('a deal on its way stops with the session: no reading after the command ends', async () => {
    const { server, api } = serverAnswering(deliveryStatus.connecting);
    const context = commandOn(api);
    const session = createSession(context).start();
    session.send({ type: 'deal.started', logic: dealFlow(context), input: connectingDeal });
    const following = followDeal(context, session, recordedProgress().progress);
    following.catch(() => {});
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    const readingsBefore = server.readings;

    session.stop();
    await vi.advanceTimersByTimeAsync(5 * POLL_INTERVAL_MS);

    expect(readingsBefore).toBe(1);
    expect(server.readings).toBe(1);
  });
});
