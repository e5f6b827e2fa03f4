import { COUNTRY_CODES, COUNTRY_PLACEHOLDER, PHONE_LENGTH } from './constants.ts';

export interface SignInForm {
  readonly country: string;
  readonly phone: string;
  readonly privacyAccepted: boolean;
}

export type SignInField = 'country' | 'phone' | 'privacy';
export type SignInProblem = 'country_required' | 'phone_length' | 'privacy_required';

/** Only digits reach the phone field; anything pasted around them is dropped (spec §9: 10 digits). */
export const phoneDigits = (input: string) => input.replace(/\D/g, '').slice(0, PHONE_LENGTH);

/**
 * Spec §5 sign-in: the phone is exactly 10 digits, the country is a real code
 * (not the placeholder +++), the privacy box is ticked. Answers the offending
 * fields, none when the form may be sent.
 */
export function signInProblems(form: SignInForm): Partial<Record<SignInField, SignInProblem>> {
  const problems: Partial<Record<SignInField, SignInProblem>> = {};
  if (form.country === COUNTRY_PLACEHOLDER || !(COUNTRY_CODES as readonly string[]).includes(form.country)) {
    problems.country = 'country_required';
  }
  if (!new RegExp(`^\\d{${PHONE_LENGTH}}$`).test(form.phone)) problems.phone = 'phone_length';
  if (!form.privacyAccepted) problems.privacy = 'privacy_required';
  return problems;
}
