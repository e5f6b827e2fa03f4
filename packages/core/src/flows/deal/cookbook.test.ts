import { type Deal, dealMachine, dealView, type FetchDealInput, type ProductServer } from '@vendo/core';
import { expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';

// A machine and a deal as the provider's API describes them (spec §3): only what the flow reads.
const machine: ProductServer = {
  ...{ id: 7, name: 'demo', status: 'online', banners: [], has_rfid: false, has_remote_rfid: false },
  ...{ payment_settings: { direct_payment: false }, settings: { automatic_delivery: false } },
  country: { currency_iso: 'MXN', iso: 'MX', minimun_top_up: 50 },
};
const deal: Deal = { id: 501, delivery_status: 1 };
const request = { product: null, saleType: 2 as const, anyProduct: true };
const newIdempotencyKey = () => crypto.randomUUID(); // a retry makes the deal again with a new key

it('follows a deal until the machine delivers it (spec §4 delivery_status 0 → /download)', async () => {
  let status = 1; // the machine is connecting
  const fetchDeal = fromPromise<Deal, FetchDealInput>(async () => ({ ...deal, delivery_status: status }));
  const clock = new SimulatedClock();
  const input = { machine, locale: 'en' as const, request, cardId: null, deal, error: null, newIdempotencyKey };
  const flow = createActor(dealMachine.provide({ actors: { fetchDeal } }), { clock, input }).start();

  status = 0; // the machine delivers
  clock.increment(1_000); // one polling interval: the flow reads the deal
  await new Promise((resolve) => setImmediate(resolve)); // the fake answers

  expect(dealView(flow.getSnapshot()).screen).toBe('download');
});
