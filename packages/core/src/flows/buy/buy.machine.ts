import { assign, fromPromise, setup } from 'xstate';
import type { ApiError } from '../../api/api-error.ts';
import type { CreateDealRequest, Deal } from '../../contract/index.ts';
import { dealBody, mayCreate, needsDirectPayment } from './buy.rules.ts';
import type { BuyContext, BuyEvent, BuyInput, BuyOutput } from './buy.types.ts';

const notProvided = () => Promise.reject(new Error('buy: provide the createDeal actor'));

export interface CreateDealInput {
  readonly machineId: number;
  readonly body: CreateDealRequest;
  readonly idempotencyKey: string;
}

/**
 * Spec §4 buy flow. States name what the member sees: the login modal
 * (needsLogin), the direct-payment modal, a spinner while the deal is made;
 * it ends with the deal (next: /connecting) or the error (next: /transaction-error).
 */
export const buyMachine = setup({
  types: {} as { context: BuyContext; events: BuyEvent; input: BuyInput; output: BuyOutput },
  actors: {
    createDeal: fromPromise<Deal, CreateDealInput>(notProvided),
  },
  guards: {
    signedOut: ({ context }) => context.buyer === null,
    directPayment: ({ context, event }) => event.type === 'buy.requested' && needsDirectPayment(context, event.request),
    mayCreate: ({ context, event }) => event.type === 'buy.requested' && mayCreate(context.buyer, event.request),
  },
  actions: {
    keepRequest: assign(({ event }) =>
      event.type === 'buy.requested'
        ? { request: event.request, idempotencyKey: crypto.randomUUID(), cardId: null, error: null }
        : {},
    ),
    keepCard: assign(({ event }) => (event.type === 'directPayment.confirmed' ? { cardId: event.cardId } : {})),
    keepDeal: assign(({ event }) => ({ deal: (event as unknown as { output: Deal }).output })),
    keepError: assign(({ event }) => ({ error: (event as unknown as { error: ApiError }).error })),
    forgetRequest: assign({ request: null, idempotencyKey: null, cardId: null }),
  },
}).createMachine({
  id: 'buy',
  context: ({ input }) => ({ ...input, request: null, idempotencyKey: null, cardId: null, deal: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'buy.requested': [
          { guard: 'signedOut', target: 'needsLogin', actions: 'keepRequest' },
          { guard: 'directPayment', target: 'directPayment', actions: 'keepRequest' },
          { guard: 'mayCreate', target: 'creating', actions: 'keepRequest' },
          // Spec §4: otherwise the login modal opens (its "no cards registered" step for a member).
          { target: 'needsLogin', actions: 'keepRequest' },
        ],
      },
    },
    needsLogin: {
      on: { 'prompt.closed': { target: 'idle', actions: 'forgetRequest' } },
    },
    directPayment: {
      on: {
        'directPayment.confirmed': { target: 'creating', actions: 'keepCard' },
        'directPayment.cancelled': { target: 'idle', actions: 'forgetRequest' },
      },
    },
    creating: {
      // A second tap while the deal is being made changes nothing: no handler for buy.requested here.
      invoke: {
        src: 'createDeal',
        input: ({ context }) => ({
          machineId: context.machine.id,
          idempotencyKey: context.idempotencyKey ?? '',
          body: dealBody(
            context.request ?? { product: null, saleType: 2, anyProduct: true },
            context.locale,
            context.cardId,
          ),
        }),
        onDone: { target: 'created', actions: 'keepDeal' },
        onError: [
          // No answer: the same action may be tried again with the same key, so no second deal is made.
          {
            guard: ({ event }) => ['network', 'timeout'].includes((event.error as ApiError).kind),
            target: 'unsent',
            actions: 'keepError',
          },
          { target: 'failed', actions: 'keepError' },
        ],
      },
    },
    unsent: {
      on: { 'buy.retried': 'creating', 'prompt.closed': { target: 'idle', actions: 'forgetRequest' } },
    },
    created: { type: 'final' },
    failed: { type: 'final' },
  },
  output: ({ context }) => (context.deal ? { deal: context.deal } : { error: context.error as ApiError }),
});

export type BuyMachine = typeof buyMachine;
