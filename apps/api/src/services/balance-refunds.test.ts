import { balanceRefundRules } from '@vendo/core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ask,
  bankClabe,
  cashTopUp,
  checkoutTopUp,
  memberName,
  namedMember,
  ownCents,
  planOf,
  refundsOf,
  savedCard,
  topUpByCard,
} from '../testing/balance-refunds.ts';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { machineId } from '../testing/shop.ts';
import { requestBalanceRefund, sendingGraceMs } from './balance-refunds.ts';
import { book } from './ledger.ts';

/* Issue 37 point 4 on the reference API, PGlite and PostgreSQL: where the own money goes back, and the hold. */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const statusOf = async (who: { id: number; token: string }, id: number) =>
  (await refundsOf(t, who)).find((refund) => refund.id === id)?.status;

describe('issue 37 point 4: the plan of a balance refund', () => {
  it('goes newest first: each card its own part, cash by SPEI, older money taken as spent', async () => {
    const who = await namedMember(t);
    const visa = await savedCard(t, who);
    const mastercard = await savedCard(t, who, '5555555555554444', 'mastercard');
    await topUpByCard(t, who, visa, 100);
    await cashTopUp(t, who, 50);
    await topUpByCard(t, who, mastercard, 80);
    // 120.00 spent at machines: the visa's top-up and 20.00 of the cash are gone.
    await book(t.server.deps.db, { memberId: who.id, cents: -12_000, kind: 'deal', reference: `spent-${who.id}` });

    const plan = await planOf(t, who);

    expect(plan.refundable).toBe(110);
    expect(plan.parts.map((part) => [part.way, part.card_last4, part.amount, part.why])).toEqual([
      ['card', '4444', 80, []],
      ['spei', null, 30, ['cash']],
    ]);
    expect(plan.needs_clabe).toBe(true);
  });

  it("sends a deleted card's share by SPEI", async () => {
    const who = await namedMember(t);
    const visa = await savedCard(t, who);
    await topUpByCard(t, who, visa, 60);
    await t.api(who.token).cards.remove(who.id, visa);

    const plan = await planOf(t, who);

    expect(plan.parts).toEqual([
      { way: 'spei', card_brand: null, card_last4: null, amount: 60, why: ['card_deleted'] },
    ]);
  });

  it('never gives back bonus credit: a top-up of 200.00 at premios earned 10.00 of bonus, and 200.00 is refundable', async () => {
    const who = await namedMember(t);
    const visa = await savedCard(t, who);
    await topUpByCard(t, who, visa, 200, await machineId(t, 'premios'));

    const plan = await planOf(t, who);

    expect(plan.refundable).toBe(200);
    expect(plan.parts.map((part) => part.amount)).toEqual([200]);
    expect(plan).toMatchObject({ bonus_withdrawn: 10, bonus_kept: 0 });
  });
});

describe("issue 37 point 4: money paid by card on the provider's checkout page goes back to that card", () => {
  it('plans it as a card part, refunds the checkout charge, and asks for no CLABE', async () => {
    const who = await namedMember(t);
    await checkoutTopUp(t, who, 150);

    const plan = await planOf(t, who);
    const made = await ask(t, who, { clabe: undefined, holder_name: undefined });
    const id = made.ok ? made.value.balance_refund.id : 0;

    expect(plan).toMatchObject({ needs_clabe: false, parts: [{ way: 'card', card_last4: null, amount: 150 }] });
    await expect.poll(() => statusOf(who, id), { timeout: 20_000 }).toBe('done');
    const refunds = await t.server.deps.db
      .selectFrom('provider_refunds')
      .select(['amount_cents', 'decline'])
      .where('refund_id', 'like', `bref_%`)
      .where(
        'order_id',
        'in',
        t.server.deps.db.selectFrom('top_ups').select('order_id').where('member_id', '=', who.id),
      )
      .execute();
    expect(refunds.map((row) => [Number(row.amount_cents), row.decline])).toEqual([[15_000, null]]);
  });
});

