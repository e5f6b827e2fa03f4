import { fromPromise } from 'xstate';
import type { Api } from '../../api/index.ts';
import type { ProductServerItem } from '../../contract/index.ts';
import type { ProductInput } from './product.types.ts';

/** The product flow's effect on the real API: one product of the machine. */
export function productActors({ api }: { api: Api }) {
  return {
    loadProduct: fromPromise<ProductServerItem, ProductInput>(async ({ input, signal }) => {
      const answer = await api.products.get(input.machineId, input.productId, { signal });
      if (!answer.ok) throw answer.error;
      return answer.value.product_server_item;
    }),
  };
}
