import type { ApiResult } from '@vendo/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeVoucher, startTestServer, type TestServer, tokenise } from '../testing/harness.ts';

let t: TestServer;
let owner: { id: number; token: string };
let intruder: { id: number; token: string };
const owned = { card: 0, deal: 0, rfid: 0, link: 0, demo: 0, rfidMachine: 0 };

const value = <T>(result: ApiResult<T>): T => {
  if (!result.ok) throw new Error(result.error.message ?? 'call failed');
  return result.value;
};

beforeAll(async () => {
  t = await startTestServer();
  owner = await t.member('+525540000001', 200);
  intruder = await t.member('+525540000002', 5);
  const api = t.api(owner.token);
  owned.demo = value(await api.machines.findByName('demo')).product_server.id;
  owned.rfidMachine = value(await api.machines.findByName('rfid')).product_server.id;
  owned.card = value(
    await api.cards.add(owner.id, {
      token: await tokenise(t, '4111111111111111'),
      device_session_id: 'd',
      holder_name: 'O',
      brand_name: 'visa',
    }),
  ).credit_card.id;
  // The owner's deal is delivered and settled, and their card link never moves on, before any snapshot:
  // a machine's timer charging the deal or linking a card between two snapshots is not the intruder's doing.
  expect(
    (await t.dev(`/machines/demo/script`, { member_id: owner.id, deal_statuses: [{ status: 0, after_ms: 0 }] })).ok,
  ).toBe(true);
  expect((await t.dev(`/machines/rfid/script`, { member_id: owner.id, card_link_statuses: [] })).ok).toBe(true);
  owned.deal = value(
    await api.deals.create(
      owned.demo,
      { user_code: '10', sale_type_code: 2, origin: 'web', any_product: false, locale: 'es' },
      { idempotencyKey: 'owner-deal' },
    ),
  ).deal.id;
  owned.rfid = value(
    await api.rfids.create({ name: 'Llavero', rfid_id: '0099887766', rfid_key: 'abc123' }),
  ).community_member_rfid.id;
  owned.link = value(await api.cardLinks.create(owner.id, owned.rfidMachine)).pending_card_link.id;
  // Reading the deal settles it (status 0 at once): the charge is booked before the first snapshot.
  expect(value(await api.deals.get(owned.demo, owned.deal)).deal.delivery_status).toBe(0);
});
afterAll(() => t.close());

/** Everything the owner has; it must read the same after every foreign call. */
async function ownerState() {
  const api = t.api(owner.token);
  return {
    member: value(await api.members.get(owner.id)).community_member,
    cards: value(await api.cards.list(owner.id)).credit_cards,
    deals: value(await api.deals.list(owner.id)).deals.map((deal) => deal.id),
    rfids: value(await api.rfids.list()).community_member_rfids,
    link: value(await api.cardLinks.get(owner.id, owned.link)).pending_card_link.id,
    configuration: value(await api.configurations.get(owner.id)).community_member_configuration,
  };
}

const profile = { name: 'Intruso', gender: 'Otro' as const, email: 'x@x.mx', birth_date: '1990-01-01' };
const settings = () => ({ enabled: true, threshold: 10, amount: 100, credit_card_id: owned.card });

