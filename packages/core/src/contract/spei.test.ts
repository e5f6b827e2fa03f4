import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { SpeiDepositNotice, speiDailyCapCents, speiSplit } from './spei.ts';

const notice = {
  tracking_key: 'MBAN01002611290001',
  clabe: '002010077777777771',
  amount: 150.5,
  sender_name: 'Ana López',
  sender_bank: 'BANAMEX',
  sent_at: '2026-11-29T10:15:00-06:00',
};

describe('issue 37 point 2: a transfer is credited up to the daily cap, the rest returned', () => {
  it('caps a day at the top-up maximum, 2,000 MXN', () => {
    expect(speiDailyCapCents('MXN')).toBe(200_000);
  });

  it.each([
    ['below the minimum (30.00) is still credited whole', 3_000, 0, { credited: 3_000, returned: 0 }],
    ['1,500.00 on a fresh day is credited whole', 150_000, 0, { credited: 150_000, returned: 0 }],
    [
      '2,500.00 on a fresh day: 2,000.00 credited, 500.00 returned',
      250_000,
      0,
      { credited: 200_000, returned: 50_000 },
    ],
    [
      '800.00 after 1,500.00 today: 500.00 credited, 300.00 returned',
      80_000,
      150_000,
      { credited: 50_000, returned: 30_000 },
    ],
    ['100.00 once the cap is reached is returned whole', 10_000, 200_000, { credited: 0, returned: 10_000 }],
  ])('%s', (_, amount, today, split) => {
    expect(speiSplit(amount, today, 200_000)).toEqual(split);
  });
});

describe("issue 37 point 2: the bank's deposit notice", () => {
  it('takes a transfer in pesos with 2 decimals', () => {
    expect(z.safeParse(SpeiDepositNotice, notice).success).toBe(true);
  });

  it.each([
    ['a fraction of a centavo', { amount: 10.005 }],
    ['nothing sent', { amount: 0 }],
    ['a tracking key with a dash', { tracking_key: 'MBAN-01' }],
    ['a tracking key of 31 characters', { tracking_key: 'A'.repeat(31) }],
    ['a CLABE whose check digit is wrong', { clabe: '002010077777777772' }],
  ])('refuses %s', (_, change) => {
    expect(z.safeParse(SpeiDepositNotice, { ...notice, ...change }).success).toBe(false);
  });
});
