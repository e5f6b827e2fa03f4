import { assign, fromPromise, setup } from 'xstate';
import type { ApiError } from '../../api/api-error.ts';
import type { Api } from '../../api/index.ts';
import type { CreditCard } from '../../contract/index.ts';
import { failure } from '../actor-failure.ts';

/** Spec §7/§9: the card list refreshes 300 ms after a delete. */
export const CARD_DELETE_REFRESH_MS = 300;

interface PaymentMethodsContext {
  readonly memberId: number;
  readonly cards: readonly CreditCard[];
  readonly deleting: number | null;
  readonly error: ApiError | null;
}

export type PaymentMethodsEvent = { type: 'card.deleted'; cardId: number } | { type: 'retry' };

/** Spec §2 /payment-methods: the member's saved cards, with delete. */
export const paymentMethodsMachine = setup({
  types: {} as {
    context: PaymentMethodsContext;
    events: PaymentMethodsEvent;
    input: { memberId: number; cards?: readonly CreditCard[] };
  },
  actors: {
    loadCards: fromPromise<CreditCard[], { memberId: number }>(() =>
      Promise.reject(new Error('payment methods: provide loadCards')),
    ),
    deleteCard: fromPromise<void, { memberId: number; cardId: number }>(() =>
      Promise.reject(new Error('payment methods: provide deleteCard')),
    ),
  },
  delays: { refreshAfterDelete: CARD_DELETE_REFRESH_MS },
  actions: {
    keepCards: assign((_, cards: readonly CreditCard[]) => ({ cards, error: null, deleting: null })),
    markDeleting: assign(({ event }) => (event.type === 'card.deleted' ? { deleting: event.cardId, error: null } : {})),
    keepError: assign((_, error: ApiError) => ({ error, deleting: null })),
  },
}).createMachine({
  id: 'paymentMethods',
  context: ({ input }) => ({ memberId: input.memberId, cards: input.cards ?? [], deleting: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadCards',
        input: ({ context }) => ({ memberId: context.memberId }),
        onDone: { target: 'listing', actions: { type: 'keepCards', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'keepError', params: failure } },
      },
    },
    failed: { on: { retry: 'loading' } },
    listing: {
      on: { 'card.deleted': { target: 'deleting', actions: 'markDeleting' } },
    },
    deleting: {
      invoke: {
        src: 'deleteCard',
        input: ({ context }) => ({ memberId: context.memberId, cardId: context.deleting ?? 0 }),
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

export function paymentMethodsActors({ api }: { api: Api }) {
  return {
    loadCards: fromPromise<CreditCard[], { memberId: number }>(async ({ input, signal }) => {
      const answer = await api.cards.list(input.memberId, { signal });
      if (!answer.ok) throw answer.error;
      return answer.value.credit_cards;
    }),
    deleteCard: fromPromise<void, { memberId: number; cardId: number }>(async ({ input, signal }) => {
      const answer = await api.cards.remove(input.memberId, input.cardId, { signal });
      if (!answer.ok) throw answer.error;
    }),
  };
}
