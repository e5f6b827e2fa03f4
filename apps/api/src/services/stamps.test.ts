import { SaleType } from '@vendo/core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../testing/harness.ts';
import {
  key,
  moneyOf,
  priced,
  purchase,
  type RewardsWorld,
  rewardsWorld,
  settled,
  stampCard,
} from '../testing/rewards.ts';
import { buy } from '../testing/shop.ts';

// Issue 36 points 1 and 2: the seeded "Tarjeta de sellos" at Café Premia (8 stamps, from $15, reward up to $25).
let world: RewardsWorld;
beforeAll(async () => {
  world = await rewardsWorld(await startTestServer());
});
afterAll(() => world.t.close());

let phones = 5536000000;
const member = (balance = 1_000) => world.t.member(`+52${phones++}`, balance);
type Who = { id: number; token: string };

/** Fills the member's card with `count` purchases at $19. */
async function stamps(who: Who, count: number) {
  for (let n = 0; n < count; n++) await purchase(world, who, 19);
}

const ledgerOf = (who: Who, kinds: string[]) =>
  world.t.server.deps.db
    .selectFrom('ledger_entries')
    .select(['kind', 'amount_cents', 'card', 'pocket'])
    .where('member_id', '=', who.id)
    .where('kind', 'in', kinds as never[])
    .orderBy('id')
    .execute();

describe('earning stamps (issue 36 point 1)', () => {
  it('books a stamp for each delivered purchase of at least $15, in the deal and on the card', async () => {
    const who = await member();

    const deal = await purchase(world, who, 19);
    await purchase(world, who, 32);

    expect(deal.rewards).toEqual({ stamps: 1, reward_used: false, bonus_paid: 0 });
    expect(await stampCard(world, who)).toMatchObject({ stamps: 2, rewards: 0 });
  });

  it('books none for a purchase under the minimum price ($14 < $15)', async () => {
    const who = await member();

    const deal = await purchase(world, who, 14);

    expect(deal.rewards).toEqual({ stamps: 0, reward_used: false, bonus_paid: 0 });
    expect(await stampCard(world, who)).toMatchObject({ stamps: 0 });
  });

  it('books none for a keypad buy (any product)', async () => {
    const who = await member();
    const created = await world.t
      .api(who.token)
      .deals.create(world.premios, buy('any', { any_product: true }), { idempotencyKey: key() });

    await settled(world, who, created.ok ? created.value.deal.id : 0);

    expect(await stampCard(world, who)).toMatchObject({ stamps: 0 });
    expect(await ledgerOf(who, ['stamp'])).toEqual([]);
  });

  it('books none for a purchase the machine did not deliver (status 5): stamps are booked on delivery only', async () => {
    const who = await member();
    await world.t.dev('/machines/premios/script', { deal_statuses: [{ status: 5, after_ms: 100 }], member_id: who.id });

    const deal = await purchase(world, who, 19);

    expect(deal.delivery_status).toBe(5);
    expect(await stampCard(world, who)).toMatchObject({ stamps: 0 });
  });

  it("books a card's reward with its 8th stamp, and the 9th stamp starts card 2", async () => {
    const who = await member();

    await stamps(who, 8);
    const full = await stampCard(world, who);
    await stamps(who, 1);

    expect(full).toMatchObject({ stamps: 0, rewards: 1 });
    expect(await stampCard(world, who)).toMatchObject({ stamps: 1, rewards: 1 });
    expect((await ledgerOf(who, ['reward'])).map((entry) => [entry.card, entry.amount_cents])).toEqual([[1, 1]]);
    // Stamps are no money: the balance is 1,000 less the 9 purchases at $19.
    expect((await moneyOf(world, who)).own).toBe(1_000 - 9 * 19);
  });

  it('never earns twice for a replayed keyed purchase', async () => {
    const who = await member();
    const same = key();
    const body = buy(priced(world, 19).user_code);

    const first = await world.t.api(who.token).deals.create(world.premios, body, { idempotencyKey: same });
    await settled(world, who, first.ok ? first.value.deal.id : 0);
    const again = await world.t.api(who.token).deals.create(world.premios, body, { idempotencyKey: same });

    expect(again.ok && first.ok && again.value.deal.id === first.value.deal.id).toBe(true);
    expect(await ledgerOf(who, ['stamp'])).toHaveLength(1);
    expect((await moneyOf(world, who)).own).toBe(1_000 - 19);
  });
});

