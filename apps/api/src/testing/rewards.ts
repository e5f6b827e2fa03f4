import type { Deal } from '@vendo/core/contract';
import { type TestServer, tokenise } from './harness.ts';
import { buy, type Item, itemsOf, machineId } from './shop.ts';

/**
 * Issue 36 tests' world: Café Premia's machines with the seeded stamp card (8 stamps from $15, reward up to $25)
 * and top-up bonus (+5 % from 200, +10 % from 500, 90 days), a member's buys settled by moving the clock on.
 */
export interface RewardsWorld {
  readonly t: TestServer;
  readonly premios: number;
  readonly premios2: number;
  readonly demo: number;
  readonly items: Item[];
}

export async function rewardsWorld(t: TestServer): Promise<RewardsWorld> {
  const premios = await machineId(t, 'premios');
  return {
    t,
    premios,
    premios2: await machineId(t, 'premios2'),
    demo: await machineId(t, 'demo'),
    items: await itemsOf(t, premios),
  };
}

/** Café Premia's product at a price in pesos. */
export function priced(world: RewardsWorld, price: number): Item {
  const found = world.items.find((item) => item.price === price);
  if (!found) throw new Error(`no product at ${price} at premios`);
  return found;
}

let keys = 0;
export const key = () => `rewards-${process.pid}-${keys++}`;

type Who = { id: number; token: string };

/** Makes a purchase and, unless told not to, moves the clock past its delivery and reads it (which settles it). */
export async function purchase(
  world: RewardsWorld,
  who: Who,
  price: number,
  extra: Parameters<typeof buy>[1] = {},
  machine = world.premios,
): Promise<Deal> {
  const created = await world.t.api(who.token).deals.create(machine, buy(priced(world, price).user_code, extra), {
    idempotencyKey: key(),
  });
  if (!created.ok) throw new Error(`buy at ${price}: ${created.error.error_code ?? created.error.kind}`);
  return settled(world, who, created.value.deal.id, machine);
}

/** The deal as the member reads it once the clock has moved past its timeline. */
export async function settled(world: RewardsWorld, who: Who, dealId: number, machine = world.premios) {
  world.t.clock.advance(10_000);
  const read = await world.t.api(who.token).deals.get(machine, dealId);
  if (!read.ok) throw new Error(`deal ${dealId}: ${read.error.message}`);
  return read.value.deal;
}

/** The member's rewards at a machine (or all), as GET community_members/{id}/rewards answers. */
export async function rewardsOf(world: RewardsWorld, who: Who, machine?: number) {
  const read = await world.t.api(who.token).rewards.get(who.id, machine ? { machineId: machine } : {});
  if (!read.ok) throw new Error(read.error.message ?? read.error.kind);
  return read.value;
}

/** The member's progress on the seeded stamp card. */
export async function stampCard(world: RewardsWorld, who: Who) {
  const { programs } = await rewardsOf(world, who, world.premios);
  const card = programs.find((program) => program.kind === 'stamp_card' && program.name === 'Tarjeta de sellos');
  if (card?.kind !== 'stamp_card') throw new Error('no stamp card at premios');
  return { id: card.id, stamps: card.stamp_card.stamps, rewards: card.stamp_card.rewards };
}

/** The member's own balance and bonus in MXN, in pesos. */
export async function moneyOf(world: RewardsWorld, who: Who) {
  const read = await world.t.api(who.token).balances.list(who.id);
  if (!read.ok) throw new Error(read.error.message ?? read.error.kind);
  const mxn = read.value.balances.find((balance) => balance.currency === 'MXN');
  return { own: mxn?.amount ?? 0, bonus: mxn?.bonus ?? 0 };
}

/** A dev control call with a method other than POST (PATCH a program). */
export const devSend = (t: TestServer, method: string, path: string, body: unknown) =>
  fetch(`${t.url}/__dev${path}`, {
    method,
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json' },
  });

/** A saved approved card of the member's, for top-ups by card. */
export async function savedCard(world: RewardsWorld, who: Who) {
  const added = await world.t.api(who.token).cards.add(who.id, {
    token: await tokenise(world.t, '4242424242424242'),
    device_session_id: 'd',
    holder_name: 'Ana',
    brand_name: 'visa',
  });
  if (!added.ok) throw new Error(added.error.message ?? added.error.kind);
  return added.value.credit_card.id;
}

/** A top-up by saved card, for a machine (or none): the TopUp answered. */
export async function topUpByCard(world: RewardsWorld, who: Who, cardId: number, amount: number, machine?: number) {
  const made = await world.t.api(who.token).topUps.create(
    who.id,
    {
      credit_card_id: cardId,
      amount,
      currency: 'MXN',
      cvv: '123',
      update_cvv: false,
      with_redirect: false,
      ...(machine ? { product_server_id: machine } : {}),
    },
    { idempotencyKey: key() },
  );
  if (!made.ok) throw new Error(made.error.message ?? made.error.kind);
  return made.value.top_up;
}