describe('issue 37 point 4: SPEI moves pesos only', () => {
  it("gives a yen card top-up back to its card, and keeps a deleted card's yen in the balance", async () => {
    const who = await namedMember(t);
    const visa = await savedCard(t, who);
    await topUpByCard(t, who, visa, 1_000, await machineId(t, 'tokio'), 'JPY');
    const read = async () => {
      const answer = await t.api(who.token).balanceRefunds.plan(who.id, { currency: 'JPY' });
      if (!answer.ok) throw new Error(String(answer.error.error_code));
      return answer.value.plan;
    };
    const kept = await read();

    await t.api(who.token).cards.remove(who.id, visa);
    const deleted = await read();
    const asked = await ask(t, who, { currency: 'JPY' });

    expect(kept).toMatchObject({ refundable: 1_000, needs_clabe: false, parts: [{ way: 'card', amount: 1_000 }] });
    expect(deleted).toMatchObject({ refundable: 0, needs_clabe: false, parts: [] });
    expect(asked.ok ? null : asked.error.error_code).toBe('nothing_to_refund');
  });
});

describe("issue 37 point 4 with issue 36: a top-up's money goes back with the bonus it earned", () => {
  const bonusCents = async (who: { id: number }) => {
    const rows = await t.server.deps.db
      .selectFrom('ledger_entries')
      .select('amount_cents')
      .where('member_id', '=', who.id)
      .where('pocket', '=', 'bonus')
      .execute();
    return rows.reduce((sum, row) => sum + Number(row.amount_cents), 0);
  };
  const lotOf = async (who: { id: number }) =>
    t.server.deps.db
      .selectFrom('ledger_entries')
      .select('id')
      .where('member_id', '=', who.id)
      .where('kind', '=', 'bonus')
      .executeTakeFirstOrThrow();

  it('withdraws the unspent 10.00 of bonus a 200.00 top-up earned when its 200.00 goes back', async () => {
    const who = await namedMember(t);
    await topUpByCard(t, who, await savedCard(t, who), 200, await machineId(t, 'premios'));

    const made = await ask(t, who);

    expect(made.ok && made.value.balance_refund).toMatchObject({
      amount: 200,
      bonus_kept: 0,
      parts: [{ amount: 200 }],
    });
    expect(await bonusCents(who)).toBe(0);
    expect(await ownCents(t, who)).toBe(0);
  });

  it('keeps 10.00 of the 200.00 once that bonus was spent: 190.00 goes back to the card', async () => {
    const who = await namedMember(t);
    await topUpByCard(t, who, await savedCard(t, who), 200, await machineId(t, 'premios'));
    const lot = await lotOf(who);
    await book(t.server.deps.db, {
      memberId: who.id,
      cents: -1_000,
      kind: 'bonus_spent',
      pocket: 'bonus',
      lotId: lot.id,
      reference: `spent-bonus-${who.id}`,
    });

    const plan = await planOf(t, who);
    const made = await ask(t, who);

    expect(plan).toMatchObject({ refundable: 200, bonus_withdrawn: 0, bonus_kept: 10, parts: [{ amount: 190 }] });
    expect(made.ok && made.value.balance_refund).toMatchObject({
      amount: 200,
      bonus_kept: 10,
      parts: [{ amount: 190 }],
    });
    expect(await ownCents(t, who)).toBe(0);
  });

  it('gives the money and the bonus back when its SPEI part is refused', async () => {
    const who = await namedMember(t);
    const visa = await savedCard(t, who);
    await topUpByCard(t, who, visa, 200, await machineId(t, 'premios'));
    await t.api(who.token).cards.remove(who.id, visa);
    const made = await ask(t, who);
    const id = made.ok ? made.value.balance_refund.id : 0;
    await expect.poll(() => statusOf(who, id), { timeout: 20_000 }).toBe('sent');
    const withdrawn = await bonusCents(who);

    await t.dev(`/balance_refunds/${id}/confirm`, { outcome: 'refused' });

    expect(withdrawn).toBe(0);
    expect(await bonusCents(who)).toBe(1_000);
    expect(await ownCents(t, who)).toBe(20_000);
  });
});

