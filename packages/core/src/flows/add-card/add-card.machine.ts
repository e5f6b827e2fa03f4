import { assign, fromPromise, setup } from 'xstate';
import type { ApiError } from '../../api/api-error.ts';
import { isUnanswered, serverMessage } from '../../api/error-checks.ts';
import type { CardDetails, CardToken, TokeniserFailure } from '../../ports.ts';
import { type CardForm, cardDigits, checkCard, twoDigitYear } from '../../rules/card-form.ts';
import { mayAddPaymentMethod } from '../../rules/top-up.ts';
import { failure, tokeniserFailureOf } from '../actor-failure.ts';
import { known } from '../known.ts';
import type { AddCardContext, AddCardEvent, AddCardInput, CardHolderProfile, SaveCardInput } from './add-card.types.ts';

const emptyForm: CardForm = { number: '', cvv: '', month: '', year: '', holder: '' };

/** The details the tokeniser gets: digits only, the expiry year as 2 digits (spec §7). */
export const cardDetails = (form: CardForm): CardDetails => ({
  number: cardDigits(form.number),
  holderName: form.holder.trim(),
  expirationMonth: form.month,
  expirationYear: twoDigitYear(form.year),
  cvv: form.cvv,
});

/**
 * Spec §5 new card: the form is checked, the card is tokenised in the browser
 * through the tokeniser port, and only the token, device_session_id,
 * holder_name and brand_name reach Vendo's API. A refusal shows the
 * provider's message inline and keeps what was typed.
 */
export const addCardMachine = setup({
  types: {} as { context: AddCardContext; events: AddCardEvent; input: AddCardInput },
  actors: {
    loadProfile: fromPromise<CardHolderProfile, { memberId: number }>(() =>
      Promise.reject(new Error('add card: provide loadProfile')),
    ),
    tokenise: fromPromise<CardToken, CardDetails>(() => Promise.reject(new Error('add card: provide tokenise'))),
    saveCard: fromPromise<void, SaveCardInput>(() => Promise.reject(new Error('add card: provide saveCard'))),
  },
  guards: {
    profileComplete: (_, profile: CardHolderProfile) => mayAddPaymentMethod(profile),
    invalid: ({ context }) => Object.keys(checkCard(context.form, context.now)).length > 0,
  },
  actions: {
    change: assign(({ context, event }) =>
      event.type === 'field.changed' ? { form: { ...context.form, [event.field]: event.value }, failure: null } : {},
    ),
    showProblems: assign({ showProblems: true }),
    keepToken: assign((_, token: CardToken) => ({ token })),
    keepTokeniserFailure: assign((_, failure: TokeniserFailure) => ({
      failure: { message: failure.message, unreachable: failure.kind === 'unreachable' },
    })),
    keepApiFailure: assign((_, error: ApiError) => {
      return { failure: { message: serverMessage(error), unreachable: isUnanswered(error) }, token: null };
    }),
    forgetSecrets: assign(({ context }) => ({ form: { ...context.form, number: '', cvv: '' }, token: null })),
  },
}).createMachine({
  id: 'addCard',
  context: ({ input }) => ({
    memberId: input.memberId,
    now: input.now,
    form: emptyForm,
    showProblems: false,
    failure: null,
    token: null,
  }),
  // Spec §2: adding a card needs a complete profile (name, email, gender) first.
  initial: 'checkingProfile',
  states: {
    checkingProfile: {
      invoke: {
        src: 'loadProfile',
        input: ({ context }) => ({ memberId: context.memberId }),
        onDone: [
          { guard: { type: 'profileComplete', params: ({ event }) => event.output }, target: 'editing' },
          { target: 'needsProfile' },
        ],
        onError: 'unavailable',
      },
    },
    needsProfile: {},
    unavailable: { on: { 'profile.retried': 'checkingProfile' } },
    editing: {
      on: {
        'field.changed': { actions: 'change' },
        'card.submitted': [{ guard: 'invalid', actions: 'showProblems' }, { target: 'tokenising' }],
      },
    },
    tokenising: {
      invoke: {
        src: 'tokenise',
        input: ({ context }) => cardDetails(context.form),
        onDone: { target: 'saving', actions: { type: 'keepToken', params: ({ event }) => event.output } },
        onError: {
          target: 'editing',
          actions: { type: 'keepTokeniserFailure', params: ({ event }) => tokeniserFailureOf(event.error) },
        },
      },
    },
    saving: {
      invoke: {
        src: 'saveCard',
        input: ({ context }) => ({
          memberId: context.memberId,
          // Set on the way in from tokenising, the only way here.
          token: known(context.token, 'the card token'),
          holderName: context.form.holder.trim(),
        }),
        onDone: { target: 'added', actions: 'forgetSecrets' },
        onError: { target: 'editing', actions: { type: 'keepApiFailure', params: failure } },
      },
    },
    added: {
      on: { 'added.closed': 'done' },
    },
    done: { type: 'final' },
  },
});

export type AddCardMachine = typeof addCardMachine;
