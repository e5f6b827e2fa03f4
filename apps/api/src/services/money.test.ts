import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, tokenise } from '../testing/harness.ts';
import { balanceOf, buy, type Item, itemsOf, machineId } from '../testing/shop.ts';
import { sha256 } from './crypto.ts';

let t: TestServer;
let demo: number;
let items: Item[];

beforeAll(async () => {
  t = await startTestServer();
  demo = await machineId(t, 'demo');
  items = await itemsOf(t, demo);
});
afterAll(() => t.close());

let phones = 5530000000;
const member = (balance?: number) => t.member(`+52${phones++}`, balance);

const sellable = () => items.find((item) => item.sellable && item.price === 18.5)!;

const balance = (who: { id: number; token: string }) => balanceOf(t, who);

async function statusAfter(who: { token: string }, machine: number, dealId: number, ms: number) {
  t.clock.advance(ms);
  const result = await t.api(who.token).deals.get(machine, dealId);
  if (!result.ok) throw new Error(`deal ${dealId}: ${result.error.message}`);
  return result.value.deal.delivery_status;
}

let keys = 0;
const key = () => `key-${keys++}`;

describe('money moves only when the machine delivers (spec §4)', () => {
  it('charges a balance sale once, on delivery, and never before', async () => {
    const who = await member(100);
    const created = await t.api(who.token).deals.create(demo, buy(sellable().user_code), { idempotencyKey: key() });
    const deal = created.ok ? created.value.deal : null;
    expect(deal?.delivery_status).toBe(1);
    expect(await balance(who)).toBe(100);
    expect(await statusAfter(who, demo, deal!.id, 10_000)).toBe(0);
    await statusAfter(who, demo, deal!.id, 10_000);
    expect(await balance(who)).toBe(81.5);
  });

  it.each([3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16])('never charges a deal that ends in status %i', async (status) => {
    const who = await member(100);
    await t.dev('/machines/demo/script', { deal_statuses: [{ status, after_ms: 100 }] });
    const created = await t.api(who.token).deals.create(demo, buy(sellable().user_code), { idempotencyKey: key() });
    expect(await statusAfter(who, demo, created.ok ? created.value.deal.id : 0, 1_000)).toBe(status);
    expect(await balance(who)).toBe(100);
  });

  it('a script for one member is followed by their next deal only, never by another member’s', async () => {
    const scripted = await member(100);
    const other = await member(100);
    await t.dev('/machines/demo/script', { member_id: scripted.id, deal_statuses: [{ status: 13, after_ms: 100 }] });
    const theirs = await t.api(other.token).deals.create(demo, buy(sellable().user_code), { idempotencyKey: key() });
    const mine = await t.api(scripted.token).deals.create(demo, buy(sellable().user_code), { idempotencyKey: key() });
    expect(await statusAfter(scripted, demo, mine.ok ? mine.value.deal.id : 0, 1_000)).toBe(13);
    // The other member's deal follows demo's own timeline: connecting, then ready.
    expect([1, 2]).toContain(await statusAfter(other, demo, theirs.ok ? theirs.value.deal.id : 0, 0));
  });

  it('a delivered deal reported as not delivered is refunded to the balance, once', async () => {
    const who = await member(100);
    const created = await t.api(who.token).deals.create(demo, buy(sellable().user_code), { idempotencyKey: key() });
    const dealId = created.ok ? created.value.deal.id : 0;
    expect(await statusAfter(who, demo, dealId, 10_000)).toBe(0);
    const charged = await balance(who);
    const report = () => t.api(who.token).deals.reportProblem(who.id, dealId, { reason: 'not_delivered' });
    const [first, again] = [await report(), await report()];
    expect(first).toMatchObject({
      ok: true,
      value: { problem_report: { deal_id: dealId, refunded: 100 - (charged ?? 0) } },
    });
    expect(again.ok && again.value.problem_report.id).toBe(first.ok && first.value.problem_report.id);
    expect(await balance(who)).toBe(100);
  });

  it('a report on a deal that was never charged refunds nothing', async () => {
    const who = await member(100);
    await t.dev('/machines/demo/script', { member_id: who.id, deal_statuses: [{ status: 5, after_ms: 100 }] });
    const created = await t.api(who.token).deals.create(demo, buy(sellable().user_code), { idempotencyKey: key() });
    const dealId = created.ok ? created.value.deal.id : 0;
    expect(await statusAfter(who, demo, dealId, 1_000)).toBe(5);
    const report = await t.api(who.token).deals.reportProblem(who.id, dealId, { reason: 'not_delivered' });
    expect(report).toMatchObject({ ok: true, value: { problem_report: { refunded: 0 } } });
    expect(await balance(who)).toBe(100);
  });

  it("a report on another member's deal is not found and changes nothing", async () => {
    const owner = await member(100);
    const other = await member(0);
    const created = await t.api(owner.token).deals.create(demo, buy(sellable().user_code), { idempotencyKey: key() });
    const dealId = created.ok ? created.value.deal.id : 0;
    await statusAfter(owner, demo, dealId, 10_000);
    const report = await t.api(other.token).deals.reportProblem(other.id, dealId, { reason: 'not_delivered' });
    expect(report).toMatchObject({ ok: false, error: { status: 404 } });
    expect(await balance(other)).toBe(0);
  });

  it('gives a sample (sale type 3) for free, even with no balance', async () => {
    const who = await member();
    const sample = items.find((item) => item.sampleable)!;
    const created = await t
      .api(who.token)
      .deals.create(demo, buy(sample.user_code, { sale_type_code: 3 }), { idempotencyKey: key() });
    expect(await statusAfter(who, demo, created.ok ? created.value.deal.id : 0, 10_000)).toBe(0);
    expect(await balance(who)).toBe(0);
  });

  it('charges a service (sale type 4) named by its upc', async () => {
    const who = await member(100);
    const service = items.find((item) => item.serviceable)!;
    const created = await t
      .api(who.token)
      .deals.create(demo, buy(service.upc!, { sale_type_code: 4 }), { idempotencyKey: key() });
    expect(created.ok).toBe(true);
    await statusAfter(who, demo, created.ok ? created.value.deal.id : 0, 10_000);
    expect(await balance(who)).toBe(100 - service.price);
  });

  it('refuses a buy the balance does not cover with an error object', async () => {
    const who = await member(10);
    const refused = await t
      .api(who.token, 'en')
      .deals.create(demo, buy(sellable().user_code), { idempotencyKey: key() });
    expect(refused).toMatchObject({
      ok: false,
      error: { status: 402, error_code: 'insufficient_balance', message: 'Insufficient balance' },
    });
  });

  it('loads the difference by card when the buy asks for direct payment', async () => {
    const who = await member(10);
    const card = await t.api(who.token).cards.add(who.id, {
      token: await tokenise(t, '4111111111111111'),
      device_session_id: 'd',
      holder_name: 'C',
      brand_name: 'visa',
    });
    const cardId = card.ok ? card.value.credit_card.id : 0;
    const created = await t
      .api(who.token)
      .deals.create(demo, buy(sellable().user_code, { credit_card_id: cardId }), { idempotencyKey: key() });
    expect(created.ok && created.value.deal.payment_type?.code).toBe('card');
    expect(await balance(who)).toBe(18.5);
    await statusAfter(who, demo, created.ok ? created.value.deal.id : 0, 10_000);
    expect(await balance(who)).toBe(0);
  });

  it('turns ten concurrent buys that the balance covers once into exactly one charge', async () => {
    const who = await member(20);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.api(who.token).deals.create(demo, buy(sellable().user_code), { idempotencyKey: key() }),
      ),
    );
    const created = answers.filter((answer) => answer.ok);
    expect(created).toHaveLength(1);
    // The others find the member's purchase being made (409) or the balance already held (402).
    expect(answers.filter((answer) => !answer.ok && [402, 409].includes(answer.error.status ?? 0))).toHaveLength(9);
    const only = created[0];
    await statusAfter(who, demo, only?.ok ? only.value.deal.id : 0, 10_000);
    expect(await balance(who)).toBe(1.5);
  });

  it('answers -11 with the campaign requirement (an absolute URL) to a member without an email on campana', async () => {
    const who = await member(50);
    const campana = await machineId(t, 'campana');
    const refused = await t.api(who.token).deals.create(campana, buy(sellable().user_code), { idempotencyKey: key() });
    expect(refused).toMatchObject({ ok: false, error: { error_code: -11, redirect_url: `${t.url}/campaign/campana` } });
  });

  it('answers a scripted deal error (e.g. -100) to the next buy', async () => {
    const who = await member(50);
    await t.dev('/machines/demo/script', {
      deal_error: { error_code: -100, message: 'Reintenta', action_text: 'Reintentar' },
    });
    const refused = await t.api(who.token).deals.create(demo, buy(sellable().user_code), { idempotencyKey: key() });
    expect(refused).toMatchObject({ ok: false, error: { error_code: -100, action_text: 'Reintentar' } });
  });
});

