import { describe, expect, it } from 'vitest';
import {
  balanceRefundRules,
  bonusClawback,
  clabeProblem,
  monthUsage,
  normalisedName,
  plannedCents,
  type RefundableTopUp,
  refundAllowed,
  refundPlan,
} from './balance-refund.ts';

const now = new Date('2026-11-28T18:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
const visa = { id: 1, brand: 'visa', last4: '4242', deleted: false };
const mastercard = { id: 2, brand: 'mastercard', last4: '5100', deleted: false };
const topUp = (
  id: number,
  method: RefundableTopUp['method'],
  amountCents: number,
  paidDaysAgo: number,
  card: RefundableTopUp['card'] = null,
): RefundableTopUp => ({
  id,
  method,
  amountCents,
  refundedCents: 0,
  paidAt: daysAgo(paidDaysAgo),
  card,
});

describe('issue 37 point 4: where the own money goes back', () => {
  it('attributes it to the newest top-ups first, each card its own part, cash by SPEI, older money taken as spent', () => {
    const topUps = [
      topUp(3, 'card', 20_000, 1, visa),
      topUp(2, 'reference', 10_000, 2),
      topUp(1, 'card', 30_000, 3, mastercard),
      topUp(0, 'card', 50_000, 4, visa),
    ];

    const plan = refundPlan({ ownCents: 45_000, topUps, now });

    expect(plan.map((part) => [part.way, part.card?.last4 ?? null, part.amountCents])).toEqual([
      ['card', '4242', 20_000],
      ['spei', null, 10_000],
      ['card', '5100', 15_000],
    ]);
  });

  it("sends a deleted card's share by SPEI", () => {
    const plan = refundPlan({
      ownCents: 10_000,
      topUps: [topUp(1, 'card', 10_000, 1, { ...visa, deleted: true })],
      now,
    });

    expect(plan).toEqual([
      {
        way: 'spei',
        amountCents: 10_000,
        card: null,
        shares: [{ topUpId: 1, amountCents: 10_000, keptCents: 0, bonusWithdrawnCents: 0, why: 'card_deleted' }],
      },
    ]);
  });

  it("keeps a card's share on the card on the window's 180th day and sends it by SPEI after", () => {
    const inside = refundPlan({ ownCents: 5_000, topUps: [topUp(1, 'card', 5_000, 180, visa)], now });
    const outside = refundPlan({ ownCents: 5_000, topUps: [topUp(1, 'card', 5_000, 180.01, visa)], now });

    expect(balanceRefundRules.cardRefundWindowDays).toBe(180);
    expect(inside[0]?.way).toBe('card');
    expect(outside[0]?.shares[0]?.why).toBe('refund_window_passed');
  });

  it('sends a SPEI top-up and own money no top-up explains (refunded purchases, seed) in one SPEI part', () => {
    const plan = refundPlan({ ownCents: 12_500, topUps: [topUp(1, 'spei', 10_000, 1)], now });

    expect(plan).toHaveLength(1);
    expect(plan[0]?.amountCents).toBe(12_500);
    expect(plan[0]?.shares.map((share) => share.why)).toEqual(['spei', 'other']);
  });

  it('takes off what earlier balance refunds gave back of a top-up', () => {
    const plan = refundPlan({
      ownCents: 10_000,
      topUps: [{ ...topUp(2, 'card', 8_000, 1, visa), refundedCents: 6_000 }, topUp(1, 'reference', 9_000, 2)],
      now,
    });

    expect(plan.map((part) => [part.way, part.amountCents])).toEqual([
      ['card', 2_000],
      ['spei', 8_000],
    ]);
  });

  it('gives a meal-voucher top-up back to the voucher card while the provider can, like any card', () => {
    const edenred = { id: 9, brand: 'edenred', last4: '0042', deleted: false };

    const plan = refundPlan({ ownCents: 3_000, topUps: [topUp(1, 'card', 3_000, 1, edenred)], now });

    expect(plan[0]).toMatchObject({ way: 'card', card: { brand: 'edenred' }, amountCents: 3_000 });
  });

  it('gives back only the amount asked for, newest first', () => {
    const plan = refundPlan({
      ownCents: 30_000,
      amountCents: 25_000,
      topUps: [topUp(2, 'card', 20_000, 1, visa), topUp(1, 'reference', 10_000, 2)],
      now,
    });

    expect(plan.map((part) => part.amountCents)).toEqual([20_000, 5_000]);
  });

  it('plans nothing when there is no own money (bonus credit is never given back: it is not in ownCents)', () => {
    expect(refundPlan({ ownCents: 0, topUps: [topUp(1, 'card', 5_000, 1, visa)], now })).toEqual([]);
  });
});

describe("issue 37 point 4: a checkout page's card payment", () => {
  it('goes back to the card it came from, a card part with no saved card; past the window by SPEI', () => {
    const recent = refundPlan({ ownCents: 15_000, topUps: [topUp(1, 'checkout', 15_000, 1)], now });
    const old = refundPlan({ ownCents: 15_000, topUps: [topUp(1, 'checkout', 15_000, 181)], now });

    expect(recent.map((part) => [part.way, part.card, part.amountCents])).toEqual([['card', null, 15_000]]);
    expect(old.map((part) => [part.way, part.shares[0]?.why])).toEqual([['spei', 'refund_window_passed']]);
  });
});

describe('issue 37 point 4: SPEI moves pesos only', () => {
  const yen = (parts: ReturnType<typeof refundPlan>) => parts.map((part) => [part.way, part.amountCents]);

  it('gives a yen balance back to its cards only: a deleted card’s share and unexplained money stay', () => {
    const topUps = [
      topUp(3, 'card', 5_000, 1, { ...visa, deleted: true }),
      topUp(2, 'card', 3_000, 2, visa),
      topUp(1, 'card', 2_000, 3, mastercard),
    ];

    const all = refundPlan({ ownCents: 12_000, topUps, now, currency: 'JPY' });
    const some = refundPlan({ ownCents: 12_000, topUps, now, currency: 'JPY', amountCents: 4_000 });

    expect(yen(all)).toEqual([
      ['card', 3_000],
      ['card', 2_000],
    ]);
    expect(plannedCents(all)).toBe(5_000);
    expect(yen(some)).toEqual([
      ['card', 3_000],
      ['card', 1_000],
    ]);
  });

  it('sends pesos no card takes back by SPEI', () => {
    const plan = refundPlan({ ownCents: 12_000, topUps: [topUp(1, 'reference', 5_000, 1)], now, currency: 'MXN' });

    expect(plan.map((part) => [part.way, part.amountCents])).toEqual([['spei', 12_000]]);
  });
});

describe("issue 37 point 4 with issue 36: a top-up's money goes back with the bonus it earned", () => {
  it.each([
    // take, top-up, grant, left → withdrawn, kept
    [20_000, 20_000, 1_000, 1_000, 1_000, 0],
    [20_000, 20_000, 1_000, 0, 0, 1_000],
    [20_000, 20_000, 1_000, 300, 300, 700],
    [10_000, 20_000, 1_000, 1_000, 500, 0],
    [10_000, 30_000, 1_000, 1_000, 334, 0],
    [500, 20_000, 20_000, 0, 0, 500],
    [20_000, 20_000, 0, 0, 0, 0],
  ])(
    'giving back %i of a %i top-up with a %i bonus, %i left: withdraws %i, keeps %i',
    (take, top, grant, left, withdrawn, kept) => {
      expect(bonusClawback({ takeCents: take, topUpCents: top, grantCents: grant, leftCents: left })).toEqual({
        withdrawCents: withdrawn,
        keptCents: kept,
      });
    },
  );

  it('sends the card the money less the bonus already spent, and says what it keeps', () => {
    const bonusTopUp = { ...topUp(1, 'card', 20_000, 1, visa), bonus: { grantCents: 1_000, leftCents: 400 } };

    const [part] = refundPlan({ ownCents: 20_000, topUps: [bonusTopUp], now });

    expect(part).toMatchObject({
      way: 'card',
      amountCents: 19_400,
      shares: [{ topUpId: 1, amountCents: 19_400, keptCents: 600, bonusWithdrawnCents: 400 }],
    });
  });
});

describe('issue 37 point 4: the monthly cap, 3 balance refunds and MX$5,000.00 a Mexico City month, from MX$10.00', () => {
  const allowed = {
    amountCents: 1_000,
    refundableCents: 100_000,
    usage: { count: 0, amountCents: 0 },
    needsClabe: false,
    clabeGiven: false,
  };

  it.each([
    ['nothing to refund', { refundableCents: 0 }, 'nothing_to_refund'],
    ['MX$9.99 is below the minimum', { amountCents: 999 }, 'below_minimum'],
    ['MX$10.00 is allowed', { amountCents: 1_000 }, null],
    ['more than the refundable', { amountCents: 100_001 }, 'above_refundable'],
    ['the 4th of the month', { usage: { count: 3, amountCents: 3_000 } }, 'monthly_count'],
    ['the 3rd of the month', { usage: { count: 2, amountCents: 3_000 } }, null],
    [
      'MX$5,000.00 reached to the cent',
      { amountCents: 1_001, usage: { count: 1, amountCents: 499_000 } },
      'monthly_amount',
    ],
    ['exactly MX$5,000.00 in the month', { amountCents: 1_000, usage: { count: 1, amountCents: 499_000 } }, null],
    ['a SPEI part without a CLABE', { needsClabe: true }, 'clabe_needed'],
    ['a SPEI part with a CLABE', { needsClabe: true, clabeGiven: true }, null],
  ] as const)('%s', (_, change, expected) => {
    expect(refundAllowed({ ...allowed, ...change })).toBe(expected);
  });

  it("counts the refunds of Mexico City's month: 23:30 on 31 October there is October's, refused ones not at all", () => {
    const refunds = [
      { requestedAt: new Date('2026-11-01T05:30:00Z'), amountCents: 2_000, status: 'done' },
      { requestedAt: new Date('2026-11-01T06:00:00Z'), amountCents: 3_000, status: 'done' },
      { requestedAt: new Date('2026-11-02T12:00:00Z'), amountCents: 4_000, status: 'refused' },
      { requestedAt: new Date('2026-11-03T12:00:00Z'), amountCents: 8_000, status: 'sent' },
    ];

    const usage = monthUsage(refunds, new Date('2026-11-15T12:00:00Z'));

    expect(usage).toEqual({ count: 2, amountCents: 11_000 });
  });
});

describe('issue 37 point 4: the CLABE a SPEI part goes to', () => {
  it("holds SPEI back for 7 days after the profile's name changed, to the millisecond", () => {
    const base = { clabe: '012180123456789016', holderName: 'Ana López', memberName: 'Ana López' };
    const changed = new Date('2026-11-21T18:00:00Z');

    expect(clabeProblem({ ...base, nameChangedAt: changed, now: new Date('2026-11-28T17:59:59.999Z') })).toBe(
      'clabe_name_changed',
    );
    expect(clabeProblem({ ...base, nameChangedAt: changed, now: new Date('2026-11-28T18:00:00Z') })).toBeNull();
    expect(clabeProblem({ ...base, nameChangedAt: null, now })).toBeNull();
  });

  const member = 'Ana López Núñez';

  it.each([
    ["a valid CLABE in the member's name", '002010777777777770', 'Ana López Núñez', null],
    ['the name without accents, in capitals, with extra spaces', '002010777777777770', '  ANA  LOPEZ nunez ', null],
    ['a wrong check digit', '002010777777777771', member, 'clabe_invalid'],
    ['17 digits', '00201077777777777', member, 'clabe_invalid'],
    ["someone else's name", '002010777777777770', 'Luis López Núñez', 'clabe_not_members'],
    ["a Vendo CLABE (bank 999), the member's own included", '999180000000000015', member, 'clabe_own_vendo'],
  ] as const)('%s', (_, clabe, holderName, expected) => {
    expect(clabeProblem({ clabe, holderName, memberName: member })).toBe(expected);
  });

  it('refuses any holder when the member has no name to compare with', () => {
    expect(clabeProblem({ clabe: '002010777777777770', holderName: 'Ana', memberName: null })).toBe(
      'clabe_not_members',
    );
  });

  it('compares names without accents, case or spacing', () => {
    expect(normalisedName(' José  MARÍA ')).toBe('jose maria');
  });
});
