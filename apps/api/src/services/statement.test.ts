import { dealPages, type StatementEntry } from '@vendo/core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftableClock, startTestServer, type TestServer, tokenise } from '../testing/harness.ts';
import { buy, type Item, itemsOf, machineId } from '../testing/shop.ts';

// Issue 35 point 5: the history reads like a statement: purchases and top-ups merged newest first, each
// with its receipt link, and each month's totals spent and topped up over the whole month.
let t: TestServer;
let demo: number;
let items: Item[];

/** Mid-May 2031 in Mexico City: every move of these tests falls in May until the last ones move on. */
const midMay = Date.parse('2031-05-15T18:00:00Z');

beforeAll(async () => {
  const clock = shiftableClock();
  clock.advance(midMay - clock.now().getTime());
  t = await startTestServer(undefined, clock);
  demo = await machineId(t, 'demo');
  items = await itemsOf(t, demo);
});
afterAll(() => t.close());

type Who = { id: number; token: string };
let phones = 5548200000;
const member = (balance?: number, country = '+52') => t.member(`${country}${phones++}`, balance);
let keys = 0;
const key = () => `statement-${keys++}`;
const water = () => items.find((item) => item.name === 'Agua natural 600 ml' && item.sellable)!;
const price = () => water().price ?? 0;

/** A purchase of water, delivered and seen by the app's poll; a second later by the clock. */
async function boughtWater(who: Who) {
  t.clock.advance(1_000);
  const created = await t.api(who.token).deals.create(demo, buy(water().user_code), { idempotencyKey: key() });
  if (!created.ok) throw new Error(`deal refused: ${created.error.message}`);
  t.clock.advance(20_000);
  await t.api(who.token).deals.get(demo, created.value.deal.id);
  return created.value.deal.id;
}

async function savedVisa(who: Who) {
  const card = await t.api(who.token).cards.add(who.id, {
    // These tests run in 2031: a card that expires in 2039.
    token: await tokenise(t, '4111111111111111', { year: '39', month: '12' }),
    device_session_id: 'd',
    holder_name: 'Ana López',
    brand_name: 'visa',
  });
  if (!card.ok) throw new Error(card.error.message ?? card.error.kind);
  return card.value.credit_card.id;
}

