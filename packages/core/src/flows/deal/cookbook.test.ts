import { type Deal, dealMachine, dealView, type FetchDealInput } from '@vendo/core';
import { callExamples } from '@vendo/core/contract/examples';
import { expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';

const machine = callExamples.getMachine.response.good.product_server;
const deal = { ...callExamples.getDeal.response.good.deal, delivery_status: 1 };
const request = { product: null, saleType: 2 as const, anyProduct: true };

it('follows a deal until the machine delivers it (spec §4 delivery_status 0 → /download)', async () => {
  let status = 1; // the machine is connecting
  const fetchDeal = fromPromise<Deal, FetchDealInput>(async () => ({ ...deal, delivery_status: status }));
  const clock = new SimulatedClock();
  const input = { machine, locale: 'en' as const, request, cardId: null, deal, error: null };
  const flow = createActor(dealMachine.provide({ actors: { fetchDeal } }), { clock, input }).start();

  status = 0; // the machine delivers
  clock.increment(1_000); // one polling interval: the flow reads the deal
  await new Promise((resolve) => setImmediate(resolve)); // the fake answers

  expect(dealView(flow.getSnapshot()).screen).toBe('download');
});
