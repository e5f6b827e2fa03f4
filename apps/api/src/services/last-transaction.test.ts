import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { buy, type Item, itemsOf, machineId } from '../testing/shop.ts';

let t: TestServer;
let demo: number;
let water: Item;

beforeAll(async () => {
  t = await startTestServer();
  demo = await machineId(t, 'demo');
  water = (await itemsOf(t, demo)).find((item) => item.name === 'Agua natural 600 ml')!;
});
afterAll(() => t.close());

let phones = 5531000000;

async function boughtWater() {
  const who = await t.member(`+52${phones++}`, 100);
  await t.dev('/machines/demo/script', { member_id: who.id, deal_statuses: [{ status: 0, after_ms: 0 }] });
  const created = await t.api(who.token).deals.create(demo, buy(water.user_code), { idempotencyKey: `w-${who.id}` });
  if (!created.ok) throw new Error(created.error.kind);
  t.clock.advance(1_000);
  await t.api(who.token).deals.get(demo, created.value.deal.id);
  return who;
}

describe("the profile's last transaction (spec §2 /profile; issue 15 point 17)", () => {
  it('names a purchase by its product and machine, in Spanish by default, never by the ledger word "deal"', async () => {
    const who = await boughtWater();

    const member = await t.api(who.token, 'es').members.get(who.id);

    expect(member.ok && member.value.community_member.last_transaction).toMatchObject({
      amount: -14,
      description: 'Agua natural 600 ml en demo',
    });
  });

  it('says it in English when the member reads English', async () => {
    const who = await boughtWater();

    const member = await t.api(who.token, 'en').members.get(who.id);

    expect(member.ok && member.value.community_member.last_transaction?.description).toBe(
      'Agua natural 600 ml at demo',
    );
  });

  it('is empty for a member whose only movement is the opening balance', async () => {
    const who = await t.member(`+52${phones++}`, 100);

    const member = await t.api(who.token).members.get(who.id);

    expect(member.ok && member.value.community_member.last_transaction).toBeNull();
  });
});
