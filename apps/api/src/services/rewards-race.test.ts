import { bonusCents, earnsStamp } from '@vendo/core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../testing/harness.ts';
import { key, priced, purchase, type RewardsWorld, rewardsWorld, savedCard } from '../testing/rewards.ts';
import { buy } from '../testing/shop.ts';

/*
 * Issue 36 point 2, on PGlite and PostgreSQL: 10 members each send 2 purchases and 1 top-up at the same moment.
 * The one-purchase-at-a-time rule refuses some; whatever was made, the ledger's stamps, rewards and bonus equal
 * exactly what the delivered purchases and credited top-ups earn, computed here from the deals and top-ups rows
 * with the contract's rules, and own balances equal seed + top-ups − own charges. A crash between a movement and
 * what it earns cannot split them: each is booked in the transaction of the settlement or credit that earns it.
 */
let world: RewardsWorld;
beforeAll(async () => {
  world = await rewardsWorld(await startTestServer());
});
afterAll(() => world.t.close());

const members = 10;
/** Exactly the 7 stamps' purchases: the race's purchases load their price by card (direct payment at premios2). */
const seedPesos = 7 * 19;
/** Stamps each member has before the race: one more makes a full card. */
const stampsBefore = 7;
const card = { needed: 8, minPrice: 15 };
const tiers = [
  { from: 200, percent: 5 },
  { from: 500, percent: 10 },
];

type Who = { id: number; token: string };
const db = () => world.t.server.deps.db;

async function ledgerSum(who: Who, pocket: 'own' | 'bonus' | 'stamps' | 'rewards') {
  const rows = await db()
    .selectFrom('ledger_entries')
    .select('amount_cents')
    .where('member_id', '=', who.id)
    .where('pocket', '=', pocket)
    .execute();
  return rows.reduce((sum, row) => sum + Number(row.amount_cents), 0);
}

/** What the member's rows say they earned and paid, by the contract's rules alone. */
async function expected(who: Who) {
  const deals = await db()
    .selectFrom('deals')
    .select([
      'price_cents',
      'charged_cents',
      'bonus_charged_cents',
      'delivery_status',
      'settled_at',
      'reward_program_id',
    ])
    .where('member_id', '=', who.id)
    .execute();
  const topUps = await db()
    .selectFrom('top_ups')
    .select(['amount_cents', 'machine_id', 'status'])
    .where('member_id', '=', who.id)
    .execute();
  const delivered = deals.filter((deal) => deal.settled_at !== null && deal.delivery_status === 0);
  const stamps = delivered.filter(
    (deal) => deal.reward_program_id === null && earnsStamp({ min_price: card.minPrice }, deal.charged_cents, 'MXN'),
  ).length;
  const paid = topUps.filter((topUp) => topUp.status === 'paid');
  const granted = paid
    .filter((topUp) => topUp.machine_id === world.premios || topUp.machine_id === world.premios2)
    .reduce((sum, topUp) => sum + bonusCents(tiers, topUp.amount_cents, 'MXN'), 0);
  const bonusSpent = deals.reduce((sum, deal) => sum + deal.bonus_charged_cents, 0);
  const ownCharged = deals.reduce((sum, deal) => sum + deal.charged_cents - deal.bonus_charged_cents, 0);
  return {
    stamps,
    rewards: Math.floor(stamps / card.needed),
    bonus: granted - bonusSpent,
    own: seedPesos * 100 + paid.reduce((sum, topUp) => sum + topUp.amount_cents, 0) - ownCharged,
  };
}

describe('stamps, rewards and bonus under requests at the same moment (issue 36 point 2)', () => {
  it('equal exactly what the delivered purchases and credited top-ups earn', { timeout: 120_000 }, async () => {
    const crowd: { who: Who; cardId: number }[] = [];
    for (let n = 0; n < members; n++) {
      const who = await world.t.member(`+52553900${String(n).padStart(4, '0')}`, seedPesos);
      crowd.push({ who, cardId: await savedCard(world, who) });
      for (let s = 0; s < stampsBefore; s++) await purchase(world, who, 19);
    }
    const [cafe, sandwich] = [priced(world, 32).user_code, priced(world, 45).user_code];

    // Started together: each member's two purchases, each loading its price by card while it holds the member's
    // buy lock (the provider answers slowly), and one top-up (by card, for premios: +10 % on 500).
    await world.t.dev('/provider', { answer_delay_ms: 300 });
    const answers = await Promise.all(
      crowd.flatMap(({ who, cardId }) => {
        const api = world.t.api(who.token);
        return [
          api.deals.create(world.premios2, buy(cafe, { credit_card_id: cardId }), { idempotencyKey: key() }),
          api.deals.create(world.premios2, buy(sandwich, { credit_card_id: cardId }), { idempotencyKey: key() }),
          api.topUps.create(
            who.id,
            {
              credit_card_id: cardId,
              amount: 500,
              currency: 'MXN',
              cvv: '123',
              update_cvv: false,
              with_redirect: false,
              product_server_id: world.premios,
            },
            { idempotencyKey: key() },
          ),
        ];
      }),
    );
    await world.t.dev('/provider', { answer_delay_ms: 0 });
    world.t.clock.advance(10_000);
    for (const { who } of crowd) await world.t.api(who.token).deals.list(who.id);

    const refusals = answers.flatMap((answer) => (answer.ok ? [] : [answer.error.error_code]));
    expect(refusals).toContain('purchase_in_progress');
    expect(refusals.every((code) => code === 'purchase_in_progress' || code === 'insufficient_balance')).toBe(true);
    const unsettled = await db().selectFrom('deals').select('id').where('settled_at', 'is', null).execute();
    expect(unsettled).toEqual([]);
    const totals = { stamps: 0, rewards: 0, bonus: 0 };
    for (const { who } of crowd) {
      const ledger = {
        stamps: await ledgerSum(who, 'stamps'),
        rewards: await ledgerSum(who, 'rewards'),
        bonus: await ledgerSum(who, 'bonus'),
        own: await ledgerSum(who, 'own'),
      };
      expect(ledger).toEqual(await expected(who));
      for (const pocket of ['stamps', 'rewards', 'bonus'] as const) totals[pocket] += ledger[pocket];
    }
    // The race earned something of each: full cards, and bonus on the top-ups credited.
    expect(totals.rewards).toBeGreaterThan(0);
    expect(totals.bonus).toBeGreaterThan(0);
    expect(totals.stamps).toBeGreaterThan(members * stampsBefore);
  });
});
