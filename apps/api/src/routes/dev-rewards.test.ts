import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../testing/harness.ts';
import { devSend, purchase, type RewardsWorld, rewardsOf, rewardsWorld, stampCard } from '../testing/rewards.ts';

// Issue 36 point 1: reward programs are set through the dev control, and read through GET community_members/{id}/rewards.
let world: RewardsWorld;
beforeAll(async () => {
  world = await rewardsWorld(await startTestServer());
});
afterAll(() => world.t.close());

let phones = 5539500000;
const member = (balance = 500) => world.t.member(`+52${phones++}`, balance);

const stampCardBody = {
  operator: 'Café Premia',
  machine: 'premios2',
  name: 'Sellos de premios2',
  keep_days: 10,
  stamp_card: { stamps_needed: 2, min_price: 30, reward_cap: 40 },
};

describe('POST /__dev/reward_programs (issue 36 point 1)', () => {
  it("makes a program for one machine of an operator, in that machine's currency, running from now", async () => {
    const made = await world.t.dev('/reward_programs', stampCardBody);
    const { program } = (await made.json()) as { program: unknown };

    expect(made.status).toBe(201);
    expect(program).toMatchObject({
      kind: 'stamp_card',
      name: 'Sellos de premios2',
      operator_name: 'Café Premia',
      product_server_id: world.premios2,
      currency: 'MXN',
      ends_at: null,
      kept_until: null,
      active: true,
      stamp_card: { stamps_needed: 2, min_price: 30, reward_cap: 40, stamps: 0, rewards: 0 },
    });
  });

  it('makes a top-up bonus program with its tiers and validity', async () => {
    const made = await world.t.dev('/reward_programs', {
      operator: 'Café Premia',
      name: 'Bono grande',
      keep_days: 0,
      top_up_bonus: { tiers: [{ from: 1_000, percent: 15 }], valid_days: 30 },
    });

    expect(made.status).toBe(201);
    expect(((await made.json()) as { program: unknown }).program).toMatchObject({
      kind: 'top_up_bonus',
      product_server_id: null,
      top_up_bonus: { tiers: [{ from: 1_000, percent: 15 }], valid_days: 30 },
    });
  });

  it.each([
    [
      'terms outside the limits (1 stamp)',
      { ...stampCardBody, stamp_card: { ...stampCardBody.stamp_card, stamps_needed: 1 } },
      422,
    ],
    [
      'both kinds of terms',
      { ...stampCardBody, top_up_bonus: { tiers: [{ from: 1, percent: 1 }], valid_days: 1 } },
      422,
    ],
    ['an unknown operator', { ...stampCardBody, operator: 'Nadie' }, 404],
    ["another operator's machine", { ...stampCardBody, machine: 'demo' }, 422],
  ])('refuses %s, making nothing', async (_, body, status) => {
    const made = await world.t.dev('/reward_programs', body);

    expect(made.status).toBe(status);
  });
});

describe('PATCH /__dev/reward_programs/{id} (issue 36 point 1)', () => {
  it('changes its end, keep and terms, and the member reads them', async () => {
    const { program } = (await (
      await world.t.dev('/reward_programs', { ...stampCardBody, name: 'Para cambiar' })
    ).json()) as { program: { id: number } };
    const ends = new Date(world.t.clock.now().getTime() + 3_600_000).toISOString();

    const changed = await devSend(world.t, 'PATCH', `/reward_programs/${program.id}`, {
      ends_at: ends,
      keep_days: 7,
      stamp_card: { stamps_needed: 3, min_price: 20, reward_cap: 25 },
    });

    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { program: unknown }).program).toMatchObject({
      ends_at: ends,
      kept_until: new Date(Date.parse(ends) + 7 * 86_400_000).toISOString(),
      stamp_card: { stamps_needed: 3, min_price: 20, reward_cap: 25 },
    });
  });

  it('refuses a new card size once members hold stamps of the program, and still changes its prices', async () => {
    const { program } = (await (
      await world.t.dev('/reward_programs', { ...stampCardBody, name: 'Con sellos' })
    ).json()) as { program: { id: number } };
    await purchase(world, await member(), 32, {}, world.premios2);

    const resized = await devSend(world.t, 'PATCH', `/reward_programs/${program.id}`, {
      stamp_card: { stamps_needed: 3, min_price: 30, reward_cap: 40 },
    });
    const repriced = await devSend(world.t, 'PATCH', `/reward_programs/${program.id}`, {
      stamp_card: { stamps_needed: 2, min_price: 20, reward_cap: 45 },
    });

    expect([resized.status, repriced.status]).toEqual([422, 200]);
  });

  it('answers 404 for a program that does not exist, and 422 for an end before the start', async () => {
    const missing = await devSend(world.t, 'PATCH', '/reward_programs/999999', { keep_days: 1 });
    const { program } = (await (
      await world.t.dev('/reward_programs', { ...stampCardBody, name: 'Al revés' })
    ).json()) as { program: { id: number } };
    const backwards = await devSend(world.t, 'PATCH', `/reward_programs/${program.id}`, {
      ends_at: '2020-01-01T00:00:00.000Z',
    });

    expect([missing.status, backwards.status]).toEqual([404, 422]);
  });
});

describe('GET community_members/{id}/rewards (issue 36 point 3)', () => {
  it("lists the programs covering a machine with the member's progress, and none at a machine without programs", async () => {
    const who = await member();
    await purchase(world, who, 19);

    const atPremios = await rewardsOf(world, who, world.premios);
    const atDemo = await rewardsOf(world, who, world.demo);

    const names = atPremios.programs.map((program) => program.name);
    expect(names).toEqual(expect.arrayContaining(['Tarjeta de sellos', 'Bono de recarga']));
    // A program of premios2 alone is not one of premios'.
    expect(names).not.toContain('Sellos de premios2');
    expect(await stampCard(world, who)).toMatchObject({ stamps: 1, rewards: 0 });
    expect(atDemo).toEqual({ programs: [], bonus: [] });
  });

  it("refuses another member's rewards, and a machine id that is not one", async () => {
    const [who, other] = [await member(), await member()];

    const theirs = await world.t.api(who.token).rewards.get(other.id);
    const bad = await fetch(`${world.t.url}/api/community_members/${who.id}/rewards?product_server_id=abc`, {
      headers: { Authorization: `Token token=${who.token}` },
    });

    expect(theirs.ok).toBe(false);
    expect(bad.status).toBe(422);
  });
});
