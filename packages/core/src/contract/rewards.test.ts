import { describe, expect, it } from 'vitest';
import {
  bonusCents,
  bonusExpiresAt,
  bonusOn,
  earnsStamp,
  keptAt,
  keptUntil,
  priceWithReward,
  RewardProgram,
  refundTakesBack,
  runsAt,
  spendSplit,
  stampProgress,
} from './rewards.ts';

const tiers = [
  { from: 200, percent: 5 },
  { from: 500, percent: 10 },
];

describe('top-up bonus (issue 36 point 1)', () => {
  it('pays nothing below the first tier', () => {
    expect(bonusCents(tiers, 19_999, 'MXN')).toBe(0);
  });

  it('pays the tier a top-up reaches: +5 % from 200', () => {
    expect(bonusOn(tiers, 200, 'MXN')).toBe(10);
  });

  it('pays the highest tier reached: +10 % from 500', () => {
    expect(bonusOn(tiers, 750, 'MXN')).toBe(75);
  });

  it('rounds down to the centavo, never crediting more than the tier', () => {
    expect(bonusCents(tiers, 20_033, 'MXN')).toBe(1001);
  });

  it('counts in the currency of the program: yen have no minor unit', () => {
    expect(bonusCents([{ from: 2000, percent: 5 }], 2500, 'JPY')).toBe(125);
  });

  it('takes the best tier whatever order the operator wrote them in', () => {
    expect(bonusOn([...tiers].reverse(), 600, 'MXN')).toBe(60);
  });
});

describe('stamp card (issue 36 point 1)', () => {
  it('stamps a paid purchase at the minimum price', () => {
    expect(earnsStamp({ min_price: 15 }, 1500, 'MXN')).toBe(true);
  });

  it('does not stamp a purchase under the minimum price', () => {
    expect(earnsStamp({ min_price: 15 }, 1499, 'MXN')).toBe(false);
  });

  it('never stamps a free purchase', () => {
    expect(earnsStamp({ min_price: 0 }, 0, 'MXN')).toBe(false);
  });

  it('makes a purchase up to the cap free', () => {
    expect(priceWithReward(2200, 2500)).toBe(0);
  });

  it('has the member pay the difference above the cap', () => {
    expect(priceWithReward(3200, 2500)).toBe(700);
  });

  it('reads progress as stamps of needed, and purchases left', () => {
    expect(stampProgress({ stamps: 3, stamps_needed: 8, rewards: 1 })).toEqual({
      stamps: 3,
      needed: 8,
      left: 5,
      rewards: 1,
    });
  });
});

describe('bonus spend order (issue 36 point 2)', () => {
  it("spends the member's own money first", () => {
    expect(spendSplit(3000, 5000)).toEqual({ own: 3000, bonus: 0 });
  });

  it('spends bonus credit for what own money does not cover', () => {
    expect(spendSplit(3000, 1200)).toEqual({ own: 1200, bonus: 1800 });
  });

  it('spends no own money from a balance below zero', () => {
    expect(spendSplit(3000, -500)).toEqual({ own: 0, bonus: 3000 });
  });
});

describe('program end and bonus expiry (issue 36 points 1 and 2)', () => {
  const start = new Date('2026-11-01T00:00:00Z');
  const end = new Date('2026-12-01T00:00:00Z');
  const program = { starts_at: start, ends_at: end, keep_days: 30 };

  it('earns from its start', () => {
    expect(runsAt(program, start)).toBe(true);
  });

  it('earns nothing before its start', () => {
    expect(runsAt(program, new Date('2026-10-31T23:59:59Z'))).toBe(false);
  });

  it('earns nothing from its end on', () => {
    expect(runsAt(program, end)).toBe(false);
  });

  it('runs with no end while it has none', () => {
    expect(runsAt({ ...program, ends_at: null }, new Date('2030-01-01T00:00:00Z'))).toBe(true);
  });

  it('keeps what members earned 30 days past its end: until 31 December', () => {
    expect(keptUntil(program)?.toISOString()).toBe('2026-12-31T00:00:00.000Z');
  });

  it('lets rewards and bonus credit be used on the 30th day after the end, not after', () => {
    expect([
      keptAt(program, new Date('2026-12-30T23:59:59Z')),
      keptAt(program, new Date('2026-12-31T00:00:00Z')),
    ]).toEqual([true, false]);
  });

  it('expires bonus credit 90 days after it was credited', () => {
    expect(bonusExpiresAt(new Date('2026-11-27T12:00:00Z'), 90).toISOString()).toBe('2027-02-25T12:00:00.000Z');
  });
});

describe('reversal on refund (issue 36 point 2)', () => {
  it('takes the stamp back from a card not full', () => {
    expect(refundTakesBack({ redeemed: false, rewards: 0 })).toEqual({ stamp: true, reward: false });
  });

  it("takes the stamp and the card's reward back from a full card whose reward is unused", () => {
    expect(refundTakesBack({ redeemed: false, rewards: 1 })).toEqual({ stamp: true, reward: true });
  });

  it('takes nothing back once the card was redeemed', () => {
    expect(refundTakesBack({ redeemed: true, rewards: 0 })).toEqual({ stamp: false, reward: false });
  });
});

describe('RewardProgram', () => {
  it('refuses a bonus with more than three tiers', () => {
    const program = {
      id: 1,
      kind: 'top_up_bonus',
      name: 'Bono',
      operator_name: 'Vendo',
      product_server_id: null,
      currency: 'MXN',
      starts_at: '2026-11-01T00:00:00Z',
      ends_at: null,
      kept_until: null,
      active: true,
      top_up_bonus: { tiers: [...tiers, ...tiers], valid_days: 90 },
    };
    expect(RewardProgram.safeParse(program).success).toBe(false);
  });
});