describe('using a reward (issue 36 point 1)', () => {
  it('makes a purchase up to the cap free: $25 costs nothing, and it earns no stamp', async () => {
    const who = await member();
    await stamps(who, 8);
    const card = await stampCard(world, who);

    const deal = await purchase(world, who, 25, { reward_program_id: card.id });

    expect(deal.cash_paid).toBe(0);
    expect(deal.rewards).toEqual({ stamps: 0, reward_used: true, bonus_paid: 0 });
    expect((await moneyOf(world, who)).own).toBe(1_000 - 8 * 19);
    expect(await stampCard(world, who)).toMatchObject({ stamps: 0, rewards: 0 });
  });

  it('charges the difference above the cap: $32 with a $25 cap costs $7', async () => {
    const who = await member();
    await stamps(who, 8);
    const card = await stampCard(world, who);

    const deal = await purchase(world, who, 32, { reward_program_id: card.id });

    expect(deal.cash_paid).toBe(7);
    expect((await moneyOf(world, who)).own).toBe(1_000 - 8 * 19 - 7);
  });

  it('gives the reward back when the free purchase is not delivered', async () => {
    const who = await member();
    await stamps(who, 8);
    const card = await stampCard(world, who);
    await world.t.dev('/machines/premios/script', { deal_statuses: [{ status: 5, after_ms: 100 }], member_id: who.id });

    const deal = await purchase(world, who, 25, { reward_program_id: card.id });

    expect(deal.delivery_status).toBe(5);
    expect(await stampCard(world, who)).toMatchObject({ rewards: 1 });
    expect((await ledgerOf(who, ['reward_used', 'reward_returned'])).map((entry) => entry.amount_cents)).toEqual([
      -1, 1,
    ]);
  });

  it('refuses a reward the member does not have with reward_not_available, es and en, holding nothing', async () => {
    const who = await member(100);
    const card = await stampCard(world, who);
    const body = buy(priced(world, 19).user_code, { reward_program_id: card.id });

    // One after the other: two at once would meet the one-purchase-at-a-time rule first.
    const es = await world.t.api(who.token, 'es').deals.create(world.premios, body, { idempotencyKey: key() });
    const en = await world.t.api(who.token, 'en').deals.create(world.premios, body, { idempotencyKey: key() });

    expect([es, en]).toMatchObject([
      {
        ok: false,
        error: { status: 422, error_code: 'reward_not_available', message: 'No tienes una recompensa para usar aquí' },
      },
      {
        ok: false,
        error: { status: 422, error_code: 'reward_not_available', message: 'You have no reward to use here' },
      },
    ]);
  });

  it('refuses a reward on a keypad buy or a sample with reward_not_allowed', async () => {
    const who = await member();
    await stamps(who, 8);
    const card = await stampCard(world, who);

    const keypad = await world.t
      .api(who.token)
      .deals.create(world.premios, buy('any', { any_product: true, reward_program_id: card.id }), {
        idempotencyKey: key(),
      });
    const sample = await world.t
      .api(who.token)
      .deals.create(
        world.premios,
        buy(priced(world, 19).user_code, { sale_type_code: SaleType.sample, reward_program_id: card.id }),
        {
          idempotencyKey: key(),
        },
      );

    expect(keypad).toMatchObject({ ok: false, error: { error_code: 'reward_not_allowed' } });
    // premios gives no samples: the product is refused before the reward is looked at.
    expect(sample.ok).toBe(false);
    expect(await stampCard(world, who)).toMatchObject({ rewards: 1 });
  });

  it("refuses a reward of the card at another operator's machine", async () => {
    const who = await member();
    await stamps(who, 8);
    const card = await stampCard(world, who);

    const atDemo = await world.t
      .api(who.token)
      .deals.create(world.demo, buy('12', { reward_program_id: card.id }), { idempotencyKey: key() });

    expect(atDemo).toMatchObject({ ok: false, error: { error_code: 'reward_not_available' } });
  });
});

describe('a refund takes a stamp back while its card is not redeemed (issue 36 point 2)', () => {
  const refund = (who: Who, dealId: number) =>
    world.t.api(who.token).deals.reportProblem(who.id, dealId, { reason: 'not_delivered' });

  it('takes back the stamp of a card still filling', async () => {
    const who = await member();
    const deal = await purchase(world, who, 19);

    await refund(who, deal.id);

    expect(await stampCard(world, who)).toMatchObject({ stamps: 0, rewards: 0 });
    expect((await moneyOf(world, who)).own).toBe(1_000);
  });

  it("withdraws a full card's reward with the stamp, and the next purchase fills the card again", async () => {
    const who = await member();
    await stamps(who, 7);
    const eighth = await purchase(world, who, 19);

    await refund(who, eighth.id);
    const withdrawn = await stampCard(world, who);
    await stamps(who, 1);

    expect(withdrawn).toMatchObject({ stamps: 7, rewards: 0 });
    expect(await stampCard(world, who)).toMatchObject({ stamps: 0, rewards: 1 });
  });

  it("keeps for review a refund of a stamp whose card's reward a purchase on its way holds: no money and reward both", async () => {
    const who = await member();
    await stamps(who, 7);
    const eighth = await purchase(world, who, 19);
    const card = await stampCard(world, who);
    await world.t.dev('/machines/premios/script', {
      deal_statuses: [{ status: 5, after_ms: 20_000 }],
      member_id: who.id,
    });
    const held = await world.t
      .api(who.token)
      .deals.create(world.premios, buy(priced(world, 25).user_code, { reward_program_id: card.id }), {
        idempotencyKey: key(),
      });

    const report = await refund(who, eighth.id);
    world.t.clock.advance(30_000);
    await world.t.api(who.token).deals.list(who.id);

    expect([held.ok, report.ok && report.value.problem_report.outcome]).toEqual([true, 'in_review']);
    expect(await stampCard(world, who)).toMatchObject({ stamps: 0, rewards: 1 });
    expect((await moneyOf(world, who)).own).toBe(1_000 - 8 * 19);
  });

  it("takes nothing back once the card's reward was used", async () => {
    const who = await member();
    await stamps(who, 7);
    const eighth = await purchase(world, who, 19);
    const card = await stampCard(world, who);
    await purchase(world, who, 25, { reward_program_id: card.id });

    await refund(who, eighth.id);

    expect(await ledgerOf(who, ['stamp_back', 'reward_withdrawn'])).toEqual([]);
    expect((await moneyOf(world, who)).own).toBe(1_000 - 7 * 19);
  });
});
