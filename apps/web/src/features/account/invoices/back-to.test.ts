import { describe, expect, it } from 'vitest';
import { backTo } from './back-to.ts';

describe('issue 37 point 3: a saved tax profile leads back to the receipt it was asked from', () => {
  it.each([
    ['?back=%2Freceipt%2Ftop-up%2F31', '/receipt/top-up/31'],
    ['?back=/receipt/top-up/31', '/receipt/top-up/31'],
    ['', null],
    ['?back=https%3A%2F%2Fevil.example%2Freceipt%2Ftop-up%2F31', null],
    ['?back=%2F%2Fevil.example%2Freceipt%2Ftop-up%2F31', null],
    ['?back=%2Freceipt%2Fdeal%2F31', null],
  ])('%s leads back to %s', (search, back) => {
    expect(backTo(search)).toBe(back);
  });
});
