import { dealPages } from '@vendo/core/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../http/rate-limits.ts';
import { maxLiveVoucherCodes, voucherCodeMinutes } from '../sim/voucher-provider.ts';
import { authorizeVoucher, freshAddress, startTestServer, type TestServer, tokenise } from '../testing/harness.ts';
import { buy, machineId } from '../testing/shop.ts';
import { maxSavedCards } from './cards.ts';
import { cleanUpRules } from './clean-up.ts';
import { maxRfidsPerMember } from './rfids.ts';

// Issue 32 point 8: what one member or client can pile up is capped, limited and cleared away.
let t: TestServer;
let demo: number;
let rfidMachine: number;

beforeAll(async () => {
  t = await startTestServer();
  demo = await machineId(t, 'demo');
  rfidMachine = await machineId(t, 'rfid');
});
afterAll(() => t.close());

let phones = 5547000000;
const member = (balance?: number) => t.member(`+52${phones++}`, balance);
let ids = 1_000_000_000;
const rfid = () => ({ name: 'Llavero', rfid_id: String(ids++), rfid_key: 'abc123' });
const db = () => t.server.deps.db;

describe('RFID cards and devices (spec §5; issue 32 point 8)', () => {
  it(`keeps at most ${maxRfidsPerMember} per member, however many are sent at the same moment`, async () => {
    const who = await member();
    for (let n = 0; n < maxRfidsPerMember - 3; n++) {
      await db()
        .insertInto('rfids')
        .values({ member_id: who.id, ...rfid(), created_at: new Date() })
        .execute();
    }

    const answers = await Promise.all(Array.from({ length: 5 }, () => t.api(who.token).rfids.create(rfid())));

    expect(answers.filter((answer) => answer.ok)).toHaveLength(3);
    expect(answers.flatMap((answer) => (answer.ok ? [] : [answer.error]))).toEqual([
      expect.objectContaining({ status: 422, error_code: 'rfid_limit_reached' }),
      expect.objectContaining({ status: 422, error_code: 'rfid_limit_reached' }),
    ]);
    const listed = await t.api(who.token).rfids.list();
    expect(listed.ok && listed.value.community_member_rfids).toHaveLength(maxRfidsPerMember);
  });

  it(`lets a member add ${rateLimits.rfidAddsPerMember.points} an hour, then answers 429 with Retry-After`, {
    timeout: 30_000,
  }, async () => {
    const who = await member();
    const api = t.api(who.token);
    for (let n = 0; n < rateLimits.rfidAddsPerMember.points; n++)
      expect((await api.rfids.create(rfid())).ok).toBe(true);

    const refused = await api.rfids.create(rfid());

    expect(refused).toMatchObject({ ok: false, error: { status: 429, error_code: 'too_many_requests' } });
    expect(!refused.ok && refused.error.retry_after).toBeGreaterThan(0);
  });
});

describe('employee-card links (spec §4; issue 32 point 8: each adds jobs to the queue deals share)', () => {
  const pending = (memberId: number) =>
    db()
      .selectFrom('card_links')
      .select('id')
      .where('member_id', '=', memberId)
      .where('cancelled_at', 'is', null)
      .execute();

  it('keeps one link on its way per member: starts sent at the same moment leave one', async () => {
    const who = await member();

    const started = await Promise.all([1, 2, 3].map(() => t.api(who.token).cardLinks.create(who.id, rfidMachine)));

    expect(started.map((answer) => answer.ok)).toEqual([true, true, true]);
    expect(await pending(who.id)).toHaveLength(1);
  });

  it(`lets a member start ${rateLimits.cardLinksPerMember.points} in 10 minutes, then answers 429 with Retry-After`, {
    timeout: 30_000,
  }, async () => {
    const who = await member();
    const api = t.api(who.token);
    for (let n = 0; n < rateLimits.cardLinksPerMember.points; n++) {
      expect((await api.cardLinks.create(who.id, rfidMachine)).ok).toBe(true);
    }

    const refused = await api.cardLinks.create(who.id, rfidMachine);

    expect(refused).toMatchObject({ ok: false, error: { status: 429, error_code: 'too_many_requests' } });
    expect(!refused.ok && refused.error.retry_after).toBeGreaterThan(0);
  });
});

