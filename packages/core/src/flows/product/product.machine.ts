import { assign, fromPromise, setup } from 'xstate';
import type { ApiError } from '../../api/api-error.ts';
import { isUnanswered } from '../../api/error-checks.ts';
import type { ProductServerItem } from '../../contract/index.ts';
import { apiErrorOf } from '../actor-failure.ts';
import type { ProductContext, ProductError, ProductEvent, ProductInput } from './product.types.ts';

const notProvided = () => Promise.reject(new Error('product: provide the loadProduct actor'));

/**
 * The longest the screen waits for its product, whatever is under way (the API client's code, the call,
 * reading its answer). The client gives up on the call itself after 15 s; this is the screen's own way out
 * when something before or after the call never settles.
 */
export const PRODUCT_LOAD_LIMIT_MS = 20_000;

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
  delays: {
    loadLimit: PRODUCT_LOAD_LIMIT_MS,
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
      // Leaving the state stops the load (its request is cancelled) and says the provider did not answer.
      after: { loadLimit: { target: 'failed', actions: assign({ error: 'unreachable' as const }) } },
    },
    ready: {},
    failed: { on: { 'product.retried': 'loading' } },
  },
});

export type ProductMachine = typeof productMachine;
