import { describe, expect, it } from 'vitest';
import { examples } from '../../contract/examples.ts';
import { type RewardProgram, SaleType, type StampCardProgram } from '../../contract/index.ts';
import { bonusTotal, purchaseRewards, stampCardLine, topUpBonusOn } from './rewards.rules.ts';

const card = examples.stampCard as StampCardProgram;
const withReward: StampCardProgram = { ...card, stamp_card: { ...card.stamp_card, stamps: 0, rewards: 1 } };
const bonus = examples.topUpBonus;
const sale = (price: number) => ({ saleType: SaleType.sale, price, currency: 'MXN' });

describe('issue 36 point 3: what a purchase does with the stamp card, before the buy', () => {
  it('says a purchase at the minimum price earns a stamp', () => {
    expect(purchaseRewards([card], sale(15)).earns?.id).toBe(card.id);
  });

  it('says a purchase under the minimum earns none, and what the minimum is', () => {
    const rewards = purchaseRewards([card], sale(14.5));
    expect([rewards.earns, rewards.tooCheap?.stamp_card.min_price]).toEqual([null, 15]);
  });

  it('offers the reward free on a product up to the cap', () => {
    expect(purchaseRewards([withReward], sale(22)).reward?.pays).toBe(0);
  });

  it('has the member pay the difference above the cap: $32 with a $25 cap is $7', () => {
    expect(purchaseRewards([withReward], sale(32)).reward?.pays).toBe(7);
  });

  it('never offers or earns anything on a free sample', () => {
    expect(purchaseRewards([withReward], { saleType: SaleType.sample, price: 0, currency: 'MXN' })).toEqual({
      earns: null,
      tooCheap: null,
      reward: null,
    });
  });

  it('earns nothing on a card that has ended, while its reward can still be used', () => {
    const ended: StampCardProgram = { ...withReward, active: false };
    const rewards = purchaseRewards([ended], sale(20));
    expect([rewards.earns, rewards.tooCheap, rewards.reward?.pays]).toEqual([null, null, 0]);
  });

  it('leaves a card of another currency out', () => {
    expect(purchaseRewards([withReward], { ...sale(20), currency: 'JPY' }).reward).toBeNull();
  });
});

describe('issue 36 point 3: the bonus on each top-up amount', () => {
  it.each([
    [100, 0],
    [200, 10],
    [500, 50],
    [2000, 200],
  ])('a top-up of %d earns %d', (amount, expected) => {
    expect(topUpBonusOn([bonus], amount, 'MXN')).toBe(expected);
  });

  it('earns nothing once the program has ended', () => {
    expect(topUpBonusOn([{ ...bonus, active: false } as RewardProgram], 500, 'MXN')).toBe(0);
  });
});

describe('issue 36 point 3: bonus credit apart from own money', () => {
  it('sums the credit of one currency to the centavo', () => {
    const credit = { currency: 'MXN', operator_name: 'Café Premia', expires_at: '2027-02-25T12:00:00Z' };
    expect(
      bonusTotal(
        [
          { ...credit, amount: 0.1 },
          { ...credit, amount: 0.2 },
          { ...credit, amount: 5, currency: 'JPY' },
        ],
        'MXN',
      ),
    ).toBe(0.3);
  });
});

describe('issue 36 point 3: a stamp card read as progress', () => {
  it('reads 3 of 8 with 5 purchases left and the cap', () => {
    expect(stampCardLine(card)).toEqual({ stamps: 3, needed: 8, left: 5, rewards: 0, cap: 25, active: true });
  });
});