describe('issue 37 point 4: the monthly cap (3 refunds and 5,000.00 a Mexico City month, from 10.00)', () => {
  it('refuses the 4th refund of the month', async () => {
    const who = await namedMember(t, 100);
    for (let made = 0; made < balanceRefundRules.monthlyCount; made++)
      expect((await ask(t, who, { amount: 10 })).ok).toBe(true);

    const fourth = await ask(t, who, { amount: 10 });

    expect(fourth.ok ? null : fourth.error.error_code).toBe('monthly_count');
  });

  it('refuses what goes past 5,000.00 in the month, and takes exactly 5,000.00', async () => {
    const who = await namedMember(t, 6_000);
    expect((await ask(t, who, { amount: 4_990 })).ok).toBe(true);

    const past = await ask(t, who, { amount: 10.01 });
    const exactly = await ask(t, who, { amount: 10 });

    expect(past.ok ? null : past.error.error_code).toBe('monthly_amount');
    expect(exactly.ok).toBe(true);
  });

  it('refuses less than 10.00', async () => {
    const who = await namedMember(t, 100);

    const small = await ask(t, who, { amount: 9.99 });

    expect(small.ok ? null : small.error.error_code).toBe('below_minimum');
  });
});

describe('issue 37 point 4: the hold', () => {
  it('takes the amount out of the balance at once, before any job has sent a part', async () => {
    const who = await namedMember(t, 300);
    const armed: unknown[] = [];
    const { db, clock } = t.server.deps;

    const refund = await requestBalanceRefund(
      { db, clock, jobs: { at: async (_time, job) => void armed.push(job) } },
      { memberId: who.id, currency: 'MXN', amount: 120, clabe: bankClabe, holderName: memberName },
    );

    expect(refund.status).toBe('requested');
    expect(refund.parts.map((part) => part.status)).toEqual(['requested']);
    expect(await ownCents(t, who)).toBe(18_000);
    expect(armed).toEqual([{ kind: 'balance_refund', refundId: refund.id }]);
  });

  it(`sends a refund whose sending was lost once a read of the list finds it requested past ${sendingGraceMs / 1000} s`, async () => {
    const who = await namedMember(t, 300);
    const { db, clock } = t.server.deps;
    const lost = await requestBalanceRefund(
      { db, clock, jobs: { at: async () => undefined } },
      { memberId: who.id, currency: 'MXN', amount: 120, clabe: bankClabe, holderName: memberName },
    );
    const early = await refundsOf(t, who);

    t.clock.advance(sendingGraceMs + 1_000);
    await refundsOf(t, who);

    expect(early.find((refund) => refund.id === lost.id)?.status).toBe('requested');
    await expect.poll(() => statusOf(who, lost.id), { timeout: 20_000 }).toBe('sent');
  });

  it('pays a card part back to the card and calls the refund done', async () => {
    const who = await namedMember(t);
    const visa = await savedCard(t, who);
    await topUpByCard(t, who, visa, 75);

    const made = await ask(t, who, { clabe: undefined, holder_name: undefined });

    const id = made.ok ? made.value.balance_refund.id : 0;
    await expect.poll(() => statusOf(who, id), { timeout: 20_000 }).toBe('done');
    const refunds = await t.server.deps.db
      .selectFrom('provider_refunds')
      .select('amount_cents')
      .where('refund_id', 'like', 'bref_%')
      .execute();
    expect(refunds.map((row) => Number(row.amount_cents))).toContain(7_500);
    expect(await ownCents(t, who)).toBe(0);
  });

  it('gives the money of a refused SPEI part back once, however often the refusal comes', async () => {
    const who = await namedMember(t, 250);
    const made = await ask(t, who, { amount: 200 });
    const id = made.ok ? made.value.balance_refund.id : 0;
    await expect.poll(() => statusOf(who, id), { timeout: 20_000 }).toBe('sent');

    await t.dev(`/balance_refunds/${id}/confirm`, { outcome: 'refused' });
    const again = await t.dev(`/balance_refunds/${id}/confirm`, { outcome: 'refused' });

    const [refund] = await refundsOf(t, who);
    expect(again.status).toBe(200);
    expect(refund).toMatchObject({ id, status: 'refused', refusal: 'clabe_rejected' });
    expect(await ownCents(t, who)).toBe(25_000);
  });

  it('is done when the bank confirms the SPEI part', async () => {
    const who = await namedMember(t, 40);
    const made = await ask(t, who);
    const id = made.ok ? made.value.balance_refund.id : 0;
    await expect.poll(() => statusOf(who, id), { timeout: 20_000 }).toBe('sent');

    await t.dev(`/balance_refunds/${id}/confirm`, { outcome: 'done' });

    const [refund] = await refundsOf(t, who);
    expect(refund).toMatchObject({ status: 'done', parts: [{ way: 'spei', clabe_last4: '9016', status: 'done' }] });
    expect(refund?.done_at).not.toBeNull();
  });

  it('shows in the statement with its state', async () => {
    const who = await namedMember(t, 40);
    const made = await ask(t, who, { amount: 15 });
    const id = made.ok ? made.value.balance_refund.id : 0;

    const statement = await t.api(who.token).statement.get(who.id);

    const entries = statement.ok ? statement.value.entries : [];
    expect(entries.find((entry) => entry.kind === 'balance_refund')).toMatchObject({
      balance_refund: { id, amount: 15 },
      receipt: null,
    });
  });
});

