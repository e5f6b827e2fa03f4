import { assign, fromPromise, setup } from 'xstate';
import type { ApiError } from '../../api/api-error.ts';
import { isStillWorking, isUnanswered } from '../../api/error-checks.ts';
import type { Deal } from '../../contract/index.ts';
import { failure } from '../actor-failure.ts';
import { known } from '../known.ts';
import { onStillWorking, stillWorkingGuard, stillWorkingState, stillWorkingWait } from '../still-working.ts';
import { dealBody, mayCreate, needsDirectPayment } from './buy.rules.ts';
import type { BuyContext, BuyEvent, BuyInput, BuyOutput, CreateDealInput } from './buy.types.ts';
import { keepForSignIn, takeKeptPurchase } from './kept-purchase.ts';

const notProvided = () => Promise.reject(new Error('buy: provide the createDeal actor'));

/**
 * Spec §4 buy flow. States name what the member sees: the login modal
 * (needsLogin, then waitingForSignIn while a visitor signs in; the request then
 * goes on), the direct-payment modal, a spinner while the deal is made;
 * it ends with the deal (next: /connecting) or the error (next: /transaction-error).
 */
export const buyMachine = setup({
  types: {} as { context: BuyContext; events: BuyEvent; input: BuyInput; output: BuyOutput },
  actors: {
    createDeal: fromPromise<Deal, CreateDealInput>(notProvided),
    keepForSignIn,
    takeKeptPurchase,
  },
  delays: {
    stillWorkingWait,
  },
  guards: {
    signedOut: ({ context }) => context.buyer === null,
    // Issue 32 point 6: an offline machine sells nothing (the server refuses the deal): the member is told so.
    machineOffline: ({ context }) => context.machine.status === 'offline',
    directPayment: ({ context }) => context.request !== null && needsDirectPayment(context, context.request),
    mayCreate: ({ context }) => context.request !== null && mayCreate(context.buyer, context.request),
    stillWorking: stillWorkingGuard,
    // No answer, or still no answer after every resend: the same action may be tried again with the same key.
    unanswered: (_, error: ApiError) => isUnanswered(error) || isStillWorking(error),
  },
  actions: {
    // The session follows the deal made, or shows why it could not be made (spec §4 deal flow).
    handOver: ({ context }) => {
      const { keeper, deal } = context;
      keeper?.session.send({
        type: 'deal.started',
        logic: keeper.deal,
        input: {
          machine: context.machine,
          locale: context.locale,
          // Every way to `created` or `failed` passed `deciding` with a request.
          request: known(context.request, 'the request made'),
          cardId: context.cardId,
          deal,
          error: deal ? null : context.error,
          newIdempotencyKey: context.newIdempotencyKey,
        },
      });
    },
    keepRequest: assign(({ context, event }) =>
      event.type === 'buy.requested'
        ? {
            request: event.request,
            idempotencyKey: context.newIdempotencyKey(),
            cardId: null,
            error: null,
            resends: 0,
          }
        : {},
    ),
    countResend: assign(({ context }) => ({ resends: context.resends + 1 })),
    forgetResends: assign({ resends: 0 }),
    keepCard: assign(({ event }) => (event.type === 'direct-payment.confirmed' ? { cardId: event.cardId } : {})),
    keepDeal: assign((_, deal: Deal) => ({ deal })),
    keepError: assign((_, error: ApiError) => ({ error })),
    forgetRequest: assign({ request: null, idempotencyKey: null, cardId: null }),
    keepBuyer: assign(({ event }) =>
      event.type === 'sign-in.completed' || event.type === 'buy.resumed' ? { buyer: event.buyer } : {},
    ),
    keepResumed: assign(({ context, event }) =>
      event.type === 'buy.resumed'
        ? {
            request: event.request,
            idempotencyKey: context.newIdempotencyKey(),
            cardId: null,
            error: null,
            resends: 0,
          }
        : {},
    ),
  },
}).createMachine({
  id: 'buy',
  context: ({ input }) => ({
    ...input,
    request: null,
    idempotencyKey: null,
    cardId: null,
    deal: null,
    error: null,
    resends: 0,
  }),
  initial: 'idle',
  states: {
    idle: {
      invoke: {
        src: 'takeKeptPurchase',
        input: ({ context }) => ({ keeper: context.keeper ?? null, machineId: context.machine.id }),
      },
      on: {
        'buy.requested': { target: 'deciding', actions: 'keepRequest' },
        // Issue 15 point 4: the request a visitor made before signing in, taken up by the member they became.
        'buy.resumed': { target: 'deciding', actions: ['keepBuyer', 'keepResumed'] },
      },
    },
    deciding: {
      always: [
        { guard: 'signedOut', target: 'needsLogin' },
        { guard: 'machineOffline', target: 'offlineWarning' },
        { guard: 'directPayment', target: 'directPayment' },
        { guard: 'mayCreate', target: 'creating' },
        // Spec §4: otherwise the login modal opens (its "no cards registered" step for a member).
        { target: 'needsLogin' },
      ],
    },
    needsLogin: {
      on: {
        'prompt.closed': { target: 'idle', actions: 'forgetRequest' },
        // Issue 15 point 4: a visitor's request waits for the sign-in the login modal makes.
        'login.shown': { guard: 'signedOut', target: 'waitingForSignIn' },
      },
    },
    /** The login modal is open for this request: signing in carries it on, closing the modal drops it. */
    waitingForSignIn: {
      invoke: {
        src: 'keepForSignIn',
        // Entered from `needsLogin`, which only a request reaches.
        input: ({ context }) => ({
          keeper: context.keeper ?? null,
          machineId: context.machine.id,
          request: known(context.request, 'the request waiting for a sign-in'),
        }),
      },
      on: {
        'sign-in.completed': { target: 'deciding', actions: 'keepBuyer' },
        'prompt.closed': { target: 'idle', actions: 'forgetRequest' },
      },
    },
    /** Issue 32 point 6: the machine cannot sell while offline; the only way is back. */
    offlineWarning: {
      on: {
        'offline.back': { target: 'idle', actions: 'forgetRequest' },
      },
    },
    directPayment: {
      on: {
        'direct-payment.confirmed': { target: 'creating', actions: 'keepCard' },
        'direct-payment.cancelled': { target: 'idle', actions: 'forgetRequest' },
      },
    },
    /** The spinner, while the deal is made: a second tap changes nothing (no handler for buy.requested here). */
    creating: {
      initial: 'sending',
      states: {
        sending: {
          invoke: {
            src: 'createDeal',
            // Every way here passed `deciding` with a request, keyed when it was made.
            input: ({ context }) => ({
              machineId: context.machine.id,
              idempotencyKey: known(context.idempotencyKey, 'the buy key'),
              body: dealBody(known(context.request, 'the buy request'), context.locale, context.cardId),
            }),
            onDone: { target: '#buy.created', actions: { type: 'keepDeal', params: ({ event }) => event.output } },
            onError: [
              onStillWorking,
              // The same action may be tried again with the same key, so no second deal is made.
              {
                guard: { type: 'unanswered', params: failure },
                target: '#buy.unsent',
                actions: { type: 'keepError', params: failure },
              },
              { target: '#buy.failed', actions: { type: 'keepError', params: failure } },
            ],
          },
        },
        stillWorking: stillWorkingState,
      },
    },
    unsent: {
      on: {
        'buy.retried': { target: 'creating', actions: 'forgetResends' },
        'prompt.closed': { target: 'idle', actions: 'forgetRequest' },
      },
    },
    created: { type: 'final', entry: 'handOver' },
    failed: { type: 'final', entry: 'handOver' },
  },
  // `created` keeps the deal; every way to `failed` keeps the error.
  output: ({ context }) => (context.deal ? { deal: context.deal } : { error: known(context.error, 'the buy failure') }),
});

export type BuyMachine = typeof buyMachine;
