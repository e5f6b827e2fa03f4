import { describe, expect, it } from 'vitest';
import { ask, namedMember, ownCents, refundKey, type Who } from '../testing/balance-refunds.ts';
import { buy, demoShop } from '../testing/shop.ts';
import { availableCents } from './ledger.ts';

/*
 * Issue 37 point 4 on PGlite and PostgreSQL: requests sent at the same moment never spend the same peso twice. The
 * refund's hold and a purchase's reservation are both decided under the member's row lock, so whichever comes
 * second sees the first.
 */
const shop = demoShop();

const rounds = 5;
const seedPesos = 100;

async function refundRows(who: Who) {
  return shop.t.server.deps.db
    .selectFrom('balance_refunds')
    .select(['id', 'amount_cents'])
    .where('member_id', '=', who.id)
    .execute();
}

async function holds(who: Who) {
  return shop.t.server.deps.db
    .selectFrom('ledger_entries')
    .select('amount_cents')
    .where('member_id', '=', who.id)
    .where('kind', '=', 'balance_refund')
    .execute();
}

describe('issue 37 point 4: a refund of all the money and a purchase at the same moment', () => {
  it(`never both spend the same peso, in ${rounds} rounds: the ledger sums exact and no own balance below 0`, {
    timeout: 60_000,
  }, async () => {
    const item = shop.items.find((each) => each.sellable && each.price > 0 && each.price < seedPesos);
    if (!item) throw new Error('no item under the seed at demo');
    for (let round = 0; round < rounds; round++) {
      const who = await namedMember(shop.t, seedPesos);

      const [refund, deal] = await Promise.all([
        ask(shop.t, who),
        shop.t.api(who.token).deals.create(shop.demo, buy(item.user_code), { idempotencyKey: refundKey() }),
      ]);

      const refunded = refund.ok ? refund.value.balance_refund.amount : 0;
      const bought = deal.ok ? item.price : 0;
      expect(refund.ok || deal.ok).toBe(true);
      expect(refunded + bought).toBeLessThanOrEqual(seedPesos);
      if (!deal.ok) expect(deal.error.error_code).toBe('insufficient_balance');
      const rows = await refundRows(who);
      expect(rows.reduce((sum, row) => sum + Number(row.amount_cents), 0)).toBe(Math.round(refunded * 100));
      expect(await ownCents(shop.t, who)).toBe(seedPesos * 100 - Math.round(refunded * 100));
      expect(await availableCents(shop.t.server.deps.db, who.id, 'MXN')).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('issue 37 point 4: two refunds at the same moment', () => {
  it('with different idempotency keys give back at most the balance', { timeout: 60_000 }, async () => {
    for (let round = 0; round < rounds; round++) {
      const who = await namedMember(shop.t, seedPesos);

      const answers = await Promise.all([ask(shop.t, who, { amount: 60 }), ask(shop.t, who, { amount: 60 })]);

      expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
      const refused = answers.find((answer) => !answer.ok);
      expect(refused && !refused.ok ? refused.error.error_code : null).toBe('above_refundable');
      expect(await ownCents(shop.t, who)).toBe(4_000);
    }
  });

  it('with one key (a replay) make one refund and hold once', { timeout: 60_000 }, async () => {
    const who = await namedMember(shop.t, seedPesos);
    const key = refundKey();

    const answers = await Promise.all([
      ask(shop.t, who, {}, key),
      ask(shop.t, who, {}, key),
      ask(shop.t, who, {}, key),
    ]);

    const made = answers.flatMap((answer) => (answer.ok ? [answer.value.balance_refund.id] : []));
    const waited = answers.flatMap((answer) => (answer.ok ? [] : [answer.error.error_code]));
    expect(new Set(made).size).toBe(1);
    expect(waited.every((code) => code === 'idempotency_in_progress')).toBe(true);
    expect(await refundRows(who)).toHaveLength(1);
    expect(await holds(who)).toHaveLength(1);
    expect(await ownCents(shop.t, who)).toBe(0);
  });
});