describe('Idempotency-Key on deals and top-ups', () => {
  it('replays the first answer and creates no second deal', async () => {
    const who = await member(100);
    const same = key();
    const first = await t.api(who.token).deals.create(demo, buy(sellable().user_code), { idempotencyKey: same });
    const replay = await t.api(who.token).deals.create(demo, buy(sellable().user_code), { idempotencyKey: same });
    expect(replay.ok && replay.value.deal.id).toBe(first.ok && first.value.deal.id);
    const deals = await t.api(who.token).deals.list(who.id);
    expect(deals.ok && deals.value.deals).toHaveLength(1);
  });

  it('refuses the same key with another body (422)', async () => {
    const who = await member(100);
    const same = key();
    await t.api(who.token).deals.create(demo, buy(sellable().user_code), { idempotencyKey: same });
    const other = await t.api(who.token).deals.create(demo, buy(items[0]!.user_code), { idempotencyKey: same });
    expect(!other.ok && other.error.status).toBe(422);
  });

  it('refuses a replay while the first request is still running (409)', async () => {
    const who = await member(100);
    const body = buy(sellable().user_code);
    await t.server.deps.db
      .insertInto('idempotency_keys')
      .values({
        member_id: who.id,
        key: 'in-flight',
        request_hash: sha256(JSON.stringify({ machineId: demo, body })),
        state: 'running',
        lease_until: new Date(t.clock.now().getTime() + 20_000),
      })
      .execute();
    const replay = await t.api(who.token).deals.create(demo, body, { idempotencyKey: 'in-flight' });
    expect(!replay.ok && replay.error.status).toBe(409);
    // Retry-After: the app reads this 409 as "still working" and asks again.
    expect(!replay.ok && replay.error.retry_after).toBe(20);
  });

  it('forgets a key after 24 hours', async () => {
    const who = await member(100);
    const same = key();
    const first = await t.api(who.token).deals.create(demo, buy(sellable().user_code), { idempotencyKey: same });
    t.clock.advance(25 * 3_600_000);
    const later = await t.api(who.token).deals.create(demo, buy(sellable().user_code), { idempotencyKey: same });
    expect(later.ok && later.value.deal.id).not.toBe(first.ok && first.value.deal.id);
  });

  it('charges a card top-up once however often it is sent', async () => {
    const who = await t.signIn('5512345678');
    const before = await balance(who);
    const cards = await t.api(who.token).cards.list(who.id);
    const body = {
      credit_card_id: cards.ok ? cards.value.credit_cards[0]!.id : 0,
      amount: 100,
      currency: 'MXN',
      cvv: '123',
      update_cvv: false,
      with_redirect: false as const,
    };
    const same = key();
    await Promise.all([1, 2, 3].map(() => t.api(who.token).topUps.create(who.id, body, { idempotencyKey: same })));
    await t.api(who.token).topUps.create(who.id, body, { idempotencyKey: same });
    expect(await balance(who)).toBe(before! + 100);
  });
});

