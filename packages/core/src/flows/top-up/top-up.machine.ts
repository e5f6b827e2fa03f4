import { assign, type DoneActorEvent, type EventObject, fromCallback, fromPromise, setup } from 'xstate';
import type { ApiError } from '../../api/api-error.ts';
import { isStillWorking, isTransient } from '../../api/error-checks.ts';
import { newestCard, REDIRECT_PAY_COOLDOWN_MS, topUpChoices, topUpLimits } from '../../rules/top-up.ts';
import { failure } from '../actor-failure.ts';
import { known } from '../known.ts';
import { refreshMember } from '../member-refresh.ts';
import { onStillWorking, stillWorkingGuard, stillWorkingState, stillWorkingWait } from '../still-working.ts';
import { requestOf, sameRequest } from './top-up.rules.ts';
import type { CheckoutInput, PayInput, TopUpContext, TopUpEvent, TopUpInput, TopUpOutcome } from './top-up.types.ts';

/** What the pay actor answered, for the guards and the action that read it. */
const outcome = ({ event }: { event: DoneActorEvent<TopUpOutcome> }) => event.output;

const notProvided = () => Promise.reject(new Error('top-up: provide the pay actor'));
const leaveNotProvided = () => {
  throw new Error('top-up: provide the leaveForCheckout actor');
};

/**
 * Spec §4 top-up: choose an amount and a payment mode, the offline-machine
 * warning first when the machine is offline, the confirmation modal, then the
 * payment. A card charge ends in the balance-recharged modal, a redirect opens
 * the provider's page (the pay button rests 2 s), a reference is shown.
 * A failure shows inline and closes the confirmation; the typed fields stay.
 */
export const topUpMachine = setup({
  types: {} as { context: TopUpContext; events: TopUpEvent; input: TopUpInput },
  actors: {
    pay: fromPromise<TopUpOutcome, PayInput>(notProvided),
    /** Marks the way back and opens the provider's checkout page (issue 15 point 9); only an http(s) one. */
    leaveForCheckout: fromCallback<EventObject, CheckoutInput>(leaveNotProvided),
  },
  delays: {
    redirectCooldown: REDIRECT_PAY_COOLDOWN_MS,
    stillWorkingWait,
  },
  guards: {
    incomplete: ({ context }) => requestOf(context) === null,
    machineOffline: ({ context }) => context.machine?.status === 'offline',
    charged: (_, outcome: TopUpOutcome) => outcome.kind === 'charged',
    redirected: (_, outcome: TopUpOutcome) => outcome.kind === 'redirect',
    stillWorking: stillWorkingGuard,
  },
  actions: {
    choosePreset: assign(({ event }) => (event.type === 'amount.preset' ? { preset: event.amount, error: null } : {})),
    typeOther: assign(({ event }) =>
      event.type === 'amount.other' ? { preset: 'other' as const, otherText: event.text, error: null } : {},
    ),
    chooseMode: assign(({ event }) => (event.type === 'mode.chosen' ? { mode: event.mode, error: null } : {})),
    chooseCard: assign(({ event }) => (event.type === 'card.chosen' ? { cardId: event.cardId, error: null } : {})),
    typeCvv: assign(({ event }) => (event.type === 'cvv.changed' ? { cvv: event.cvv, error: null } : {})),
    showProblems: assign({ showProblems: true }),
    // One key per confirmed payment; the same request after no answer, or after the server was still running it,
    // keeps its key, so it is never charged twice.
    keyPayment: assign(({ context }) => {
      const request = requestOf(context);
      const unanswered = context.error !== null && (isTransient(context.error) || isStillWorking(context.error));
      const resend = unanswered && sameRequest(context.sent, request);
      return {
        sent: request,
        idempotencyKey: resend && context.idempotencyKey ? context.idempotencyKey : context.newIdempotencyKey(),
        error: null,
        resends: 0,
      };
    }),
    keepError: assign((_, error: ApiError) => ({ error })),
    // A charged card: the session reads the member again, for the balance-recharged modal and the header.
    refreshMember,
    countResend: assign(({ context }) => ({ resends: context.resends + 1 })),
    keepOutcome: assign((_, outcome: TopUpOutcome) => ({
      redirectUrl: outcome.kind === 'redirect' ? outcome.url : null,
      reference: outcome.kind === 'reference' ? outcome.reference : null,
      topUpId: outcome.kind === 'reference' ? null : outcome.topUpId,
      bonus: outcome.kind === 'charged' ? (outcome.bonus ?? 0) : 0,
      cvv: '',
      showProblems: false,
    })),
  },
}).createMachine({
  id: 'topUp',
  context: ({ input }) => ({
    ...input,
    limits: topUpLimits(input.machine),
    preset: topUpChoices(topUpLimits(input.machine)).preset,
    otherText: '',
    mode: 'card',
    cardId: newestCard(input.cards)?.id ?? null,
    cvv: '',
    showProblems: false,
    sent: null,
    idempotencyKey: null,
    resends: 0,
    error: null,
    redirectUrl: null,
    reference: null,
    topUpId: null,
    bonus: 0,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'amount.preset': { actions: 'choosePreset' },
        'amount.other': { actions: 'typeOther' },
        'mode.chosen': { actions: 'chooseMode' },
        'card.chosen': { actions: 'chooseCard' },
        'cvv.changed': { actions: 'typeCvv' },
        'pay.requested': [
          { guard: 'incomplete', actions: 'showProblems' },
          { guard: 'machineOffline', target: 'offlineWarning' },
          { target: 'confirming' },
        ],
      },
    },
    offlineWarning: {
      on: {
        'offline.continued': 'confirming',
        // Going back leaves the screen; the web does that when the flow stops here.
        'offline.back': 'left',
      },
    },
    confirming: {
      on: {
        'confirm.accepted': { target: 'paying', actions: 'keyPayment' },
        'confirm.cancelled': 'editing',
      },
    },
    paying: {
      initial: 'sending',
      states: {
        sending: {
          invoke: {
            src: 'pay',
            // The only way here is `confirm.accepted`, whose keyPayment keeps the request and its key.
            input: ({ context }) => ({
              memberId: context.memberId,
              request: known(context.sent, 'the payment sent'),
              currency: context.limits.currency,
              machineId: context.machine?.id ?? null,
              idempotencyKey: known(context.idempotencyKey, 'the payment key'),
            }),
            onDone: [
              {
                guard: { type: 'charged', params: outcome },
                target: '#topUp.recharged',
                actions: { type: 'keepOutcome', params: outcome },
              },
              {
                guard: { type: 'redirected', params: outcome },
                target: '#topUp.redirecting',
                actions: { type: 'keepOutcome', params: outcome },
              },
              { target: '#topUp.referenceIssued', actions: { type: 'keepOutcome', params: outcome } },
            ],
            onError: [onStillWorking, { target: '#topUp.editing', actions: { type: 'keepError', params: failure } }],
          },
        },
        stillWorking: stillWorkingState,
      },
    },
    recharged: {
      entry: 'refreshMember',
      on: { 'result.closed': 'editing' },
    },
    redirecting: {
      // The provider's page opens; the pay button rests 2 s so a second click does not start a second payment.
      invoke: {
        src: 'leaveForCheckout',
        // Entered only with a redirect outcome, which keeps its address.
        input: ({ context }) => ({ url: known(context.redirectUrl, 'the checkout address'), topUpId: context.topUpId }),
      },
      after: { redirectCooldown: 'editing' },
    },
    referenceIssued: {
      on: { 'result.closed': 'editing' },
    },
    left: { type: 'final' },
  },
});

export type TopUpMachine = typeof topUpMachine;
