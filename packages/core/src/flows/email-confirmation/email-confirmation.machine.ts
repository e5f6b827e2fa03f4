import { assign, fromPromise, setup } from 'xstate';
import type { ApiError } from '../../api/api-error.ts';
import { type EmailConfirmationErrorCode, emailConfirmationErrorCode } from '../../rules/email-confirmation.ts';
import { failure } from '../actor-failure.ts';
import { type RefreshesMember, refreshMember } from '../member-refresh.ts';

export interface EmailConfirmationInput extends RefreshesMember {
  /** The link's token (`confirmationToken` of the page's query); null when the link carries none. */
  readonly token: string | null;
}

export interface EmailConfirmationContext extends EmailConfirmationInput {
  readonly problem: EmailConfirmationErrorCode | null;
}

export type EmailConfirmationEvent = { type: 'confirmation.retried' };

/**
 * Issue 35 point 4: the page a confirmation e-mail's link opens. It confirms the address once, with no
 * sign-in needed (the link may be opened on another device); a member signed in here sees their profile
 * say so, since the session reads them again.
 */
export const emailConfirmationMachine = setup({
  types: {} as {
    context: EmailConfirmationContext;
    events: EmailConfirmationEvent;
    input: EmailConfirmationInput;
  },
  actors: {
    confirm: fromPromise<void, { token: string }>(() =>
      Promise.reject(new Error('email confirmation: provide confirm')),
    ),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
  },
  actions: {
    keepProblem: assign((_, error: ApiError) => ({ problem: emailConfirmationErrorCode(error) })),
    refreshMember,
  },
}).createMachine({
  id: 'emailConfirmation',
  context: ({ input }) => ({ ...input, problem: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasToken', target: 'confirming' }, { target: 'missing' }],
    },
    confirming: {
      invoke: {
        src: 'confirm',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: { target: 'confirmed', actions: 'refreshMember' },
        onError: { target: 'failed', actions: { type: 'keepProblem', params: failure } },
      },
    },
    confirmed: { type: 'final' },
    // Only a link that could not be checked (no answer) is worth another try.
    failed: { on: { 'confirmation.retried': 'confirming' } },
    missing: { type: 'final' },
  },
});

export type EmailConfirmationMachine = typeof emailConfirmationMachine;
