import { assign, fromPromise, setup } from 'xstate';
import type { ApiError } from '../../api/api-error.ts';
import type { Api } from '../../api/index.ts';
import type { ProductServerItem } from '../../contract/index.ts';
import type { InventoryTab } from '../../rules/insert-coin.ts';
import { failure } from '../actor-failure.ts';

export type InventoryError = 'unreachable' | 'unknown';

export interface InventoryContext {
  readonly machineId: number;
  readonly items: ProductServerItem[];
  readonly paymentProducts: ProductServerItem[] | null;
  readonly tab: InventoryTab;
  readonly error: InventoryError | null;
}

export type InventoryEvent =
  | { type: 'tab.selected'; tab: InventoryTab }
  | { type: 'retry' }
  /** signedIn: the payment products are a member's call (spec §7), so a visitor is asked to sign in first. */
  | { type: 'payWithCard.opened'; signedIn: boolean }
  | { type: 'login.shown' };

const notProvided = (name: string) => () => Promise.reject(new Error(`inventory: provide the ${name} actor`));
const inventoryError = (error: ApiError): InventoryError =>
  error.kind === 'network' || error.kind === 'timeout' ? 'unreachable' : 'unknown';

/**
 * Spec §2 machine inventory: the machine's products (grouped by the view), and
 * on numeric-keyboard machines the insert-coin tab, whose pay-with-card link
 * lists the payment products. States name what the screen shows.
 */
export const inventoryMachine = setup({
  types: {} as { context: InventoryContext; events: InventoryEvent; input: { machineId: number } },
  actors: {
    loadProducts: fromPromise<ProductServerItem[], { machineId: number }>(notProvided('loadProducts')),
    loadPaymentProducts: fromPromise<ProductServerItem[], { machineId: number }>(notProvided('loadPaymentProducts')),
  },
  guards: {
    visitor: ({ event }) => event.type === 'payWithCard.opened' && !event.signedIn,
    // A session the server no longer knows: signing in again is the way on, as for a visitor.
    unauthorized: (_, error: ApiError) => error.status === 401,
  },
  actions: {
    keepItems: assign((_, items: ProductServerItem[]) => ({ items, error: null })),
    keepPaymentProducts: assign((_, paymentProducts: ProductServerItem[]) => ({ paymentProducts })),
    keepError: assign((_, error: ApiError) => ({ error: inventoryError(error) })),
    selectTab: assign(({ event }) => (event.type === 'tab.selected' ? { tab: event.tab } : {})),
  },
}).createMachine({
  id: 'inventory',
  context: ({ input }) => ({ machineId: input.machineId, items: [], paymentProducts: null, tab: 0, error: null }),
  // The tab is the member's choice whatever the products are doing: the insert-coin tab needs none of them.
  on: { 'tab.selected': { actions: 'selectTab' } },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadProducts',
        input: ({ context }) => ({ machineId: context.machineId }),
        onDone: { target: 'ready', actions: { type: 'keepItems', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'keepError', params: failure } },
      },
    },
    failed: {
      on: { retry: 'loading' },
    },
    ready: {
      initial: 'browsing',
      states: {
        browsing: {
          on: {
            'payWithCard.opened': [{ guard: 'visitor', target: 'needsLogin' }, { target: 'loadingPaymentProducts' }],
          },
        },
        /** Issue 15 point 3: the login modal opens, as for every member action of a visitor. */
        needsLogin: {
          on: { 'login.shown': 'browsing' },
        },
        loadingPaymentProducts: {
          invoke: {
            src: 'loadPaymentProducts',
            input: ({ context }) => ({ machineId: context.machineId }),
            onDone: {
              target: 'paymentProducts',
              actions: { type: 'keepPaymentProducts', params: ({ event }) => event.output },
            },
            onError: [
              { guard: { type: 'unauthorized', params: failure }, target: 'needsLogin' },
              { target: 'browsing', actions: { type: 'keepError', params: failure } },
            ],
          },
        },
        paymentProducts: {},
      },
    },
  },
});

export type InventoryMachine = typeof inventoryMachine;

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
