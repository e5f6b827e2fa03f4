import { assign, fromPromise, setup } from 'xstate';
import type { ApiError } from '../../api/api-error.ts';
import type { CreditCard, SignedInMember } from '../../contract/index.ts';
import { codeDigits, isCompleteCode } from '../../rules/code.ts';
import { RESEND_SECONDS } from '../../rules/phone.ts';
import { readPhone, signInProblems } from '../../rules/sign-in.ts';
import { signInErrorCode } from '../../rules/sign-in-errors.ts';
import { failure } from '../actor-failure.ts';
import { known } from '../known.ts';
import { initialLoginContext } from './login.context.ts';
import type { CodeCheck, LoginContext, LoginEvent, LoginInput, LoginOutput, Phone } from './login.types.ts';

const notProvided = (name: string) => () => Promise.reject(new Error(`login: provide the ${name} actor`));

/**
 * Spec §4 login: phone, then the texted code (60-second resend wait), then
 * profile completion when name or email is missing, or a prompt to add a card
 * when the member has none. States name screens: phone, code, completeProfile,
 * addCardPrompt (the login modal's steps 0, 1, 3 and 2).
 */
export const loginMachine = setup({
  types: {} as {
    context: LoginContext;
    events: LoginEvent;
    input: LoginInput;
    output: LoginOutput;
  },
  actors: {
    /** Answers the send's challenge, or null from a provider that answers none. */
    requestCode: fromPromise<string | null, Phone>(notProvided('requestCode')),
    confirmCode: fromPromise<SignedInMember, CodeCheck>(notProvided('confirmCode')),
    loadCards: fromPromise<CreditCard[], { memberId: number; token: string }>(notProvided('loadCards')),
  },
  delays: {
    /** One second of the resend countdown. */
    tick: 1_000,
  },
  guards: {
    codeSentBefore: ({ context }) => context.codeSentBefore,
    formInvalid: ({ context }) => Object.keys(signInProblems(context)).length > 0,
    completesCode: ({ event }) => event.type === 'code.changed' && isCompleteCode(codeDigits(event.code)),
    codeComplete: ({ context }) => isCompleteCode(context.code),
    countdownOver: ({ context }) => context.resendIn <= 0,
    profileIncomplete: ({ context }) => !context.member?.name || !context.member?.email,
    hasNoCards: (_, cards: CreditCard[]) => cards.length === 0,
  },
  actions: {
    setCountry: assign(({ event }) =>
      event.type === 'country.changed' ? { country: event.country, error: null } : {},
    ),
    setPhone: assign(({ context, event }) => {
      if (event.type !== 'phone.changed') return {};
      const { phone, country = context.country, problem } = readPhone(event.phone, context.country);
      return { phone, country, error: null, problems: { ...context.problems, phone: problem } };
    }),
    setPrivacy: assign(({ context, event }) =>
      event.type === 'privacy.changed'
        ? { privacyAccepted: event.accepted, problems: { ...context.problems, privacy: undefined } }
        : {},
    ),
    flagProblems: assign(({ context }) => ({ problems: signInProblems(context) })),
    clearProblems: assign({ problems: {}, error: null, retryAfter: null }),
    setCode: assign(({ event }) =>
      event.type === 'code.changed' ? { code: codeDigits(event.code), error: null } : {},
    ),
    // The code to type is the one just sent: it answers to this send's challenge (issue 32 points 1, 2).
    startCountdown: assign((_, challenge: string | null) => ({ resendIn: RESEND_SECONDS, code: '', challenge })),
    tick: assign(({ context }) => ({ resendIn: Math.max(0, context.resendIn - 1) })),
    keepFailure: assign((_, error: ApiError) => ({ error: signInErrorCode(error), retryAfter: error.retry_after })),
    keepCodeFailure: assign((_, error: ApiError) => {
      const code = signInErrorCode(error);
      // The code stays: the screen selects it, so the next digit typed replaces it and the phone's keyboard
      // stays open (issue 15 point 8). One refused for a lock or a limit is there for after the wait.
      return { error: code, retryAfter: error.retry_after };
    }),
    keepMember: assign((_, member: SignedInMember) => ({ member })),
    // The session starts the moment the code is confirmed, before any prompt.
    announceSignIn: ({ context }, member: SignedInMember) =>
      context.session?.send({ type: 'session.started', token: member.auth_token, member }),
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => initialLoginContext(input),
  initial: 'opening',
  states: {
    // A page sent by the browser itself may already have asked for the code (LoginInput.resendIn).
    opening: {
      always: [{ guard: 'codeSentBefore', target: 'code' }, { target: 'phone' }],
    },
    phone: {
      on: {
        'country.changed': { actions: 'setCountry' },
        'phone.changed': { actions: 'setPhone' },
        'privacy.changed': { actions: 'setPrivacy' },
        'phone.submitted': [
          { guard: 'formInvalid', actions: 'flagProblems' },
          { target: 'sendingCode', actions: 'clearProblems' },
        ],
      },
    },
    sendingCode: {
      invoke: {
        src: 'requestCode',
        input: ({ context }) => ({ country: context.country, phone: context.phone }),
        onDone: { target: 'code', actions: { type: 'startCountdown', params: ({ event }) => event.output } },
        onError: { target: 'phone', actions: { type: 'keepFailure', params: failure } },
      },
    },
    code: {
      initial: 'deciding',
      states: {
        deciding: {
          always: [{ guard: 'countdownOver', target: 'resendable' }, { target: 'counting' }],
        },
        counting: {
          after: {
            tick: [
              { guard: ({ context }) => context.resendIn <= 1, target: 'resendable', actions: 'tick' },
              { target: 'counting', reenter: true, actions: 'tick' },
            ],
          },
        },
        resendable: {
          on: {
            'code.resend': { target: '#login.resending', actions: 'clearProblems' },
            // Spec §4: the back arrow appears once the countdown has ended.
            'phone.edit': { target: '#login.phone', actions: assign({ code: '', error: null }) },
          },
        },
      },
      on: {
        'code.changed': [{ guard: 'completesCode', target: 'verifying', actions: 'setCode' }, { actions: 'setCode' }],
        'code.submitted': { guard: 'codeComplete', target: 'verifying' },
      },
    },
    resending: {
      invoke: {
        src: 'requestCode',
        input: ({ context }) => ({ country: context.country, phone: context.phone }),
        onDone: { target: 'code', actions: { type: 'startCountdown', params: ({ event }) => event.output } },
        onError: { target: 'code', actions: { type: 'keepFailure', params: failure } },
      },
    },
    verifying: {
      invoke: {
        src: 'confirmCode',
        input: ({ context }) => ({
          country: context.country,
          phone: context.phone,
          code: context.code,
          challenge: context.challenge,
        }),
        onDone: {
          target: 'signedIn',
          actions: [
            { type: 'keepMember', params: ({ event }) => event.output },
            { type: 'announceSignIn', params: ({ event }) => event.output },
          ],
        },
        onError: { target: 'code', actions: { type: 'keepCodeFailure', params: failure } },
      },
    },
    signedIn: {
      always: [{ guard: 'profileIncomplete', target: 'completeProfile' }, { target: 'checkingCards' }],
    },
    checkingCards: {
      invoke: {
        src: 'loadCards',
        // Reached from `signedIn` only, which the confirmed code's keepMember entered with the member.
        input: ({ context }) => {
          const member = known(context.member, 'the signed-in member');
          return { memberId: member.id, token: member.auth_token };
        },
        onDone: [
          { guard: { type: 'hasNoCards', params: ({ event }) => event.output }, target: 'addCardPrompt' },
          { target: 'done' },
        ],
        // The prompt is a nicety: not knowing the cards never blocks a sign-in.
        onError: 'done',
      },
    },
    completeProfile: {
      on: {
        'profile.complete': { target: 'done', actions: assign({ next: 'editProfile' as const }) },
        'prompt.skipped': 'done',
      },
    },
    addCardPrompt: {
      on: {
        'card.add': { target: 'done', actions: assign({ next: 'addCard' as const }) },
        'prompt.skipped': 'done',
      },
    },
    done: { type: 'final' },
  },
  output: ({ context }) => ({ next: context.next }),
});

export type LoginMachine = typeof loginMachine;
