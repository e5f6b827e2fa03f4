import type { Deal } from '@vendo/core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reseed } from '../seed/seed.ts';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { onPostgres, replicasNeedPostgres, startReplicas } from '../testing/replicas.ts';
import { buy, itemsOf, machineId } from '../testing/shop.ts';
import { type DealSnapshot, dealCacheCapacity } from './deal-cache.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

/** A new member buys the named demo item and reads the deal once; `read` reads it again as they would. */
async function buys(server: TestServer, phone: string, itemName: string) {
  const demo = await machineId(server, 'demo');
  const item = (await itemsOf(server, demo)).find((entry) => entry.name === itemName);
  if (!item) throw new Error(itemName);
  const who = await server.member(phone, 100);
  const api = server.api(who.token);
  const created = await api.deals.create(demo, buy(item.user_code), { idempotencyKey: `k-${phone}` });
  if (!created.ok) throw new Error(created.error.kind);
  const read = async (): Promise<Deal> => {
    const answer = await api.deals.get(demo, created.value.deal.id);
    if (!answer.ok) throw new Error(answer.error.kind);
    return answer.value.deal;
  };
  return { deal: await read(), read, demo };
}

const buysAndReads = async (server: TestServer, phone: string, itemName: string) =>
  (await buys(server, phone, itemName)).deal;

describe('a deal kept by one process is bounded, follows its timeline and is safe across a reset (issue 16 point 1)', () => {
  it('keeps at most 50,000 deals in one process, the oldest dropped first', () => {
    const cache = t.server.deps.deals;
    const snapshot = {} as DealSnapshot;
    for (let index = 0; index <= dealCacheCapacity; index++) cache.set(-1 - index, snapshot);

    expect([dealCacheCapacity, cache.get(-1), cache.get(-1 - dealCacheCapacity)]).toEqual([
      50_000,
      undefined,
      snapshot,
    ]);
    cache.clear();
  });

  it('answers a poll without reading the database while the timeline still gives the status it holds', async () => {
    const { deal, read } = await buys(t, '+525512350003', 'Agua natural 600 ml');
    // A change the timeline does not make: only a database read would see it.
    await t.server.deps.db.updateTable('deals').set({ user_code: 'changed' }).where('id', '=', deal.id).execute();

    const again = await read();

    expect(again.user_code).toBe(deal.user_code);
  });

  it('reads the deal again once its timeline moved on, and answers the delivery', async () => {
    const { deal, read } = await buys(t, '+525512350004', 'Agua natural 600 ml');

    t.clock.advance(60_000);
    const later = await read();

    expect([deal.delivery_status, later.delivery_status]).toEqual([1, 0]);
  });

  it("answers another member's id for a kept deal with 404, as the database would", async () => {
    const { deal, demo } = await buys(t, '+525512350005', 'Agua natural 600 ml');
    const stranger = await t.member('+525512350006', 0);

    const answer = await t.api(stranger.token).deals.get(demo, deal.id);

    expect(answer.ok ? 200 : answer.error.status).toBe(404);
  });

  it('never answers a new deal with an earlier one: a reset through another process keeps deal ids counting', async () => {
    await reseed(t.server.deps.db);
    const before = await buysAndReads(t, '+525512350001', 'Agua natural 600 ml');

    // A reset as another process makes it: member and machine ids start over, deal ids do not.
    await reseed(t.server.deps.db);
    const after = await buysAndReads(t, '+525512350001', 'Agua mineral 600 ml');

    expect([after.id > before.id, after.product?.name]).toEqual([true, 'Agua mineral 600 ml']);
  });

  it('with two processes on one PostgreSQL, a reset on A leaves no deal of before on B', {
    timeout: 60_000,
  }, async ({ skip }) => {
    skip(!onPostgres, replicasNeedPostgres);
    const { a, b, close } = await startReplicas();
    try {
      const before = await buysAndReads(b, '+525512350002', 'Agua natural 600 ml');

      expect((await a.dev('/reset', {})).status).toBe(200);
      const after = await buysAndReads(b, '+525512350002', 'Agua mineral 600 ml');

      expect([after.id > before.id, after.product?.name]).toEqual([true, 'Agua mineral 600 ml']);
    } finally {
      await close();
    }
  });
});
