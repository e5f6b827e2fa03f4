import { fromPromise } from 'xstate';
import type { Api } from '../../api/index.ts';
import type { ProductServerItem } from '../../contract/index.ts';

/** The inventory flow's effects on the real API; tests provide fakes instead. */
export function inventoryActors({ api }: { api: Api }) {
  const items = (load: (id: number, signal: AbortSignal) => ReturnType<Api['products']['list']>) =>
    fromPromise<ProductServerItem[], { machineId: number }>(async ({ input, signal }) => {
      const answer = await load(input.machineId, signal);
      if (!answer.ok) throw answer.error;
      return answer.value.product_server_items;
    });
  return {
    loadProducts: items((id, signal) => api.products.list(id, { signal })),
    loadPaymentProducts: items((id, signal) => api.products.listPayment(id, { signal })),
  };
}
