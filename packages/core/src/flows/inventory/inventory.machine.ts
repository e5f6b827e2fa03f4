import { assign, fromPromise, setup } from 'xstate';
import type { ApiError } from '../../api/api-error.ts';
import type { Api } from '../../api/index.ts';
import type { ProductServerItem } from '../../contract/index.ts';
import type { InventoryTab } from '../../rules/insert-coin.ts';

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
const errorOf = (event: unknown): InventoryError =>
  ['network', 'timeout'].includes(((event as { error?: ApiError }).error as ApiError | undefined)?.kind ?? '')
    ? 'unreachable'
    : 'unknown';

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
    unauthorized: ({ event }) => ((event as { error?: ApiError }).error as ApiError | undefined)?.status === 401,
  },
  actions: {
    keepItems: assign(({ event }) => ({
      items: (event as unknown as { output: ProductServerItem[] }).output,
      error: null,
    })),
    keepPaymentProducts: assign(({ event }) => ({
      paymentProducts: (event as unknown as { output: ProductServerItem[] }).output,
    })),
    keepError: assign(({ event }) => ({ error: errorOf(event) })),
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
        onDone: { target: 'ready', actions: 'keepItems' },
        onError: { target: 'failed', actions: 'keepError' },
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
            onDone: { target: 'paymentProducts', actions: 'keepPaymentProducts' },
            onError: [
              { guard: 'unauthorized', target: 'needsLogin' },
              { target: 'browsing', actions: 'keepError' },
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
