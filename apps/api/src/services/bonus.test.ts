import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../testing/harness.ts';
import {
  key,
  moneyOf,
  purchase,
  type RewardsWorld,
  rewardsOf,
  rewardsWorld,
  savedCard,
  topUpByCard,
} from '../testing/rewards.ts';
import { buy, itemsOf } from '../testing/shop.ts';

// Issue 36 points 1 and 2: the seeded "Bono de recarga" at Café Premia (+5 % from 200, +10 % from 500, 90 days).
let world: RewardsWorld;
beforeAll(async () => {
  world = await rewardsWorld(await startTestServer());
});
afterAll(() => world.t.close());

let phones = 5537000000;
const member = (balance?: number) => world.t.member(`+52${phones++}`, balance);
type Who = { id: number; token: string };

const bonusEntries = (who: Who) =>
  world.t.server.deps.db
    .selectFrom('ledger_entries')
    .select(['kind', 'amount_cents', 'expires_at', 'lot_id'])
    .where('member_id', '=', who.id)
    .where('pocket', '=', 'bonus')
    .orderBy('id')
    .execute();

describe('bonus credit on credited top-ups (issue 36 point 1)', () => {
  it.each([
    [150, 0],
    [200, 10],
    [499, 24.95],
    [500, 50],
    [1_000, 100],
  ])('a card top-up of %d for premios earns %d of bonus, apart from the balance', async (amount, bonus) => {
    const who = await member();
    const card = await savedCard(world, who);

    const topUp = await topUpByCard(world, who, card, amount, world.premios);

    expect(topUp?.bonus).toBe(bonus);
    expect(await moneyOf(world, who)).toEqual({ own: amount, bonus });
  });

  it("earns none on a top-up that names no machine, nor on one for another operator's machine", async () => {
    const who = await member();
    const card = await savedCard(world, who);

    const bare = await topUpByCard(world, who, card, 500);
    const atDemo = await topUpByCard(world, who, card, 500, world.demo);

    expect([bare?.bonus, atDemo?.bonus]).toEqual([0, 0]);
    expect(await bonusEntries(who)).toEqual([]);
  });

  it('earns it once a checkout-page top-up completes, however often the page is posted', async () => {
    const who = await member();
    const started = await world.t
      .api(who.token)
      .topUps.withRedirect(
        who.id,
        { amount: 500, currency: 'MXN', product_server_id: world.premios },
        { idempotencyKey: key() },
      );
    const url = started.ok ? started.value.url : '';

    await fetch(url, { method: 'POST', redirect: 'manual' });
    await fetch(url, { method: 'POST', redirect: 'manual' });

    expect(await moneyOf(world, who)).toEqual({ own: 500, bonus: 50 });
  });

  it('earns it once a store reference is paid, valid 90 days from then', async () => {
    const who = await member();
    const started = await world.t
      .api(who.token)
      .topUps.byReference(
        who.id,
        { amount: 200, currency: 'MXN', product_server_id: world.premios2 },
        { idempotencyKey: key() },
      );
    const reference = started.ok ? started.value.payment_reference.reference.replace(/\s/g, '') : '';

    await world.t.dev(`/references/${reference}/pay`, {});
    const [grant] = await bonusEntries(who);

    expect(grant).toMatchObject({ kind: 'bonus', amount_cents: 1_000 });
    const days = ((grant?.expires_at?.getTime() ?? 0) - world.t.clock.now().getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(90);
    expect((await rewardsOf(world, who)).bonus).toMatchObject([
      { amount: 10, currency: 'MXN', operator_name: 'Café Premia' },
    ]);
  });
});

describe('spending bonus credit (issue 36 point 2)', () => {
  it('spends own money first and bonus credit for the rest: $25 with $20 own and $10 bonus leaves $5 bonus', async () => {
    const who = await member();
    await topUpByCard(world, who, await savedCard(world, who), 200, world.premios);
    for (let n = 0; n < 4; n++) await purchase(world, who, 45);

    const deal = await purchase(world, who, 25);

    expect(deal.rewards).toMatchObject({ bonus_paid: 5 });
    expect(deal.cash_paid).toBe(25);
    expect(await moneyOf(world, who)).toEqual({ own: 0, bonus: 5 });
  });

  it('refuses what own money and bonus together do not cover (insufficient_balance)', async () => {
    const who = await member();
    await topUpByCard(world, who, await savedCard(world, who), 200, world.premios);
    for (let n = 0; n < 4; n++) await purchase(world, who, 45);

    const refused = await world.t.api(who.token).deals.create(world.premios, buy('32'), { idempotencyKey: key() });

    expect(refused).toMatchObject({ ok: false, error: { status: 402, error_code: 'insufficient_balance' } });
    expect(await moneyOf(world, who)).toEqual({ own: 20, bonus: 10 });
  });

  it("is never spent at another operator's machine", async () => {
    const who = await member();
    await topUpByCard(world, who, await savedCard(world, who), 200, world.premios);
    const demoItems = await itemsOf(world.t, world.demo);
    const code = (name: string) => demoItems.find((item) => item.name === name)?.user_code ?? '';
    for (const name of ['Paraguas plegable compacto', 'Pañuelos desechables 10 piezas']) {
      const bought = await world.t.api(who.token).deals.create(world.demo, buy(code(name)), { idempotencyKey: key() });
      world.t.clock.advance(10_000);
      await world.t.api(who.token).deals.get(world.demo, bought.ok ? bought.value.deal.id : 0);
    }

    // $41 own and $10 of Café Premia's bonus: a $45 sándwich at demo is not covered.
    const sandwich = await world.t.api(who.token).deals.create(world.demo, buy(code('Sándwich de jamón y queso')), {
      idempotencyKey: key(),
    });

    expect(sandwich).toMatchObject({ ok: false, error: { error_code: 'insufficient_balance' } });
    expect(await moneyOf(world, who)).toEqual({ own: 41, bonus: 10 });
  });

  it('gives the reserved bonus back when the purchase is not delivered', async () => {
    const who = await member();
    await topUpByCard(world, who, await savedCard(world, who), 200, world.premios);
    for (let n = 0; n < 4; n++) await purchase(world, who, 45);
    await world.t.dev('/machines/premios/script', { deal_statuses: [{ status: 5, after_ms: 100 }], member_id: who.id });

    const created = await world.t.api(who.token).deals.create(world.premios, buy('35'), { idempotencyKey: key() });
    const reserved = await moneyOf(world, who);
    world.t.clock.advance(10_000);
    await world.t.api(who.token).deals.get(world.premios, created.ok ? created.value.deal.id : 0);

    expect(reserved.bonus).toBe(5);
    expect(await moneyOf(world, who)).toEqual({ own: 20, bonus: 10 });
  });

  it("pays a refund's bonus part back as bonus credit, never as own money", async () => {
    const who = await member();
    await topUpByCard(world, who, await savedCard(world, who), 200, world.premios);
    for (let n = 0; n < 4; n++) await purchase(world, who, 45);
    const deal = await purchase(world, who, 25);

    await world.t.api(who.token).deals.reportProblem(who.id, deal.id, { reason: 'not_delivered' });

    expect(await moneyOf(world, who)).toEqual({ own: 20, bonus: 10 });
    expect((await bonusEntries(who)).map((entry) => entry.kind)).toEqual(['bonus', 'bonus_spent', 'bonus_refund']);
  });
});

describe('where the member sees bonus credit and stamps (issue 36 point 3)', () => {
  it("lists the top-up's bonus on the statement and its receipt, and a purchase's bonus and stamp on its receipt", async () => {
    const who = await member();
    const topUp = await topUpByCard(world, who, await savedCard(world, who), 200, world.premios);
    for (let n = 0; n < 4; n++) await purchase(world, who, 45);
    const deal = await purchase(world, who, 25);
    const api = world.t.api(who.token);

    const statement = await api.statement.get(who.id);
    const topUpReceipt = await api.receipts.topUp(who.id, topUp?.id ?? 0);
    const dealReceipt = await api.receipts.deal(who.id, deal.id);

    const listed = statement.ok ? statement.value.entries.find((entry) => entry.kind === 'top_up') : undefined;
    expect(listed?.kind === 'top_up' && listed.top_up.bonus).toBe(10);
    expect(topUpReceipt.ok && topUpReceipt.value.receipt.rewards).toEqual({
      stamps: 0,
      reward_used: false,
      bonus_paid: 0,
      bonus_earned: 10,
    });
    expect(dealReceipt.ok && dealReceipt.value.receipt).toMatchObject({
      amount: 25,
      balance_after: 0,
      rewards: { stamps: 1, reward_used: false, bonus_paid: 5, bonus_earned: 0 },
    });
  });

  it("shows none of it where the machine's operator runs no program: demo's deals, receipts and balances", async () => {
    const who = await member(100);

    const bought = await world.t.api(who.token).deals.create(world.demo, buy('12'), { idempotencyKey: key() });
    world.t.clock.advance(10_000);
    const read = await world.t.api(who.token).deals.get(world.demo, bought.ok ? bought.value.deal.id : 0);
    const receipt = await world.t.api(who.token).receipts.deal(who.id, bought.ok ? bought.value.deal.id : 0);
    const balances = await world.t.api(who.token).balances.list(who.id);

    expect(read.ok && 'rewards' in read.value.deal).toBe(false);
    expect(receipt.ok && 'rewards' in receipt.value.receipt).toBe(false);
    expect(balances.ok && balances.value.balances.some((balance) => 'bonus' in balance)).toBe(false);
  });
});
