import { assign, fromPromise, setup } from 'xstate';
import type { ApiError } from '../../api/api-error.ts';
import type { Locale } from '../../contract/index.ts';
import { checkProfile, type ProfileForm, parseBirthDate, profileForm } from '../../rules/profile-form.ts';
import { failure } from '../actor-failure.ts';
import { refreshMember } from '../member-refresh.ts';
import type {
  ProfileContext,
  ProfileEvent,
  ProfileInput,
  SaveProfileInput,
  UpdateMemberBody,
} from './profile.types.ts';

/** What a save adds to the form's fields (issue 35 point 4): each sent only where the app knows it. */
export interface ProfileExtras {
  readonly resend?: boolean;
  readonly sendReceipts?: boolean | null;
  readonly locale?: Locale | undefined;
}

/**
 * Spec §7 PATCH body: the birth date as YYYY-MM-DD, facebook_uid carrying the employee number when there is one;
 * Vendo's `send_receipts` and `locale` where the app has them.
 */
export function updateBody(form: ProfileForm, now: Date, extras: ProfileExtras = {}): UpdateMemberBody {
  const birth = parseBirthDate(form.birthDate, now);
  const employeeNumber = form.employeeNumber.trim();
  return {
    name: form.name.trim(),
    gender: form.gender === '' ? 'Otro' : form.gender,
    email: form.email.trim(),
    birth_date: birth.ok ? birth.iso : '',
    ...(employeeNumber ? { facebook_uid: employeeNumber } : {}),
    ...(extras.resend ? { resend_email_confirmation: true } : {}),
    ...(extras.sendReceipts === true || extras.sendReceipts === false ? { send_receipts: extras.sendReceipts } : {}),
    ...(extras.locale ? { locale: extras.locale } : {}),
  };
}

/**
 * Spec §2 /edit-profile and §5 profile save: every field checked first; a
 * changed email opens the confirm-your-email modal; an email in use is said on
 * its field; any other failure keeps what was typed.
 */
export const profileMachine = setup({
  types: {} as { context: ProfileContext; events: ProfileEvent; input: ProfileInput },
  actors: {
    save: fromPromise<void, SaveProfileInput>(() => Promise.reject(new Error('profile: provide save'))),
  },
  guards: {
    invalid: ({ context }) =>
      Object.keys(checkProfile(context.form, { employeeMachine: context.employeeMachine, now: context.now })).length >
        0 || context.emailInUse === context.form.email.trim(),
    emailChanged: ({ context }) =>
      context.form.email.trim().toLowerCase() !== (context.member.email ?? '').trim().toLowerCase(),
    emailInUse: (_, error: ApiError) => Boolean(error.field_errors.email),
    noSavedEmail: ({ context }) => !(context.member.email ?? '').trim(),
  },
  actions: {
    change: assign(({ context, event }) =>
      event.type === 'field.changed'
        ? { form: { ...context.form, [event.field]: event.value }, error: null, noEmailToVerify: false }
        : {},
    ),
    toggleReceipts: assign(({ event }) => (event.type === 'receipts.toggled' ? { sendReceipts: event.on } : {})),
    showProblems: assign({ showProblems: true }),
    markEmailInUse: assign(({ context }) => ({ emailInUse: context.form.email.trim(), showProblems: true })),
    keepError: assign((_, error: ApiError) => ({ error })),
    keepSaved: assign(({ context }) => ({
      member: { ...context.member, email: context.form.email.trim() },
      error: null,
      showProblems: false,
    })),
    markResent: assign({ resent: true }),
    // Saved: the session reads the member again (on an employee-number machine, to see the number).
    refreshMember,
  },
}).createMachine({
  id: 'profile',
  context: ({ input }) => ({
    ...input,
    form: profileForm(input.member),
    showProblems: false,
    emailInUse: null,
    error: null,
    resent: false,
    noEmailToVerify: false,
    sendReceipts: input.member.send_receipts ?? null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.changed': { actions: 'change' },
        'receipts.toggled': { actions: 'toggleReceipts' },
        'profile.submitted': [{ guard: 'invalid', actions: 'showProblems' }, { target: 'saving' }],
        // Issue 15 point 14: the API's bare "invalid data" told the member nothing; the field says what is missing.
        'email.resend': [
          { guard: 'noSavedEmail', actions: assign({ noEmailToVerify: true }) },
          { target: 'resending' },
        ],
      },
    },
    saving: {
      invoke: {
        src: 'save',
        input: ({ context }) => ({
          memberId: context.member.id,
          body: updateBody(context.form, context.now, { sendReceipts: context.sendReceipts, locale: context.locale }),
        }),
        onDone: [
          { guard: 'emailChanged', target: 'confirmEmail', actions: 'keepSaved' },
          { target: 'saved', actions: 'keepSaved' },
        ],
        onError: [
          { guard: { type: 'emailInUse', params: failure }, target: 'editing', actions: 'markEmailInUse' },
          { target: 'editing', actions: { type: 'keepError', params: failure } },
        ],
      },
    },
    resending: {
      invoke: {
        src: 'save',
        input: ({ context }) => ({
          memberId: context.member.id,
          body: updateBody(profileForm(context.member), context.now, { resend: true, locale: context.locale }),
        }),
        onDone: { target: 'editing', actions: 'markResent' },
        onError: { target: 'editing', actions: { type: 'keepError', params: failure } },
      },
    },
    confirmEmail: {
      on: { 'confirm.closed': 'saved' },
    },
    saved: { type: 'final', entry: 'refreshMember' },
  },
});

export type ProfileMachine = typeof profileMachine;