/** Every member call that names the owner, a card, a deal, a top-up, an RFID or a pending link of theirs. */
const foreignCalls: [string, () => Promise<ApiResult<unknown>>][] = [
  ['GET community_members/{id}', () => t.api(intruder.token).members.get(owner.id)],
  ['PATCH community_members/{id}', () => t.api(intruder.token).members.update(owner.id, profile)],
  ['DELETE community_members/{id}/session', () => t.api(intruder.token).members.signOut(owner.id)],
  ['GET credit_cards', () => t.api(intruder.token).cards.list(owner.id)],
  [
    'POST credit_cards',
    async () =>
      t.api(intruder.token).cards.add(owner.id, {
        token: await tokenise(t, '4242424242424242'),
        device_session_id: 'd',
        holder_name: 'I',
        brand_name: 'visa',
      }),
  ],
  ['DELETE credit_cards/{cardId}', () => t.api(intruder.token).cards.remove(owner.id, owned.card)],
  ['DELETE own path, foreign card', () => t.api(intruder.token).cards.remove(intruder.id, owned.card)],
  [
    'POST voucher_cards',
    async () => t.api(intruder.token).cards.addVoucher(owner.id, { code: await authorizeVoucher(t) }),
  ],
  ['GET balances', () => t.api(intruder.token).balances.list(owner.id)],
  [
    'POST top_ups',
    () =>
      t.api(intruder.token).topUps.create(
        owner.id,
        {
          credit_card_id: owned.card,
          amount: 100,
          currency: 'MXN',
          cvv: '123',
          update_cvv: false,
          with_redirect: false,
        },
        { idempotencyKey: 'i1' },
      ),
  ],
  [
    'POST top_ups on own path with a foreign card',
    () =>
      t.api(intruder.token).topUps.create(
        intruder.id,
        {
          credit_card_id: owned.card,
          amount: 100,
          currency: 'MXN',
          cvv: '123',
          update_cvv: false,
          with_redirect: false,
        },
        { idempotencyKey: 'i2' },
      ),
  ],
  [
    'POST top_ups/with_redirect',
    () =>
      t.api(intruder.token).topUps.withRedirect(owner.id, { amount: 100, currency: 'MXN' }, { idempotencyKey: 'i3' }),
  ],
  [
    'POST top_ups/reference',
    () =>
      t.api(intruder.token).topUps.byReference(owner.id, { amount: 100, currency: 'MXN' }, { idempotencyKey: 'i4' }),
  ],
  ['GET pending_top_ups', () => t.api(intruder.token).topUps.pending(owner.id)],
  ['PATCH update_auto_top_up', () => t.api(intruder.token).topUps.updateAuto(owner.id, { settings: settings() })],
  [
    'PATCH own auto top-up with a foreign card',
    () => t.api(intruder.token).topUps.updateAuto(intruder.id, { settings: settings() }),
  ],
  ['GET deals', () => t.api(intruder.token).deals.list(owner.id)],
  ['POST receipts/deals/{dealId}/email', () => t.api(intruder.token).receipts.emailDeal(owner.id, owned.deal)],
  [
    'POST own path, foreign receipts/deals/{dealId}/email',
    () => t.api(intruder.token).receipts.emailDeal(intruder.id, owned.deal),
  ],
  ['GET product_servers/{id}/deals/{dealId}', () => t.api(intruder.token).deals.get(owned.demo, owned.deal)],
  [
    'POST deals paid with a foreign card',
    () =>
      t.api(intruder.token).deals.create(
        owned.demo,
        {
          user_code: '10',
          sale_type_code: 2,
          origin: 'web',
          any_product: false,
          locale: 'es',
          credit_card_id: owned.card,
        },
        { idempotencyKey: 'i5' },
      ),
  ],
  ['GET community_member_configurations', () => t.api(intruder.token).configurations.get(owner.id)],
  [
    'POST community_member_configurations',
    () => t.api(intruder.token).configurations.save(owner.id, { displayRatingModal: false }),
  ],
  ['POST ratings', () => t.api(intruder.token).ratings.create({ community_member_id: owner.id, rating: 1 })],
  ['GET community_member_messages', () => t.api(intruder.token).messages.list(owner.id)],
  ['GET community_members/{id}/product_servers', () => t.api(intruder.token).machines.recent(owner.id)],
  ['DELETE v4 community_member_rfids/{id}', () => t.api(intruder.token).rfids.remove(owned.rfid)],
  ['GET v4 pending_card_links/{pendingId}', () => t.api(intruder.token).cardLinks.get(owner.id, owned.link)],
  ['GET v4 own path, foreign pending link', () => t.api(intruder.token).cardLinks.get(intruder.id, owned.link)],
  ['POST v4 pending_card_links', () => t.api(intruder.token).cardLinks.create(owner.id, owned.rfidMachine)],
  ['DELETE v4 pending_card_links', () => t.api(intruder.token).cardLinks.cancelAll(owner.id)],
];

describe('a member reaches only their own data', () => {
  it.each(foreignCalls)("%s with another member's token answers 404 or 403 and changes nothing", async (_, call) => {
    const before = await ownerState();

    const result = await call();

    expect(result.ok).toBe(false);
    expect([403, 404]).toContain(!result.ok && result.error.status);
    expect(await ownerState()).toEqual(before);
  });

  it("shows the intruder none of the owner's RFIDs", async () => {
    const mine = value(await t.api(intruder.token).rfids.list()).community_member_rfids;
    expect(mine.map((rfid) => rfid.id)).not.toContain(owned.rfid);
  });

  it.each([
    ['GET community_members/{id}', () => t.api().members.get(owner.id)],
    ['GET balances', () => t.api().balances.list(owner.id)],
    ['GET v4 community_member_rfids', () => t.api().rfids.list()],
    [
      'POST deals',
      () =>
        t
          .api()
          .deals.create(
            owned.demo,
            { user_code: '10', sale_type_code: 3, origin: 'web', any_product: false, locale: 'es' },
            { idempotencyKey: 'anon' },
          ),
    ],
  ] as const)('%s without a token answers 401', async (_, call) => {
    const result = await call();
    expect(!result.ok && result.error.status).toBe(401);
  });
});
