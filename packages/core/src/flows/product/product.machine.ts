import { assign, fromPromise, setup } from 'xstate';
import type { ApiError } from '../../api/api-error.ts';
import type { Api } from '../../api/index.ts';
import type { ProductServerItem } from '../../contract/index.ts';
import { apiErrorOf } from '../actor-failure.ts';

export type ProductError = 'missing' | 'unreachable' | 'unknown';

const notProvided = () => Promise.reject(new Error('product: provide the loadProduct actor'));

function productError(error: ApiError): ProductError {
  if (error.status === 404) return 'missing';
  return error.kind === 'network' || error.kind === 'timeout' ? 'unreachable' : 'unknown';
}

/** Spec §2 `/product/:productId`: one product of the chosen machine. */
export const productMachine = setup({
  types: {} as {
    context: { machineId: number; productId: number; product: ProductServerItem | null; error: ProductError | null };
    events: { type: 'retry' };
    input: { machineId: number; productId: number };
  },
  actors: {
    loadProduct: fromPromise<ProductServerItem, { machineId: number; productId: number }>(notProvided),
  },
}).createMachine({
  id: 'product',
  context: ({ input }) => ({ ...input, product: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadProduct',
        input: ({ context }) => ({ machineId: context.machineId, productId: context.productId }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ product: event.output, error: null })) },
        onError: {
          target: 'failed',
          actions: assign(({ event }) => ({ error: productError(apiErrorOf(event.error)) })),
        },
      },
    },
    ready: {},
    failed: { on: { retry: 'loading' } },
  },
});

export type ProductMachine = typeof productMachine;

export function productActors({ api }: { api: Api }) {
  return {
    loadProduct: fromPromise<ProductServerItem, { machineId: number; productId: number }>(async ({ input, signal }) => {
      const answer = await api.products.get(input.machineId, input.productId, { signal });
      if (!answer.ok) throw answer.error;
      return answer.value.product_server_item;
    }),
  };
}
