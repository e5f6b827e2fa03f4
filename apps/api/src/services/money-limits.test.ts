import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyLeaseSeconds } from '../http/idempotency.ts';
import { startTestServer, type TestServer, tokenise } from '../testing/harness.ts';
import { balanceOf, buy, type Item, itemsOf, machineId } from '../testing/shop.ts';
import { sha256 } from './crypto.ts';
import { refundRules } from './problem-reports.ts';

let t: TestServer;
let demo: number;
let items: Item[];

beforeAll(async () => {
  t = await startTestServer();
  demo = await machineId(t, 'demo');
  items = await itemsOf(t, demo);
});
afterAll(() => t.close());

let phones = 5540000000;
const member = (balance?: number) => t.member(`+52${phones++}`, balance);
let keys = 0;
const key = () => `limits-${keys++}`;

const sellable = () => items.find((item) => item.sellable && item.price === 18.5)!;

const balance = (who: { id: number; token: string }) => balanceOf(t, who);

async function withCard(who: { id: number; token: string }) {
  const card = await t.api(who.token).cards.add(who.id, {
    token: await tokenise(t, '4111111111111111'),
    device_session_id: 'd',
    holder_name: 'C',
    brand_name: 'visa',
  });
  if (!card.ok) throw new Error(card.error.message ?? card.error.kind);
  return card.value.credit_card.id;
}

const topUpsOf = (memberId: number) =>
  t.server.deps.db.selectFrom('top_ups').selectAll().where('member_id', '=', memberId).execute();

describe('one purchase at a time per member ("Rules it keeps" (docs/reference-api.md))', () => {
  /** The emulated provider answers charges this much later, so a direct-payment buy holds its lock that long. */
  const slowProvider = (ms: number) => t.dev('/provider', { answer_delay_ms: ms });

  // The provider holds the first buy's charge until the other nineteen have been answered: however slowly
  // a busy machine takes them in, they all arrive while the first one holds the member's lock.
  it('loads the card once for 20 direct-payment buys sent at the same moment', { timeout: 30_000 }, async () => {
    const who = await member(0);
    const cardId = await withCard(who);
    await slowProvider(600_000);
    try {
      const settled: unknown[] = [];
      const buys = Array.from({ length: 20 }, () =>
        t
          .api(who.token)
          .deals.create(demo, buy(sellable().user_code, { credit_card_id: cardId }), { idempotencyKey: key() })
          .then((answer) => {
            settled.push(answer);
            return answer;
          }),
      );
      await expect.poll(() => settled.length, { timeout: 20_000, interval: 20 }).toBe(19);
      await slowProvider(0);
      const answers = await Promise.all(buys);

      expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
      expect(answers.filter((answer) => !answer.ok && answer.error.status === 409)).toHaveLength(19);
      expect(await topUpsOf(who.id)).toHaveLength(1);
      expect(await balance(who)).toBe(sellable().price);
    } finally {
      await slowProvider(0);
    }
  });

  it('refuses a sample, a service and a balance buy while another purchase of the member is being made', async () => {
    const who = await member(0);
    const cardId = await withCard(who);
    // Held until the three others are answered: they come while the first holds the lock, however slowly.
    await slowProvider(600_000);
    try {
      const first = t
        .api(who.token)
        .deals.create(demo, buy(sellable().user_code, { credit_card_id: cardId }), { idempotencyKey: key() });
      // The card is being charged: the first purchase holds the member's lock.
      await expect.poll(async () => (await topUpsOf(who.id)).length, { timeout: 5_000, interval: 20 }).toBe(1);
      const sample = items.find((item) => item.sampleable)!;
      const service = items.find((item) => item.serviceable)!;
      const others = await Promise.all([
        t.api(who.token).deals.create(demo, buy(sample.user_code, { sale_type_code: 3 }), { idempotencyKey: key() }),
        t.api(who.token).deals.create(demo, buy(service.upc!, { sale_type_code: 4 }), { idempotencyKey: key() }),
        t.api(who.token).deals.create(demo, buy(sellable().user_code), { idempotencyKey: key() }),
      ]);
      expect(others.map((answer) => !answer.ok && answer.error.error_code)).toEqual([
        'purchase_in_progress',
        'purchase_in_progress',
        'purchase_in_progress',
      ]);
      await slowProvider(0);
      expect((await first).ok).toBe(true);
    } finally {
      await slowProvider(0);
    }
  });
});

describe('top-up limits (spec §5: 50–2,000 in the country currency)', () => {
  it('refuses an automatic top-up amount past 2,000 (20,000,000 was credited before)', async () => {
    const who = await member();
    const cardId = await withCard(who);
    const refused = await t.api(who.token).topUps.updateAuto(who.id, {
      settings: { enabled: true, threshold: 50, amount: 20_000_000, credit_card_id: cardId },
    });
    expect(refused).toMatchObject({ ok: false, error: { status: 422, error_code: 'amount_too_large' } });
  });

  it('refuses an automatic top-up threshold outside 50–2,000', async () => {
    const who = await member();
    const cardId = await withCard(who);
    for (const threshold of [10, 2_001]) {
      const refused = await t.api(who.token).topUps.updateAuto(who.id, {
        settings: { enabled: true, threshold, amount: 100, credit_card_id: cardId },
      });
      expect(refused).toMatchObject({ ok: false, error: { status: 422, error_code: 'threshold_out_of_range' } });
    }
  });

  it.each(['JPY', 'xyz', 'USD'])('refuses a card top-up in %s and charges nothing', async (currency) => {
    const who = await member();
    const cardId = await withCard(who);
    const refused = await t
      .api(who.token)
      .topUps.create(
        who.id,
        { credit_card_id: cardId, amount: 100, currency, cvv: '123', update_cvv: false, with_redirect: false },
        { idempotencyKey: key() },
      );
    expect(refused).toMatchObject({ ok: false, error: { status: 422, error_code: 'currency_not_accepted' } });
    expect(await topUpsOf(who.id)).toHaveLength(0);
    expect(await balance(who)).toBe(0);
  });

  it('refuses a store reference in another currency', async () => {
    const who = await member();
    const refused = await t
      .api(who.token)
      .topUps.byReference(who.id, { amount: 100, currency: 'EUR' }, { idempotencyKey: key() });
    expect(refused).toMatchObject({ ok: false, error: { status: 422, error_code: 'currency_not_accepted' } });
  });

  it('keeps balances past 2^31 cents readable (sums are bigint)', async () => {
    const who = await member(30_000_000);
    expect(await balance(who)).toBe(30_000_000);
    expect((await t.api(who.token).members.get(who.id)).ok).toBe(true);
  });
});