// Last: it moves the server's clock 181 days on.
describe("issue 37 point 4: a SPEI refund after the profile's name changed", () => {
  it('is refused for 7 days (clabe_name_changed), then sent to the account in the new name', async () => {
    const who = await namedMember(t, 100);
    const renamed = 'Berenice Ximo Quezada';
    const profile = {
      name: renamed,
      gender: 'Mujer' as const,
      email: `br${who.id}@correo.example`,
      birth_date: '1989-11-16',
    };
    const saved = await t.api(who.token).members.update(who.id, profile);

    const early = await ask(t, who, { holder_name: renamed });
    t.clock.advance(7 * 86_400_000);
    const later = await ask(t, who, { holder_name: renamed });

    expect(saved.ok).toBe(true);
    expect(early.ok ? null : early.error.error_code).toBe('clabe_name_changed');
    expect(later.ok && later.value.balance_refund.status).toBe('requested');
  });

  it('is sent at once to a member who gave their name for the first time', async () => {
    const who = await t.member('+525533799999', 100);
    const profile = {
      name: memberName,
      gender: 'Mujer' as const,
      email: `first${who.id}@correo.example`,
      birth_date: '1990-04-12',
    };
    await t.api(who.token).members.update(who.id, profile);

    const made = await ask(t, who);

    expect(made.ok && made.value.balance_refund.status).toBe('requested');
  });
});

describe('issue 37 point 4: a card share the provider declines', () => {
  it('comes back to the balance, and the refund says what reached the card and why not the rest', async () => {
    const who = await namedMember(t);
    const visa = await savedCard(t, who);
    await topUpByCard(t, who, visa, 100);
    await topUpByCard(t, who, visa, 50);
    const { db } = t.server.deps;
    const older = await db
      .selectFrom('top_ups')
      .select('order_id')
      .where('member_id', '=', who.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    // The provider no longer knows the older charge: its refund is declined.
    await db
      .deleteFrom('provider_charges')
      .where('order_id', '=', older.order_id ?? '')
      .execute();

    const made = await ask(t, who);
    const id = made.ok ? made.value.balance_refund.id : 0;
    await expect.poll(() => statusOf(who, id), { timeout: 20_000 }).toBe('done');

    const [refund] = await refundsOf(t, who);
    expect(refund).toMatchObject({
      amount: 50,
      refusal: 'card_refund_declined',
      parts: [{ amount: 50, status: 'done' }],
    });
    expect(await ownCents(t, who)).toBe(10_000);
  });
});

describe('issue 37 point 4: the card provider refund window of 180 days', () => {
  it("sends a card's share by SPEI once its charge is older than the window", async () => {
    const who = await namedMember(t);
    const visa = await savedCard(t, who);
    await topUpByCard(t, who, visa, 60);

    t.clock.advance(181 * 86_400_000);
    const plan = await planOf(t, who);

    expect(plan.parts).toEqual([
      { way: 'spei', card_brand: null, card_last4: null, amount: 60, why: ['refund_window_passed'] },
    ]);
  });

  it("judges the window by the provider's charge, as the provider does, not by when the top-up was credited", async () => {
    const who = await namedMember(t);
    const visa = await savedCard(t, who);
    await topUpByCard(t, who, visa, 60);
    const { db } = t.server.deps;
    const topUp = await db
      .selectFrom('top_ups')
      .select('order_id')
      .where('member_id', '=', who.id)
      .executeTakeFirstOrThrow();
    // A charge the provider made 181 days ago, credited only now (a late reconciliation).
    await db
      .updateTable('provider_charges')
      .set({ created_at: new Date(t.clock.now().getTime() - 181 * 86_400_000) })
      .where('order_id', '=', topUp.order_id ?? '')
      .execute();

    const plan = await planOf(t, who);

    expect(plan.parts.map((part) => [part.way, part.why])).toEqual([['spei', ['refund_window_passed']]]);
  });
});