/** A top-up by saved card, a second later by the clock: its id, paid or failed. */
async function toppedUpByCard(who: Who, cardId: number, amount: number) {
  t.clock.advance(1_000);
  const body = { credit_card_id: cardId, amount, currency: 'MXN', cvv: '123', update_cvv: false, with_redirect: false };
  await t.api(who.token).topUps.create(who.id, body, { idempotencyKey: key() });
  const row = await t.server.deps.db
    .selectFrom('top_ups')
    .select('id')
    .where('member_id', '=', who.id)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function statementOf(who: Who, page?: number) {
  const answer = await t.api(who.token).statement.get(who.id, page ? { page } : {});
  if (!answer.ok) throw new Error(answer.error.message ?? answer.error.kind);
  return answer.value;
}

/** Each entry as [kind, id, receipt kind or null], to compare orders. */
const lines = (entries: StatementEntry[]) =>
  entries.map((entry) =>
    entry.kind === 'deal'
      ? ['deal', entry.deal.id, entry.receipt?.kind ?? null]
      : entry.kind === 'top_up'
        ? ['top_up', entry.top_up.id, entry.receipt?.kind ?? null]
        : ['balance_refund', entry.balance_refund.id, null],
  );

describe('purchases and top-ups on one statement, newest first, each with its receipt link (issue 35 point 5)', () => {
  it('merges purchases and top-ups by when each was made; a delivered purchase and a credited top-up link their receipts', async () => {
    const who = await member(100);
    const cardId = await savedVisa(who);
    const first = await boughtWater(who);
    const topUp = await toppedUpByCard(who, cardId, 100);
    const second = await boughtWater(who);

    const statement = await statementOf(who);

    expect(lines(statement.entries)).toEqual([
      ['deal', second, 'deal'],
      ['top_up', topUp, 'top_up'],
      ['deal', first, 'deal'],
    ]);
    expect(statement.entries[1]).toMatchObject({
      top_up: { amount: 100, currency: 'MXN', mode: 'card', outcome: 'paid' },
      receipt: { kind: 'top_up', id: topUp },
    });
    expect([statement.next_page, statement.time_zone]).toEqual([null, 'America/Mexico_City']);
  });

  it('shows a top-up waiting for its store payment as pending and a purchase on its way, neither with a receipt', async () => {
    const who = await member(100);
    t.clock.advance(1_000);
    await t.api(who.token).topUps.byReference(who.id, { amount: 100, currency: 'MXN' }, { idempotencyKey: key() });
    t.clock.advance(1_000);
    await t.api(who.token).deals.create(demo, buy(water().user_code), { idempotencyKey: key() });

    const { entries } = await statementOf(who);

    expect(entries).toMatchObject([
      { kind: 'deal', deal: { delivery_status: 1 }, receipt: null },
      { kind: 'top_up', top_up: { mode: 'reference', outcome: 'pending' }, receipt: null },
    ]);
  });

  it("answers another member's statement with 404, and a page outside 1 to 500 with 422", async () => {
    const owner = await member();
    const stranger = await member();

    const answers = await Promise.all([
      t.api(stranger.token).statement.get(owner.id),
      fetch(`${t.url}/api/community_members/${stranger.id}/statement?page=${dealPages.last + 1}`, {
        headers: { Authorization: `Token token=${stranger.token}` },
      }),
    ]);

    expect([answers[0].ok ? 200 : answers[0].error.status, answers[1].status]).toEqual([404, 422]);
  });
});

describe('a statement of 25 moves in one month, a page at a time (issue 35 point 5)', () => {
  let who: Who;
  let made: (string | number | null)[][];

  beforeAll(async () => {
    who = await member(1_000);
    const cardId = await savedVisa(who);
    made = [];
    for (let n = 0; n < 25; n++) {
      // Every fifth move a top-up of 50: 20 purchases and 5 top-ups.
      made.unshift(
        n % 5 === 4
          ? ['top_up', await toppedUpByCard(who, cardId, 50), 'top_up']
          : ['deal', await boughtWater(who), 'deal'],
      );
    }
  });

  it('answers 20 entries and page 2, then the 5 oldest and no next page: every move once, in order', async () => {
    const first = await statementOf(who, 1);
    const second = await statementOf(who, 2);

    expect([first.entries.length, first.next_page, second.entries.length, second.next_page]).toEqual([20, 2, 5, null]);
    expect([...lines(first.entries), ...lines(second.entries)]).toEqual(made);
  });

  it("totals the whole month on every page that shows it, not only the page's entries", async () => {
    const first = await statementOf(who, 1);
    const second = await statementOf(who, 2);

    const month = { month: '2031-05', spent: 20 * price(), topped_up: 250, currency: 'MXN' };
    expect([first.months, second.months]).toEqual([[month], [month]]);
  });
});

describe('what a month totals (issue 35 point 5)', () => {
  it('counts a failed top-up and a pending one as nothing, and shows the failed one as failed', async () => {
    const who = await member(20);
    const cardId = await savedVisa(who);
    await toppedUpByCard(who, cardId, 100);
    // The card is refused from now on (its funds ran out).
    const { db } = t.server.deps;
    const card = await db
      .selectFrom('credit_cards')
      .select('provider_token')
      .where('id', '=', cardId)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('provider_tokens')
      .set({ outcome: 'insufficient_funds' })
      .where('id', '=', card.provider_token)
      .execute();
    const failed = await toppedUpByCard(who, cardId, 200);
    await t.api(who.token).topUps.byReference(who.id, { amount: 300, currency: 'MXN' }, { idempotencyKey: key() });

    const statement = await statementOf(who);

    expect(statement.entries.find((entry) => entry.kind === 'top_up' && entry.top_up.id === failed)).toMatchObject({
      top_up: { outcome: 'failed', amount: 200 },
      receipt: null,
    });
    expect(statement.months).toEqual([{ month: '2031-05', spent: 0, topped_up: 100, currency: 'MXN' }]);
  });

  it("takes a purchase's refund off what was spent, and shows it on the purchase", async () => {
    const who = await member(100);
    await boughtWater(who);
    const refunded = await boughtWater(who);
    await t.api(who.token).deals.reportProblem(who.id, refunded, { reason: 'not_delivered' });

    const statement = await statementOf(who);

    expect(statement.entries.map((entry) => entry.kind === 'deal' && entry.refunded)).toEqual([price(), 0]);
    expect(statement.months).toEqual([{ month: '2031-05', spent: price(), topped_up: 0, currency: 'MXN' }]);
  });
});

describe("months are cut in the member's time zone, from their sign-in country (issue 35 point 5)", () => {
  // 23:30 on 31 May in Mexico City is 05:30 on 1 June in UTC and 14:30 on 1 June in Tokyo.
  const mayEndInMexico = Date.parse('2031-06-01T05:30:00Z');

  it('a +52 member: a purchase at 23:30 on 31 May is May, one an hour later is June, each month totalled apart', async () => {
    const who = await member(100);
    t.clock.advance(mayEndInMexico - t.clock.now().getTime());
    await boughtWater(who);
    t.clock.advance(3_600_000);
    await boughtWater(who);

    const statement = await statementOf(who);

    expect(statement.time_zone).toBe('America/Mexico_City');
    expect(statement.months).toEqual([
      { month: '2031-06', spent: price(), topped_up: 0, currency: 'MXN' },
      { month: '2031-05', spent: price(), topped_up: 0, currency: 'MXN' },
    ]);
  });

  it('a +81 member: the same hours are June in Asia/Tokyo', async () => {
    const who = await member(100, '+81');
    await boughtWater(who);

    const statement = await statementOf(who);

    expect([statement.time_zone, statement.months.map((month) => month.month)]).toEqual(['Asia/Tokyo', ['2031-06']]);
  });
});