describe('a key left running by a stopped process (issue: a lease, not 24 hours of 409)', () => {
  it('answers the deal the first run made once its lease is over, and makes no second one', async () => {
    const who = await member(100);
    const same = key();
    const body = buy(sellable().user_code);
    const first = await t.api(who.token).deals.create(demo, body, { idempotencyKey: same });
    // As if the process had stopped after making the deal and before keeping its answer.
    await t.server.deps.db
      .updateTable('idempotency_keys')
      .set({ state: 'running', body: null, status_code: null, lease_until: t.clock.now() })
      .where('member_id', '=', who.id)
      .where('key', '=', same)
      .execute();
    t.clock.advance(1_000);
    const replay = await t.api(who.token).deals.create(demo, body, { idempotencyKey: same });
    expect(replay.ok && replay.value.deal.id).toBe(first.ok && first.value.deal.id);
    const deals = await t.api(who.token).deals.list(who.id);
    expect(deals.ok && deals.value.deals).toHaveLength(1);
  });

  it('runs a replay whose first run stopped before doing anything, once the lease is over', async () => {
    const who = await member(100);
    const body = buy(sellable().user_code);
    await t.server.deps.db
      .insertInto('idempotency_keys')
      .values({
        member_id: who.id,
        key: 'stopped',
        request_hash: sha256(JSON.stringify({ machineId: demo, body })),
        state: 'running',
        lease_until: new Date(t.clock.now().getTime() + idempotencyLeaseSeconds * 1000),
      })
      .execute();
    const during = await t.api(who.token).deals.create(demo, body, { idempotencyKey: 'stopped' });
    expect(!during.ok && during.error.status).toBe(409);
    t.clock.advance(idempotencyLeaseSeconds * 1000 + 1_000);
    const after = await t.api(who.token).deals.create(demo, body, { idempotencyKey: 'stopped' });
    expect(after.ok).toBe(true);
  });
});

describe('problem reports ("Rules it keeps" (docs/reference-api.md): automatic refunds are bounded)', () => {
  async function deliveredDeal(who: { id: number; token: string }) {
    const created = await t.api(who.token).deals.create(demo, buy(sellable().user_code), { idempotencyKey: key() });
    const dealId = created.ok ? created.value.deal.id : 0;
    t.clock.advance(10_000);
    await t.api(who.token).deals.get(demo, dealId);
    return dealId;
  }
  const report = (who: { id: number; token: string }, dealId: number) =>
    t.api(who.token).deals.reportProblem(who.id, dealId, { reason: 'not_delivered' });

  it('refunds the first 2 reports in 30 days and keeps the 3rd for review, refunding nothing', async () => {
    const who = await member(100);
    const deals = [await deliveredDeal(who), await deliveredDeal(who), await deliveredDeal(who)];
    const answers = [];
    for (const dealId of deals) answers.push(await report(who, dealId));
    expect(answers.map((answer) => answer.ok && answer.value.problem_report.outcome)).toEqual([
      'refunded',
      'refunded',
      'in_review',
    ]);
    expect(answers[2]).toMatchObject({ ok: true, value: { problem_report: { refunded: 0 } } });
    expect(await balance(who)).toBe(100 - sellable().price);
  });

  it('refunds within the bounds when reports are sent at the same moment', async () => {
    const who = await member(100);
    const deals = [
      await deliveredDeal(who),
      await deliveredDeal(who),
      await deliveredDeal(who),
      await deliveredDeal(who),
    ];
    const answers = await Promise.all(deals.map((dealId) => report(who, dealId)));
    const refunded = answers.filter((answer) => answer.ok && answer.value.problem_report.outcome === 'refunded');
    expect(refunded).toHaveLength(refundRules.refundsPerWindow);
  });

  it('keeps a report on a deal above the automatic amount for review', async () => {
    const who = await member(100);
    const dealId = await deliveredDeal(who);
    await t.server.deps.db
      .updateTable('deals')
      .set({ charged_cents: refundRules.maxAutomaticCents + 1 })
      .where('id', '=', dealId)
      .execute();
    const answer = await report(who, dealId);
    expect(answer).toMatchObject({ ok: true, value: { problem_report: { outcome: 'in_review', refunded: 0 } } });
  });

  it('refunds again once the 30 days have passed', async () => {
    const who = await member(100);
    await report(who, await deliveredDeal(who));
    await report(who, await deliveredDeal(who));
    t.clock.advance(refundRules.windowDays * 86_400_000 + 1_000);
    const answer = await report(who, await deliveredDeal(who));
    expect(answer.ok && answer.value.problem_report.outcome).toBe('refunded');
  });
});
