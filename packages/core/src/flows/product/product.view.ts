import type { SnapshotFrom } from 'xstate';
import { priceDisplay } from '../../rules/inventory.ts';
import type { ProductMachine } from './product.machine.ts';

/** What the product screen shows: the product and its price once read, or why it could not be. */
export function productView(snapshot: SnapshotFrom<ProductMachine>) {
  const { context } = snapshot;
  return {
    loading: snapshot.matches('loading'),
    product: context.product,
    price: context.product ? priceDisplay(context.product) : null,
    error: context.error,
  };
}

export type ProductView = ReturnType<typeof productView>;
