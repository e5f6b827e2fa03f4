import type { Deal } from '@vendo/core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reseed } from '../seed/seed.ts';
import { dealViewsCapacity } from '../server.ts';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { onPostgres, replicasNeedPostgres, startReplicas } from '../testing/replicas.ts';
import { buy, itemsOf, machineId } from '../testing/shop.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

/** A new member buys the named demo item and reads the deal once: the answer's deal. */
async function buysAndReads(server: TestServer, phone: string, itemName: string): Promise<Deal> {
  const demo = await machineId(server, 'demo');
  const item = (await itemsOf(server, demo)).find((entry) => entry.name === itemName);
  if (!item) throw new Error(itemName);
  const who = await server.member(phone, 100);
  const api = server.api(who.token);
  const created = await api.deals.create(demo, buy(item.user_code), { idempotencyKey: `k-${phone}` });
  if (!created.ok) throw new Error(created.error.kind);
  const read = await api.deals.get(demo, created.value.deal.id);
  if (!read.ok) throw new Error(read.error.kind);
  return read.value.deal;
}

describe('the deal cache of unchanging fields is bounded and safe across a reset (issue 16 point 1)', () => {
  it("keeps at most 50,000 deals' unchanging parts in one process, the oldest dropped first", () => {
    const cache = t.server.deps.dealViews;
    const view = {} as Deal;
    for (let index = 0; index <= dealViewsCapacity; index++) cache.set(`bound-${index}`, view);

    expect([dealViewsCapacity, cache.get('bound-0'), cache.get(`bound-${dealViewsCapacity}`)]).toEqual([
      50_000,
      undefined,
      view,
    ]);
    cache.clear();
  });

  it('never answers a new deal with the product of an earlier one that had its id before a reset through another process', async () => {
    await reseed(t.server.deps.db);
    const before = await buysAndReads(t, '+525512350001', 'Agua natural 600 ml');

    // A reset as another process makes it: this process's cache is not cleared, and deal ids start over.
    await reseed(t.server.deps.db);
    const after = await buysAndReads(t, '+525512350001', 'Agua mineral 600 ml');

    expect([after.id, after.product?.name]).toEqual([before.id, 'Agua mineral 600 ml']);
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

      expect([after.id, after.product?.name]).toEqual([before.id, 'Agua mineral 600 ml']);
    } finally {
      await close();
    }
  });
});
