import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import {
  authorizeVoucher,
  freshAddress,
  startTestServer,
  type TestServer,
  testProvider,
  tokenise,
} from '../testing/harness.ts';
import { buy, machineId } from '../testing/shop.ts';

let t: TestServer;
let member: { id: number; token: string };
beforeAll(async () => {
  t = await startTestServer();
  member = await t.member('+525550000001', 100);
});
afterAll(() => t.close());

let phones = 5550001000;
/** Each card to a new member of its own: a member may add only rateLimits.cardAddsPerMember cards an hour. */
const addCard = async (number: string) => {
  const owner = await t.member(`+52${phones++}`);
  return t.api(owner.token, 'en').cards.add(owner.id, {
    token: await tokenise(t, number),
    device_session_id: 'd',
    holder_name: 'M',
    brand_name: 'visa',
  });
};

describe('card provider emulation (spec §7 tokenisation)', () => {
  it.each([
    ['4111111111111111', 'visa'],
    ['4242424242424242', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['5105105105105100', 'mastercard'],
    // A 2-series Mastercard has 16 digits like the rest (the contract's cardBrands, the form's rule too).
    ['2221000000000009', 'mastercard'],
    ['345678000000007', 'american_express'],
  ])('saves the approved test card %s as %s', async (number, brand) => {
    const saved = await addCard(number);
    expect(saved.ok && saved.value.credit_card).toMatchObject({
      brand,
      card_number: `************${number.slice(-4)}`,
    });
  });

  it.each([
    ['4444444444444448', 'card_declined', 'Card declined: insufficient funds'],
    ['4000000000000069', 'card_expired', 'The card has expired'],
    ['4000000000000119', 'card_stolen', 'Card declined'],
  ])('refuses the test card %s with its own error (%s)', async (number, code, message) => {
    const refused = await addCard(number);
    expect(refused).toMatchObject({ ok: false, error: { status: 402, error_code: code, message } });
  });

  it('refuses a token request without the public key', async () => {
    const response = await fetch(`${t.url}/provider/v1/${testProvider.merchantId}/tokens`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Basic ${Buffer.from('pk_wrong:').toString('base64')}`,
      },
      body: '{}',
    });
    expect(response.status).toBe(401);
  });

  it('refuses a card past its expiry date and a number that fails the check digit', async () => {
    const expired = await tokenise(t, '4111111111111111', { year: '20', month: '01' });
    const mistyped = await tokenise(t, '4111111111111112');
    expect([expired, mistyped]).toEqual([undefined, undefined]);
  });

  it('keeps neither the card number nor the CVV', async () => {
    await tokenise(t, '5105105105105100');
    const { db } = t.server.deps;
    const stored = JSON.stringify([
      await db.selectFrom('provider_tokens').selectAll().execute(),
      await db.selectFrom('credit_cards').selectAll().execute(),
    ]);
    expect(stored).not.toContain('5105105105105100');
    expect(stored).not.toMatch(/"cvv/);
  });
});

describe('meal-voucher authorization (Edenred style)', () => {
  it('hands a code to the app callback with the state it was given', async () => {
    const response = await fetch(`${t.url}/voucher-provider/oauth/authorize`, {
      method: 'POST',
      body: new URLSearchParams({ redirect_uri: '/edenred/callback', state: 'xyz' }),
      redirect: 'manual',
    });
    const location = new URL(response.headers.get('Location') ?? '', t.url);
    expect([location.pathname, location.searchParams.get('state')]).toEqual(['/edenred/callback', 'xyz']);
  });

  it('never redirects anywhere but the app callback', async () => {
    const response = await fetch(
      `${t.url}/voucher-provider/oauth/authorize?redirect_uri=https://evil.example/cb&state=1`,
    );
    expect(response.status).toBe(400);
  });

  it('accepts a code once', async () => {
    const code = await authorizeVoucher(t);
    expect((await t.api(member.token).cards.addVoucher(member.id, { code })).ok).toBe(true);
    const again = await t.api(member.token).cards.addVoucher(member.id, { code });
    expect(!again.ok && again.error.error_code).toBe('voucher_code_invalid');
  });

  it('lets a code expire after 10 minutes', async () => {
    const code = await authorizeVoucher(t);
    t.clock.advance(10 * 60_000 + 1_000);
    const late = await t.api(member.token).cards.addVoucher(member.id, { code });
    expect(!late.ok && late.error.error_code).toBe('voucher_code_invalid');
  });
});

describe('pending card links (spec §4) on the simulated RFID machine', () => {
  const rfidMachine = async () => {
    const found = await t.api().machines.findByName('rfid');
    return found.ok ? found.value.product_server.id : 0;
  };
  const statusAfter = async (linkId: number, ms: number) => {
    t.clock.advance(ms);
    const link = await t.api(member.token).cardLinks.get(member.id, linkId);
    return link.ok ? link.value.pending_card_link.status : null;
  };

  it('moves in_progress → waiting → authenticated → linked and gives the member the card', async () => {
    const created = await t.api(member.token).cardLinks.create(member.id, await rfidMachine());
    const id = created.ok ? created.value.pending_card_link.id : 0;
    expect(created.ok && created.value.pending_card_link.user_code).toMatch(/^\d{4}$/);
    expect([await statusAfter(id, 1_600), await statusAfter(id, 4_000), await statusAfter(id, 4_000)]).toEqual([
      'waiting',
      'authenticated',
      'linked',
    ]);
    const me = await t.api(member.token).members.get(member.id);
    expect(me.ok && me.value.community_member.rfid_id).toMatch(/^\d{10}$/);
  });

  it('a second link replaces the employee card of the first: one employee card per member (spec §1, issue 15 point 12)', async () => {
    const owner = await t.member(`+52${phones++}`);
    const link = async () => {
      const created = await t.api(owner.token).cardLinks.create(owner.id, await rfidMachine());
      const id = created.ok ? created.value.pending_card_link.id : 0;
      t.clock.advance(10_000);
      const done = await t.api(owner.token).cardLinks.get(owner.id, id);
      return done.ok ? done.value.pending_card_link.status : null;
    };
    expect(await link()).toBe('linked');

    expect(await link()).toBe('linked');

    const me = await t.api(owner.token).members.get(owner.id);
    const cards = await t.api(owner.token).rfids.list();
    expect(cards.ok && cards.value.community_member_rfids.map((card) => card.rfid_id)).toEqual([
      me.ok ? me.value.community_member.rfid_id : 'none',
    ]);
  });

  it('follows a script to any status, e.g. expired', async () => {
    await t.dev('/machines/rfid/script', {
      card_link_statuses: [
        { status: 'waiting', after_ms: 100 },
        { status: 'expired', after_ms: 100 },
      ],
    });
    const created = await t.api(member.token).cardLinks.create(member.id, await rfidMachine());
    expect(await statusAfter(created.ok ? created.value.pending_card_link.id : 0, 1_000)).toBe('expired');
  });

  it('refuses a link on a machine without has_rfid', async () => {
    const demo = await t.api().machines.findByName('demo');
    const refused = await t.api(member.token).cardLinks.create(member.id, demo.ok ? demo.value.product_server.id : 0);
    expect(!refused.ok && refused.error.error_code).toBe('machine_without_rfid');
  });
});

describe("bad input gets a 4xx error object in the request's language", () => {
  it('refuses a body over 64 KB', async () => {
    const response = await fetch(`${t.url}/api/community_members`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en' },
      body: JSON.stringify({ phone: 'x'.repeat(70_000) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { message: 'Request too large' } });
  });

  it('refuses a body that is not JSON', async () => {
    const response = await fetch(`${t.url}/api/community_members`, {
      method: 'POST',
      body: '{"phone":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { error_code: 'invalid_json', message: 'Solicitud inválida' },
    });
  });

  it('names the failing field of a body outside the contract', async () => {
    const response = await fetch(`${t.url}/api/community_members`, {
      method: 'POST',
      body: '{"phone":"55","countries":"+52"}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      error: { error_code: 'invalid_request', description: expect.stringContaining('phone') },
    });
  });

  it('refuses a birth date like 31/02/1990, naming the field', async () => {
    const refused = await t
      .api(member.token)
      .members.update(member.id, { name: 'M', gender: 'Otro', email: 'm@vendo.mx', birth_date: '1990-02-31' });
    expect(!refused.ok && refused.error.description).toContain('birth_date');
  });

  it('refuses a birth date in the future', async () => {
    const refused = await t
      .api(member.token)
      .members.update(member.id, { name: 'M', gender: 'Otro', email: 'm@vendo.mx', birth_date: '2999-01-01' });
    expect(!refused.ok && refused.error.error_code).toBe('birth_date_invalid');
  });

  it('answers an email in use on error.message.email', async () => {
    const refused = await t
      .api(member.token, 'en')
      .members.update(member.id, { name: 'M', gender: 'Otro', email: 'ana@vendo.mx', birth_date: '1990-01-01' });
    expect(!refused.ok && refused.error.field_errors).toEqual({ email: ['This email is already in use'] });
  });
});

describe('dev control', () => {
  it('is off when NODE_ENV=production', async () => {
    const app = createApp({ ...t.server.deps, devControl: 'off' }, { webRoot: '/nonexistent', provider: testProvider });
    expect((await app.request('/__dev/sms?phone=%2B525512345678')).status).toBe(404);
  });

  it('answers only clients on this machine unless opened to all', async () => {
    const fromTheNetwork = { headers: { 'X-Forwarded-For': freshAddress() } };
    expect((await fetch(`${t.url}/__dev/sms?phone=%2B525512345678`, fromTheNetwork)).status).toBe(404);
    expect((await fetch(`${t.url}/__dev/sms?phone=%2B525512345678`)).status).toBe(200);
  });

  it('never hands out a session for a number that is already a member', async () => {
    const made = await t.dev('/members', { phone: '+525512345678' });
    expect(made.status).toBe(409);
    expect(JSON.stringify(await made.json())).not.toContain('auth_token');
  });

  it('reseeds the demo world', async () => {
    const stranger = await t.member('+525550009999', 5);
    await t.dev('/reset', {});
    expect((await t.api(stranger.token).members.get(stranger.id)).ok).toBe(false);
    const ana = await t.signIn('5512345678');
    const me = await t.api(ana.token).members.get(ana.id);
    expect(me.ok && me.value.community_member.balance).toBe(150);
  });
});

describe('transport', () => {
  it('compresses API answers for clients that accept gzip (a 500-product inventory is ~250 KB)', async () => {
    const found = (await (await fetch(`${t.url}/api/product_server/grande`)).json()) as {
      product_server: { id: number };
    };
    const response = await fetch(`${t.url}/api/product_servers/${found.product_server.id}/products`, {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });

  it('sends a deal poll under 1 KB as it is, with its size, to a client that accepts gzip', async () => {
    const who = await t.member(`+52${phones++}`, 100);
    const demo = await machineId(t, 'demo');
    const made = await t.api(who.token).deals.create(demo, buy('10'), { idempotencyKey: 'small-poll' });
    if (!made.ok) throw new Error(made.error.kind);

    const response = await fetch(`${t.url}/api/product_servers/${demo}/deals/${made.value.deal.id}`, {
      headers: { 'Accept-Encoding': 'gzip', Authorization: `Token token=${who.token}` },
    });
    const body = await response.text();

    expect([response.headers.get('content-encoding'), response.headers.get('content-length')]).toEqual([
      null,
      String(Buffer.byteLength(body)),
    ]);
    expect(Buffer.byteLength(body)).toBeLessThan(1024);
  });
});
