import type { ProductServerItem } from '../../contract/index.ts';

export type ProductError = 'missing' | 'unreachable' | 'unknown';

/** Which product of which machine; also what the loadProduct actor reads. */
export interface ProductInput {
  machineId: number;
  productId: number;
}

export interface ProductContext extends ProductInput {
  product: ProductServerItem | null;
  error: ProductError | null;
}

export type ProductEvent = { type: 'product.retried' };