describe("the voucher provider's authorization page (anonymous; issue 32 point 8)", () => {
  const authorize = (address: string) =>
    fetch(`${t.url}/voucher-provider/oauth/authorize`, {
      method: 'POST',
      body: new URLSearchParams({ redirect_uri: '/edenred/callback', state: 's' }),
      headers: { 'X-Forwarded-For': address },
      redirect: 'manual',
    });

  it(`hands one address ${rateLimits.voucherCodesPerAddress.points} codes in 10 minutes, then a 429 page with Retry-After`, {
    timeout: 30_000,
  }, async () => {
    const address = freshAddress();
    for (let n = 0; n < rateLimits.voucherCodesPerAddress.points; n++)
      expect((await authorize(address)).status).toBe(303);

    const refused = await authorize(address);

    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(refused.headers.get('Content-Type')).toContain('text/html');
    expect((await authorize(freshAddress())).status).toBe(303);
  });

  it(`hands out none while ${maxLiveVoucherCodes} are alive (503 with Retry-After), and again once they expire`, async () => {
    const now = t.clock.now();
    await sql`insert into voucher_codes (code_hash, created_at)
      select 'flood-' || n, ${now} from generate_series(1, ${maxLiveVoucherCodes}) n`.execute(db());

    const refused = await authorize(freshAddress());
    t.clock.advance(voucherCodeMinutes * 60_000 + 1_000);
    const later = await authorize(freshAddress());

    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('Retry-After'))).toBe(voucherCodeMinutes * 60);
    expect(later.status).toBe(303);
  });
});

describe('saved cards, meal-voucher cards included (spec §4; issue 32 point 8)', () => {
  async function savedCards(memberId: number, count: number) {
    for (let n = 0; n < count; n++) {
      await db()
        .insertInto('credit_cards')
        .values({ member_id: memberId, brand: 'visa', last4: '4242', holder_name: 'Ana', provider_token: `tok_${n}` })
        .execute();
    }
  }

  it(`counts voucher cards in the card-add limit (${rateLimits.cardAddsPerMember.points} an hour)`, {
    timeout: 30_000,
  }, async () => {
    const who = await member();
    const api = t.api(who.token);
    for (let n = 0; n < rateLimits.cardAddsPerMember.points; n++) {
      expect((await api.cards.addVoucher(who.id, { code: await authorizeVoucher(t) })).ok).toBe(true);
    }

    const refused = await api.cards.addVoucher(who.id, { code: await authorizeVoucher(t) });

    expect(refused).toMatchObject({ ok: false, error: { status: 429, error_code: 'too_many_requests' } });
  });

  it(`keeps at most ${maxSavedCards} saved cards: a voucher card or a card past them is refused`, async () => {
    const who = await member();
    await savedCards(who.id, maxSavedCards);
    const api = t.api(who.token);

    const voucher = await api.cards.addVoucher(who.id, { code: await authorizeVoucher(t) });
    const card = await api.cards.add(who.id, {
      token: await tokenise(t, '4111111111111111'),
      device_session_id: 'd',
      holder_name: 'Ana',
      brand_name: 'visa',
    });

    expect(voucher).toMatchObject({ ok: false, error: { status: 422, error_code: 'card_limit_reached' } });
    expect(card).toMatchObject({ ok: false, error: { status: 422, error_code: 'card_limit_reached' } });
    const listed = await api.cards.list(who.id);
    expect(listed.ok && listed.value.credit_cards).toHaveLength(maxSavedCards);
  });

  it('a full wallet keeps the voucher code it refused: once a card is removed, the same code adds the card', async () => {
    const who = await member();
    await savedCards(who.id, maxSavedCards);
    const api = t.api(who.token);
    const code = await authorizeVoucher(t);
    await api.cards.addVoucher(who.id, { code });
    const listed = await api.cards.list(who.id);
    const first = listed.ok ? listed.value.credit_cards[0] : undefined;

    await api.cards.remove(who.id, first?.id ?? 0);
    const again = await api.cards.addVoucher(who.id, { code });

    expect(again).toMatchObject({ ok: true, value: { credit_card: { brand: 'edenred' } } });
  });
});

