import { assign, fromPromise, setup } from 'xstate';
import type { ApiError } from '../../api/api-error.ts';
import { isUnanswered } from '../../api/error-checks.ts';
import type { ProductServerItem } from '../../contract/index.ts';
import { apiErrorOf } from '../actor-failure.ts';
import type { ProductContext, ProductError, ProductEvent, ProductInput } from './product.types.ts';

const notProvided = () => Promise.reject(new Error('product: provide the loadProduct actor'));

function productError(error: ApiError): ProductError {
  if (error.status === 404) return 'missing';
  return isUnanswered(error) ? 'unreachable' : 'unknown';
}

/** Spec §2 `/product/:productId`: one product of the chosen machine. */
export const productMachine = setup({
  types: {} as { context: ProductContext; events: ProductEvent; input: ProductInput },
  actors: {
    loadProduct: fromPromise<ProductServerItem, ProductInput>(notProvided),
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
