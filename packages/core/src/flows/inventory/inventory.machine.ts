import { assign, fromPromise, setup } from 'xstate';
import type { ApiError } from '../../api/api-error.ts';
import { isUnanswered } from '../../api/error-checks.ts';
import type { ProductServerItem } from '../../contract/index.ts';
import { failure } from '../actor-failure.ts';
import type { InventoryContext, InventoryError, InventoryEvent, InventoryInput } from './inventory.types.ts';

const notProvided = (name: string) => () => Promise.reject(new Error(`inventory: provide the ${name} actor`));
const inventoryError = (error: ApiError): InventoryError => (isUnanswered(error) ? 'unreachable' : 'unknown');

/**
 * Spec §2 machine inventory: the machine's products (grouped by the view), and
 * on numeric-keyboard machines the insert-coin tab, whose pay-with-card link
 * lists the payment products. States name what the screen shows.
 */
export const inventoryMachine = setup({
  types: {} as { context: InventoryContext; events: InventoryEvent; input: InventoryInput },
  actors: {
    loadProducts: fromPromise<ProductServerItem[], { machineId: number }>(notProvided('loadProducts')),
    loadPaymentProducts: fromPromise<ProductServerItem[], { machineId: number }>(notProvided('loadPaymentProducts')),
  },
  guards: {
    itemsGiven: ({ context }) => context.itemsGiven,
    itemsIncomplete: ({ context }) => !context.itemsComplete,
    visitor: ({ event }) => event.type === 'pay-with-card.opened' && !event.signedIn,
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
  context: ({ input }) => ({
    machineId: input.machineId,
    items: input.items ? [...input.items] : [],
    itemsGiven: input.items !== undefined,
    itemsComplete: input.items === undefined || input.itemsComplete !== false,
    paymentProducts: null,
    tab: input.tab ?? 0,
    error: null,
  }),
  // The tab is the member's choice whatever the products are doing: the insert-coin tab needs none of them.
  on: { 'tab.selected': { actions: 'selectTab' } },
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'itemsGiven', target: 'ready' }, { target: 'loading' }],
    },
    loading: {
      invoke: {
        src: 'loadProducts',
        input: ({ context }) => ({ machineId: context.machineId }),
        onDone: { target: 'ready', actions: { type: 'keepItems', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'keepError', params: failure } },
      },
    },
    failed: {
      on: { 'products.retried': 'loading' },
    },
    // The products and the pay-with-card link go their own ways: the rest of a long list still to come
    // never stops a member from paying with a card.
    ready: {
      type: 'parallel',
      states: {
        products: {
          initial: 'checking',
          states: {
            checking: {
              always: [{ guard: 'itemsIncomplete', target: 'firstScreen' }, { target: 'complete' }],
            },
            /** Only the first screen's products are here: the rest are read once the member scrolls to them. */
            firstScreen: {
              on: { 'more.wanted': 'completing' },
            },
            completing: {
              invoke: {
                src: 'loadProducts',
                input: ({ context }) => ({ machineId: context.machineId }),
                onDone: { target: 'complete', actions: { type: 'keepItems', params: ({ event }) => event.output } },
                onError: { target: 'incomplete', actions: { type: 'keepError', params: failure } },
              },
            },
            /** The first screen's products stay, with a way to try the rest again. */
            incomplete: {
              on: { 'products.retried': 'completing' },
            },
            complete: {},
          },
        },
        payWithCard: {
          initial: 'browsing',
          states: {
            browsing: {
              on: {
                'pay-with-card.opened': [
                  { guard: 'visitor', target: 'needsLogin' },
                  { target: 'loadingPaymentProducts' },
                ],
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
    },
  },
});

export type InventoryMachine = typeof inventoryMachine;
