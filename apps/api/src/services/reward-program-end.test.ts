import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../testing/harness.ts';
import {
  devSend,
  key,
  moneyOf,
  purchase,
  type RewardsWorld,
  rewardsOf,
  rewardsWorld,
  savedCard,
  stampCard,
  topUpByCard,
} from '../testing/rewards.ts';
import { buy } from '../testing/shop.ts';

// Issue 36 point 1: bonus credit expires; an ended program earns nothing and keeps what was earned for a stated
// time. This file moves its server's clock by days and ends the seeded programs, so it has a server of its own.
let world: RewardsWorld;
beforeAll(async () => {
  world = await rewardsWorld(await startTestServer());
});
afterAll(() => world.t.close());

let phones = 5538000000;
const member = (balance?: number) => world.t.member(`+52${phones++}`, balance);
type Who = { id: number; token: string };
const day = 86_400_000;

/** Changes one of the seeded programs by the dev control. */
async function change(name: string, body: object) {
  const { programs } = await rewardsOf(world, await member());
  const program = programs.find((each) => each.name === name);
  const changed = await devSend(world.t, 'PATCH', `/reward_programs/${program?.id}`, body);
  if (changed.status !== 200) throw new Error(await changed.text());
  return changed.json() as Promise<{ program: { kept_until: string | null; active: boolean } }>;
}

/** A member with $20 own and $10 of bonus (a 200 top-up, then four $45 purchases). */
async function withBonus(): Promise<Who> {
  const who = await member();
  await topUpByCard(world, who, await savedCard(world, who), 200, world.premios);
  for (let n = 0; n < 4; n++) await purchase(world, who, 45);
  return who;
}

/** A member with a full stamp card (8 × $19 at premios2) and $10 of bonus (a 200 top-up), $548 own left. */
async function withCard(): Promise<Who> {
  const who = await member(500);
  await topUpByCard(world, who, await savedCard(world, who), 200, world.premios);
  for (let n = 0; n < 8; n++) await purchase(world, who, 19, {}, world.premios2);
  return who;
}

describe('bonus credit expires (issue 36 point 1)', () => {
  it('is usable for its 90 days and not after: a purchase it would pay is then refused', async () => {
    const who = await withBonus();

    world.t.clock.advance(89 * day);
    const before = await moneyOf(world, who);
    world.t.clock.advance(2 * day);
    const refused = await world.t.api(who.token).deals.create(world.premios, buy('35'), { idempotencyKey: key() });

    expect(before).toEqual({ own: 20, bonus: 10 });
    expect(await moneyOf(world, who)).toEqual({ own: 20, bonus: 0 });
    expect(refused).toMatchObject({ ok: false, error: { error_code: 'insufficient_balance' } });
    expect((await rewardsOf(world, who)).bonus).toEqual([]);
  });
});

describe('a program that ends (issue 36 point 1)', () => {
  const kept: Record<string, Who> = {};

  it('keeps rewards and bonus usable until its end plus keep_days', async () => {
    const [early, late] = [await withCard(), await withCard()];
    const now = world.t.clock.now().getTime();
    const ends_at = new Date(now + 60_000).toISOString();
    const stamp = await change('Tarjeta de sellos', { ends_at, keep_days: 1 });
    await change('Bono de recarga', { ends_at, keep_days: 1 });

    world.t.clock.advance(2 * 60_000);
    const card = await stampCard(world, early);
    const free = await purchase(world, early, 25, { reward_program_id: card.id });
    const bonusSoon = await moneyOf(world, late);
    Object.assign(kept, { late });

    expect(stamp.program.kept_until).toBe(new Date(now + 60_000 + day).toISOString());
    expect(card).toMatchObject({ rewards: 1 });
    expect(free.cash_paid).toBe(0);
    expect(bonusSoon.bonus).toBe(10);
  });

  it('earns nothing after its end: no stamp for a purchase, no bonus for a top-up', async () => {
    const who = await member(100);

    const deal = await purchase(world, who, 19);
    const topUp = await topUpByCard(world, who, await savedCard(world, who), 500, world.premios);

    expect(deal.rewards).toEqual({ stamps: 0, reward_used: false, bonus_paid: 0 });
    expect(topUp?.bonus).toBe(0);
  });

  it('lets nothing be used after its end plus keep_days, and no longer lists it', async () => {
    const who = kept.late as Who;
    const card = await stampCard(world, who).catch(() => null);

    world.t.clock.advance(day);
    const refused = await world.t
      .api(who.token)
      .deals.create(world.premios, buy('35', { reward_program_id: card?.id ?? 0 }), { idempotencyKey: key() });

    expect(refused).toMatchObject({ ok: false, error: { error_code: 'reward_not_available' } });
    expect(await moneyOf(world, who)).toEqual({ own: 548, bonus: 0 });
    expect((await rewardsOf(world, who)).programs).toEqual([]);
  });
});