describe('top-ups', () => {
  it('records a declined card as a failed top-up and leaves the balance alone', async () => {
    const who = await member(10);
    const { db } = t.server.deps;
    await db
      .insertInto('provider_tokens')
      .values({ id: 'tok_declined', brand: 'visa', last4: '8448', holder_name: 'X', outcome: 'insufficient_funds' })
      .execute();
    const card = await db
      .insertInto('credit_cards')
      .values({ member_id: who.id, brand: 'visa', last4: '8448', holder_name: 'X', provider_token: 'tok_declined' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refused = await t
      .api(who.token)
      .topUps.create(
        who.id,
        { credit_card_id: card.id, amount: 100, currency: 'MXN', cvv: '123', update_cvv: false, with_redirect: false },
        { idempotencyKey: key() },
      );
    expect(refused).toMatchObject({ ok: false, error: { status: 402, error_code: 'card_declined' } });
    expect(await balance(who)).toBe(10);
  });

  it('refuses an amount under 50 with "Monto mínimo 50"', async () => {
    const who = await member();
    const refused = await t
      .api(who.token)
      .topUps.withRedirect(who.id, { amount: 20, currency: 'MXN' }, { idempotencyKey: key() });
    expect(refused).toMatchObject({ ok: false, error: { status: 422, message: 'Monto mínimo 50' } });
  });

  it('completes a pay-without-saving checkout once and returns to /machine-inventory/balanceRecharged', async () => {
    const who = await member();
    const started = await t
      .api(who.token)
      .topUps.withRedirect(who.id, { amount: 200, currency: 'MXN' }, { idempotencyKey: key() });
    const url = started.ok ? started.value.url : '';
    expect((await fetch(url)).status).toBe(200);
    const paid = await fetch(url, { method: 'POST', redirect: 'manual' });
    expect(paid.headers.get('Location')).toBe('/machine-inventory/balanceRecharged');
    await fetch(url, { method: 'POST', redirect: 'manual' });
    expect(await balance(who)).toBe(200);
  });

  it('credits a reference once it is paid at the store', async () => {
    const who = await member();
    const started = await t
      .api(who.token)
      .topUps.byReference(who.id, { amount: 150, currency: 'MXN' }, { idempotencyKey: key() });
    const reference = started.ok ? started.value.payment_reference.reference.replace(/\s/g, '') : '';
    expect(await balance(who)).toBe(0);
    expect((await t.dev(`/references/${reference}/pay`, {})).status).toBe(200);
    expect((await t.dev(`/references/${reference}/pay`, {})).status).toBe(404);
    expect(await balance(who)).toBe(150);
  });

  it('tops up automatically when a charge leaves the balance under the threshold', async () => {
    const who = await member(30);
    const token = await tokenise(t, '4242424242424242');
    const card = await t
      .api(who.token)
      .cards.add(who.id, { token, device_session_id: 'd', holder_name: 'B', brand_name: 'visa' });
    const cardId = card.ok ? card.value.credit_card.id : 0;
    await t
      .api(who.token)
      .topUps.updateAuto(who.id, { settings: { enabled: true, threshold: 50, amount: 100, credit_card_id: cardId } });
    const created = await t.api(who.token).deals.create(demo, buy(sellable().user_code), { idempotencyKey: key() });
    await statusAfter(who, demo, created.ok ? created.value.deal.id : 0, 10_000);
    // The top-up is a job the charge leaves behind: it follows within moments, not within the poll.
    await expect.poll(() => balance(who)).toBe(30 - 18.5 + 100);
  });
});
