import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { paidSaleTypes, SaleType, SaleTypeCode } from './sale-type.ts';

describe('spec §3/§7 sale_type_code, named once (issue 34 point 2)', () => {
  it('names 2 a sale, 3 a sample and 4 a service, as the wire writes them', () => {
    expect(SaleType).toEqual({ sale: 2, sample: 3, service: 4 });
  });

  it.each([
    [1, false],
    [2, true],
    [3, true],
    [4, true],
    [5, false],
  ])('the wire check built from the names takes %i: %s', (code, accepted) => {
    expect(z.safeParse(SaleTypeCode, code).success).toBe(accepted);
  });

  it('charges a sale and a service, never a sample', () => {
    expect(paidSaleTypes).toEqual([SaleType.sale, SaleType.service]);
  });
});
