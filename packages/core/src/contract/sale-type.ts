import * as z from 'zod/mini';

/**
 * Spec §3/§7 `sale_type_code`: 2 sold from the balance (or a card), 3 a free sample, 4 a service or
 * recharge bought by upc. Every reader names them here, the provider's API included.
 */
export const SaleType = { sale: 2, sample: 3, service: 4 } as const;

/** The wire's `sale_type_code`, built from the names so the two cannot drift. */
export const SaleTypeCode = z.union([
  z.literal(SaleType.sale),
  z.literal(SaleType.sample),
  z.literal(SaleType.service),
]);
export type SaleTypeCode = z.infer<typeof SaleTypeCode>;

/** Sale types the member pays for: a sample is free. */
export const paidSaleTypes: readonly SaleTypeCode[] = [SaleType.sale, SaleType.service];
