import { assign, fromPromise, setup } from 'xstate';
import type { ApiError } from '../../api/api-error.ts';
import { isUnanswered } from '../../api/error-checks.ts';
import {
  type TaxProfile,
  type TaxProfileField,
  type TaxProfileProblem,
  taxProfileProblems,
  useAllowed,
} from '../../contract/index.ts';
import { failure } from '../actor-failure.ts';

export interface TaxProfileInput {
  readonly memberId: number;
}

/**
 * One problem under a field: core's own code, or the provider's 422 as it answered it (its words in the
 * member's language, where it answers words: the screen shows a code it does not know as it came).
 */
export interface TaxProfileFieldProblem {
  readonly field: TaxProfileField;
  readonly code: TaxProfileProblem['code'] | (string & {});
}

/** Why the profile was not read or saved: no answer, or anything else the form cannot pin on a field. */
export type TaxProfileFailure = 'unreachable' | 'failed';

export interface TaxProfileContext extends TaxProfileInput {
  /** What the member typed, kept through every failure. */
  readonly form: TaxProfile;
  /** The client's problems are shown once the member tried to save. */
  readonly showProblems: boolean;
  /** What the provider refused (422), field by field; a field's goes once the member changes it. */
  readonly serverProblems: readonly TaxProfileFieldProblem[];
  readonly failure: TaxProfileFailure | null;
}

export type TaxProfileEvent =
  | { type: 'field.changed'; field: TaxProfileField; value: string }
  | { type: 'profile.submitted' }
  | { type: 'profile.reloaded' };

export const blankTaxProfile: TaxProfile = { rfc: '', name: '', postal_code: '', tax_regime: '', cfdi_use: '' };

const fields: readonly TaxProfileField[] = ['rfc', 'name', 'postal_code', 'tax_regime', 'cfdi_use'];
const isField = (field: string): field is TaxProfileField => (fields as readonly string[]).includes(field);

/** The field each of core's problem codes belongs to: a 422 naming only a code still lands under its field. */
const fieldOfCode: Record<TaxProfileProblem['code'], TaxProfileField> = {
  rfc_format: 'rfc',
  rfc_check_digit: 'rfc',
  rfc_generic: 'rfc',
  name_required: 'name',
  name_too_long: 'name',
  postal_code_format: 'postal_code',
  regime_not_for_person: 'tax_regime',
  use_not_for_regime: 'cfdi_use',
};

/**
 * The provider's 422 read field by field: a map of field → codes or words, or a problem's code alone (the first
 * of its `errors`), which names its field. An answer that names no field of the form says nothing the form can show
 * under one: it reads as a plain failure.
 */
export function serverProblemsOf(error: ApiError): TaxProfileFieldProblem[] {
  if (error.status !== 422) return [];
  const mapped = Object.entries(error.field_errors).flatMap(([field, codes]) =>
    isField(field) ? codes.map((code) => ({ field, code })) : [],
  );
  if (mapped.length > 0) return mapped;
  const code = String(error.error_code ?? '');
  const field = Object.hasOwn(fieldOfCode, code) ? fieldOfCode[code as TaxProfileProblem['code']] : null;
  return field ? [{ field, code }] : [];
}

/**
 * Issue 37 point 3: the RFC is written in capitals as it is typed (SAT's own form), and a new regime drops
 * the CFDI use it does not allow, so the form never holds a pair SAT would refuse.
 */
function changed(form: TaxProfile, field: TaxProfileField, value: string): TaxProfile {
  if (field === 'rfc') return { ...form, rfc: value.toUpperCase().replace(/\s+/g, '') };
  if (field === 'tax_regime') {
    return { ...form, tax_regime: value, cfdi_use: useAllowed(value, form.cfdi_use) ? form.cfdi_use : '' };
  }
  return { ...form, [field]: value };
}

const failureOf = (error: ApiError): TaxProfileFailure => (isUnanswered(error) ? 'unreachable' : 'failed');

/**
 * Issue 37 point 3: the member's tax profile (datos de facturación), read and saved once. Client-side problems
 * (taxProfileProblems) stop a save before it is sent; the provider's 422 shows under each field; nothing typed
 * is lost on an error. A provider without invoices answers 404: `unavailable`, and no form is shown.
 */
export const taxProfileMachine = setup({
  types: {} as { context: TaxProfileContext; events: TaxProfileEvent; input: TaxProfileInput },
  actors: {
    loadProfile: fromPromise<TaxProfile | null, TaxProfileInput>(() =>
      Promise.reject(new Error('tax profile: provide loadProfile')),
    ),
    saveProfile: fromPromise<TaxProfile, TaxProfileInput & { profile: TaxProfile }>(() =>
      Promise.reject(new Error('tax profile: provide saveProfile')),
    ),
  },
  guards: {
    notProvided: (_, error: ApiError) => error.status === 404,
    refusedByField: (_, error: ApiError) => serverProblemsOf(error).length > 0,
    hasProblems: ({ context }) => taxProfileProblems(context.form).length > 0,
  },
  actions: {
    keepProfile: assign((_, profile: TaxProfile | null) => ({ form: profile ?? blankTaxProfile, failure: null })),
    change: assign(({ context, event }) =>
      event.type === 'field.changed'
        ? {
            form: changed(context.form, event.field, event.value),
            serverProblems: context.serverProblems.filter((problem) => problem.field !== event.field),
          }
        : {},
    ),
    showProblems: assign({ showProblems: true }),
    startSaving: assign({ failure: null, serverProblems: [] }),
    keepSaved: assign((_, profile: TaxProfile) => ({ form: profile, showProblems: false })),
    keepServerProblems: assign((_, error: ApiError) => ({ serverProblems: serverProblemsOf(error) })),
    keepFailure: assign((_, error: ApiError) => ({ failure: failureOf(error) })),
  },
}).createMachine({
  id: 'taxProfile',
  context: ({ input }) => ({
    ...input,
    form: blankTaxProfile,
    showProblems: false,
    serverProblems: [],
    failure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadProfile',
        input: ({ context }) => ({ memberId: context.memberId }),
        onDone: { target: 'editing', actions: { type: 'keepProfile', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'notProvided', params: failure }, target: 'unavailable' },
          { target: 'loadFailed', actions: { type: 'keepFailure', params: failure } },
        ],
      },
    },
    loadFailed: { on: { 'profile.reloaded': 'loading' } },
    editing: {
      on: {
        'field.changed': { actions: 'change' },
        'profile.submitted': [{ guard: 'hasProblems', actions: 'showProblems' }, { target: 'saving' }],
      },
    },
    saving: {
      entry: 'startSaving',
      invoke: {
        src: 'saveProfile',
        input: ({ context }) => ({ memberId: context.memberId, profile: context.form }),
        onDone: { target: 'saved', actions: { type: 'keepSaved', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'notProvided', params: failure }, target: 'unavailable' },
          {
            guard: { type: 'refusedByField', params: failure },
            target: 'editing',
            actions: { type: 'keepServerProblems', params: failure },
          },
          { target: 'editing', actions: { type: 'keepFailure', params: failure } },
        ],
      },
    },
    // Saved: the screen goes back where the member came from (a receipt, to ask for its invoice).
    saved: { on: { 'field.changed': { target: 'editing', actions: 'change' } } },
    unavailable: { type: 'final' },
  },
});

export type TaxProfileMachine = typeof taxProfileMachine;
