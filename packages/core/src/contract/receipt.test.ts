import { describe, expect, it } from 'vitest';
import { receiptFolio, receiptPagePath } from './receipt.ts';

describe('where a receipt is read (issue 35 points 3 and 4)', () => {
  it.each([
    ['deal', 5001, '/receipt/deal/5001'],
    ['top_up', 31, '/receipt/top-up/31'],
  ] as const)("a %s's page, the link its e-mail carries: %s → %s", (kind, id, path) => {
    expect(receiptPagePath(kind, id)).toBe(path);
  });

  it('a folio is the prefix and the number padded to 6 digits, longer once it grows', () => {
    expect([receiptFolio('VEN', 123), receiptFolio('VEN', 1_234_567)]).toEqual(['VEN-000123', 'VEN-1234567']);
  });
});
