import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { ApiError } from '../../api/api-error.ts';
import type { CreditCard } from '../../contract/index.ts';
import { failure } from '../actor-failure.ts';
import { refreshMember } from '../member-refresh.ts';
import type {
  DeleteCardInput,
  PaymentMethodsContext,
  PaymentMethodsEvent,
  PaymentMethodsInput,
} from './payment-methods.types.ts';

/** Spec §7/§9: the card list refreshes 300 ms after a delete. */
export const CARD_DELETE_REFRESH_MS = 300;

/** Spec §2 /payment-methods: the member's saved cards, with delete. */
export const paymentMethodsMachine = setup({
  types: {} as { context: PaymentMethodsContext; events: PaymentMethodsEvent; input: PaymentMethodsInput },
  actors: {
    loadCards: fromPromise<CreditCard[], { memberId: number }>(() =>
      Promise.reject(new Error('payment methods: provide loadCards')),
    ),
    deleteCard: fromPromise<void, DeleteCardInput>(() =>
      Promise.reject(new Error('payment methods: provide deleteCard')),
    ),
  },
  delays: { refreshAfterDelete: CARD_DELETE_REFRESH_MS },
  actions: {
    keepCards: assign((_, cards: readonly CreditCard[]) => ({ cards, error: null, deleting: null })),
    markDeleting: assign(({ event }) => (event.type === 'card.deleted' ? { deleting: event.cardId, error: null } : {})),
    keepError: assign((_, error: ApiError) => ({ error, deleting: null })),
    // The session's cards (the buy and top-up choices) follow the list: it reads the member again.
    refreshMember,
  },
}).createMachine({
  id: 'paymentMethods',
  context: ({ input }) => ({
    memberId: input.memberId,
    session: input.session,
    cards: input.cards ?? [],
    deleting: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadCards',
        input: ({ context }) => ({ memberId: context.memberId }),
        // Each read of the list, the first and the one after a delete (the list changed), is told to the session.
        onDone: {
          target: 'listing',
          actions: [{ type: 'keepCards', params: ({ event }) => event.output }, 'refreshMember'],
        },
        onError: { target: 'failed', actions: { type: 'keepError', params: failure } },
      },
    },
    failed: { on: { 'cards.retried': 'loading' } },
    listing: {
      on: { 'card.deleted': { target: 'deleting', actions: 'markDeleting' } },
    },
    deleting: {
      invoke: {
        src: 'deleteCard',
        input: ({ context, event }) => {
          assertEvent(event, 'card.deleted');
          return { memberId: context.memberId, cardId: event.cardId };
        },
        onDone: 'refreshing',
        onError: { target: 'listing', actions: { type: 'keepError', params: failure } },
      },
    },
    refreshing: {
      after: { refreshAfterDelete: 'loading' },
    },
  },
});

export type PaymentMethodsMachine = typeof paymentMethodsMachine;