describe('deal history pages (spec §2 /history; issue 32 point 8)', () => {
  const total = dealPages.size * 2 + 5;
  let who: { id: number; token: string };
  let newestFirst: number[];

  beforeAll(async () => {
    who = await member();
    const product = await db()
      .selectFrom('products')
      .select(['id', 'user_code', 'price_cents'])
      .where('machine_id', '=', demo)
      .where('sellable', '=', true)
      .executeTakeFirstOrThrow();
    const now = t.clock.now();
    const rows = await db()
      .insertInto('deals')
      .values(
        Array.from({ length: total }, () => ({
          member_id: who.id,
          machine_id: demo,
          product_id: product.id,
          user_code: product.user_code,
          sale_type_code: 2,
          any_product: false,
          locale: 'es',
          price_cents: product.price_cents,
          charged_cents: product.price_cents,
          delivery_status: 0,
          timeline: JSON.stringify([{ status: 0, after_ms: 0 }]),
          started_at: now,
          settled_at: now,
          created_at: now,
        })),
      )
      .returning('id')
      .execute();
    newestFirst = rows.map((row) => row.id).sort((a, b) => b - a);
  });

  it(`answers ${dealPages.size} a page, newest first, with the next page's number until the last`, async () => {
    const api = t.api(who.token);

    const pages = await Promise.all([1, 2, 3].map((page) => api.deals.list(who.id, { page })));

    const read = pages.map((answer) => (answer.ok ? answer.value : null));
    expect(read.map((page) => page?.deals.length)).toEqual([dealPages.size, dealPages.size, 5]);
    expect(read.map((page) => page?.next_page)).toEqual([2, 3, null]);
    expect(read.flatMap((page) => page?.deals.map((deal) => deal.id))).toEqual(newestFirst);
  });

  it('answers a client that sends no page as before: the newest deals, unpaged', async () => {
    const answer = await t.api(who.token).deals.list(who.id);

    expect(answer.ok && answer.value.deals.map((deal) => deal.id)).toEqual(newestFirst);
    expect(answer.ok && 'next_page' in answer.value).toBe(false);
  });

  it.each(['0', '-1', 'abc', String(dealPages.last + 1)])('refuses page=%s with 422', async (page) => {
    const answer = await fetch(`${t.url}/api/community_members/${who.id}/deals?page=${page}`, {
      headers: { Authorization: `Token token=${who.token}` },
    });

    expect(answer.status).toBe(422);
  });
});

describe('Idempotency-Key rows (issue 32 point 8: kept for ever, refusals included)', () => {
  it('keeps no row for a buy refused by its limit, and answers it with Retry-After', { timeout: 30_000 }, async () => {
    const who = await member();
    const api = t.api(who.token);
    for (let n = 0; n < rateLimits.dealsPerMember.points; n++) {
      await api.deals.create(demo, buy('no-such-code'), { idempotencyKey: `spent-${n}` });
    }

    const refused = await api.deals.create(demo, buy('no-such-code'), { idempotencyKey: 'past-the-limit' });

    expect(refused).toMatchObject({ ok: false, error: { status: 429 } });
    expect(!refused.ok && refused.error.retry_after).toBeGreaterThan(0);
    const rows = await db()
      .selectFrom('idempotency_keys')
      .select('key')
      .where('member_id', '=', who.id)
      .where('key', '=', 'past-the-limit')
      .execute();
    expect(rows).toEqual([]);
  });
});

// Last: it moves the clock a day on and restarts the server.
describe(`the clean-up job (issue 32 point 8: every start, then every ${cleanUpRules.everyMinutes} minutes)`, () => {
  it('removes keys past 24 hours, voucher codes past 10 minutes and card links past a day, and keeps the rest', {
    timeout: 60_000,
  }, async () => {
    const who = await member();
    const api = t.api(who.token);
    await api.deals.create(demo, buy('no-such-code'), { idempotencyKey: 'a-day-old' });
    await authorizeVoucher(t);
    await api.cardLinks.create(who.id, rfidMachine);
    t.clock.advance(25 * 3_600_000);
    await api.deals.create(demo, buy('no-such-code'), { idempotencyKey: 'fresh' });
    const remaining = async () => {
      const count = (table: 'idempotency_keys' | 'voucher_codes' | 'card_links') =>
        db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where(table === 'voucher_codes' ? sql<boolean>`true` : sql<boolean>`member_id = ${who.id}`)
          .executeTakeFirstOrThrow()
          .then((row) => Number(row.n));
      return {
        keys: await count('idempotency_keys'),
        vouchers: await count('voucher_codes'),
        links: await count('card_links'),
      };
    };
    expect(await remaining()).toMatchObject({ keys: 2, links: 1 });

    t = await t.restart();

    await expect.poll(remaining, { timeout: 20_000 }).toEqual({ keys: 1, vouchers: 0, links: 0 });
  });
});
