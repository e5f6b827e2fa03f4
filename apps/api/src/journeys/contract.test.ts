import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeVoucher, startTestServer, type TestServer, tokenise } from '../testing/harness.ts';

let t: TestServer;
let ana: { id: number; token: string };

beforeAll(async () => {
  t = await startTestServer();
  ana = await t.signIn('5512345678');
});
afterAll(() => t.close());

const ok = <T>(result: { ok: true; value: T } | { ok: false; error: { message: string | null } }): T => {
  if (!result.ok) throw new Error(`call failed: ${result.error.message}`);
  return result.value;
};

const demoId = async () => ok(await t.api().machines.findByName('demo')).product_server.id;

describe('spec §7 calls through @vendo/core: client and server prove the contract together', () => {
  it('GET community_members/{id} answers the seeded member with balance 150.00', async () => {
    const { community_member } = ok(await t.api(ana.token).members.get(ana.id));
    expect(community_member).toMatchObject({ name: 'Ana López', phone: '5512345678', balance: 150 });
  });

  it('PATCH community_members/{id} saves the profile (204)', async () => {
    const api = t.api(ana.token);
    ok(
      await api.members.update(ana.id, {
        name: 'Ana L.',
        gender: 'Mujer',
        email: 'ana@vendo.mx',
        birth_date: '1990-04-12',
        facebook_uid: '12345678',
      }),
    );
    expect(ok(await api.members.get(ana.id)).community_member).toMatchObject({
      name: 'Ana L.',
      facebook_uid: '12345678',
    });
  });

  it('GET and DELETE credit cards list the saved visa and remove a card', async () => {
    const api = t.api(ana.token);
    const { credit_cards } = ok(await api.cards.list(ana.id));
    expect(credit_cards).toEqual([{ id: expect.any(Number), card_number: '************1111', brand: 'visa' }]);
  });

  it('POST credit_cards saves a card tokenised by the provider emulation', async () => {
    const token = await tokenise(t, '5555555555554444');
    const { credit_card } = ok(
      await t
        .api(ana.token)
        .cards.add(ana.id, { token, device_session_id: 'dev-1', holder_name: 'Ana López', brand_name: 'mastercard' }),
    );
    expect(credit_card).toMatchObject({ brand: 'mastercard', card_number: '************4444' });
    ok(await t.api(ana.token).cards.remove(ana.id, credit_card.id));
    const { credit_cards } = ok(await t.api(ana.token).cards.list(ana.id));
    expect(credit_cards.map((card) => card.id)).not.toContain(credit_card.id);
  });

  it('GET balances answers the ledger sum in MXN, and one per other currency a machine sells in (issue 32 point 5)', async () => {
    const other = await t.member('+525500000001', 75);
    expect(ok(await t.api(other.token).balances.list(other.id)).balances).toEqual([
      { amount: 75, currency: 'MXN' },
      { amount: 0, currency: 'JPY' },
    ]);
  });

  it('POST top_ups charges the saved card with its CVV', async () => {
    const api = t.api(ana.token);
    const card = ok(await api.cards.list(ana.id)).credit_cards[0]!;
    const { top_up } = ok(
      await api.topUps.create(
        ana.id,
        { credit_card_id: card.id, amount: 100, currency: 'MXN', cvv: '123', update_cvv: false, with_redirect: false },
        { idempotencyKey: 'contract-top-up' },
      ),
    );
    expect(top_up).toMatchObject({ amount: 100, status: 'paid', credit_card_id: card.id });
  });

  it('POST top_ups/with_redirect answers a checkout url on this server', async () => {
    const { url } = ok(
      await t
        .api(ana.token)
        .topUps.withRedirect(ana.id, { amount: 200, currency: 'MXN' }, { idempotencyKey: 'contract-redirect' }),
    );
    expect(url.startsWith(`${t.url}/provider/checkout/`)).toBe(true);
  });

  it('POST top_ups/reference answers a payable reference', async () => {
    const { payment_reference } = ok(
      await t
        .api(ana.token)
        .topUps.byReference(ana.id, { amount: 200, currency: 'MXN' }, { idempotencyKey: 'contract-ref' }),
    );
    expect(payment_reference).toMatchObject({ amount: 200, currency: 'MXN' });
    expect(payment_reference.reference.replace(/\s/g, '')).toMatch(/^\d{16}$/);
  });

  it('PATCH update_auto_top_up saves the settings and the member shows them', async () => {
    const api = t.api(ana.token);
    const card = ok(await api.cards.list(ana.id)).credit_cards[0]!;
    const settings = { enabled: true, threshold: 50, amount: 100, credit_card_id: card.id };
    expect(ok(await api.topUps.updateAuto(ana.id, { settings })).settings).toEqual(settings);
    expect(ok(await api.members.get(ana.id)).community_member.auto_top_up).toEqual(settings);
    ok(await api.topUps.updateAuto(ana.id, { settings: { ...settings, enabled: false } }));
  });

  it('GET deals lists the seeded history newest first', async () => {
    const { deals } = ok(await t.api(ana.token).deals.list(ana.id));
    expect(deals.length).toBeGreaterThanOrEqual(5);
    expect(deals.map((deal) => deal.id)).toEqual([...deals.map((deal) => deal.id)].sort((a, b) => b - a));
  });

  it('POST product_servers/{id}/deals creates a deal, and GET follows it', async () => {
    const api = t.api(ana.token);
    const machine = await demoId();
    const { deal } = ok(
      await api.deals.create(
        machine,
        { user_code: '10', sale_type_code: 2, origin: 'web', any_product: false, locale: 'es' },
        { idempotencyKey: 'contract-deal' },
      ),
    );
    expect(deal.delivery_status).toBe(1);
    expect(ok(await api.deals.get(machine, deal.id)).deal.id).toBe(deal.id);
  });

  it('GET and POST community_member_configurations keep displayRatingModal', async () => {
    const api = t.api(ana.token);
    expect(ok(await api.configurations.get(ana.id)).community_member_configuration.displayRatingModal).toBe(true);
    ok(await api.configurations.save(ana.id, { displayRatingModal: false }));
    expect(ok(await api.configurations.get(ana.id)).community_member_configuration.displayRatingModal).toBe(false);
  });

  it('POST ratings records a rating', async () => {
    const { rating } = ok(await t.api(ana.token).ratings.create({ community_member_id: ana.id, rating: 5 }));
    expect(rating).toMatchObject({ community_member_id: ana.id, rating: 5 });
  });

  it('GET community_member_messages lists the seeded custom messages', async () => {
    const { community_member_messages } = ok(await t.api(ana.token).messages.list(ana.id));
    expect(community_member_messages.map((message) => message.title)).toContain('Nuevo horario del comedor');
  });

  it('GET community_members/{id}/product_servers lists machines the member opened', async () => {
    const api = t.api(ana.token);
    ok(await api.machines.get(ok(await api.machines.findByName('teclado')).product_server.id));
    const { product_servers } = ok(await api.machines.recent(ana.id));
    expect(product_servers[0]?.name).toBe('teclado');
  });

  it('GET product_server/{name} needs no token and is case-insensitive', async () => {
    expect(ok(await t.api().machines.findByName('DEMO')).product_server.id).toBe(await demoId());
  });

  it('GET product_servers/{id} answers every field of spec §3', async () => {
    const { product_server } = ok(await t.api().machines.get(await demoId()));
    expect(product_server).toMatchObject({
      name: 'demo',
      status: 'online',
      payment_settings: { direct_payment: true },
      country: { currency_iso: 'MXN', iso: 'MX', minimun_top_up: 50 },
    });
  });

  it('GET products needs no token and answers at least 30 items in at least 4 categories', async () => {
    const { product_server_items } = ok(await t.api().products.list(await demoId()));
    const categories = new Set(product_server_items.map((item) => item.product_category?.name).filter(Boolean));
    expect(product_server_items.length).toBeGreaterThanOrEqual(30);
    expect(categories.size).toBeGreaterThanOrEqual(4);
    expect(product_server_items.some((item) => !item.product_category)).toBe(true);
  });

  it('GET payment_products answers the card-payable products of teclado', async () => {
    const machine = ok(await t.api().machines.findByName('teclado')).product_server.id;
    expect(ok(await t.api(ana.token).products.listPayment(machine)).product_server_items).toHaveLength(6);
  });

  it('GET products/{productId} answers one product', async () => {
    const machine = await demoId();
    const first = ok(await t.api().products.list(machine)).product_server_items[0]!;
    expect(ok(await t.api().products.get(machine, first.id)).product_server_item).toEqual(first);
  });

  it('GET services answers the serviceable items', async () => {
    const { product_server_items } = ok(await t.api().products.listServices(await demoId()));
    expect(product_server_items.every((item) => item.sell_options.serviceable)).toBe(true);
    expect(product_server_items.length).toBeGreaterThan(0);
  });

  it('v4 RFID calls add, list and delete a device', async () => {
    const api = t.api(ana.token);
    const { community_member_rfid } = ok(
      await api.rfids.create({ name: 'Llavero', rfid_id: '0012345678', rfid_key: 'a1b2c3' }),
    );
    expect(ok(await api.rfids.list()).community_member_rfids).toContainEqual(community_member_rfid);
    ok(await api.rfids.remove(community_member_rfid.id));
    expect(ok(await api.rfids.list()).community_member_rfids).not.toContainEqual(community_member_rfid);
  });

  it('v4 pending card link calls create, read and cancel a link on an RFID machine', async () => {
    const api = t.api(ana.token);
    const rfid = ok(await api.machines.findByName('rfid')).product_server.id;
    const { pending_card_link } = ok(await api.cardLinks.create(ana.id, rfid));
    expect(pending_card_link.status).toBe('in_progress');
    expect(ok(await api.cardLinks.get(ana.id, pending_card_link.id)).pending_card_link.id).toBe(pending_card_link.id);
    ok(await api.cardLinks.cancelAll(ana.id));
  });

  it('POST voucher_cards exchanges an authorization code for an edenred card', async () => {
    const code = await authorizeVoucher(t);
    const { credit_card } = ok(await t.api(ana.token).cards.addVoucher(ana.id, { code }));
    expect(credit_card.brand).toBe('edenred');
  });

  it('DELETE community_members/{id}/session signs out: the token stops working', async () => {
    const bob = await t.signIn('5511112222');
    ok(await t.api(bob.token).members.signOut(bob.id));
    const after = await t.api(bob.token).members.get(bob.id);
    expect(!after.ok && after.error.status).toBe(401);
  });
});
