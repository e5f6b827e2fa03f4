import { PHONE_LENGTH } from '../contract/member-formats.ts';
import { COUNTRY_CODES, COUNTRY_PLACEHOLDER, RESEND_SECONDS } from './phone.ts';

export interface SignInForm {
  readonly country: string;
  readonly phone: string;
  readonly privacyAccepted: boolean;
}

export type SignInField = 'country' | 'phone' | 'privacy';
export type SignInProblem = 'country_required' | 'phone_length' | 'privacy_required' | 'phone_unreadable';

/** What the phone field holds after an input: the number, the country it named, or why it was refused. */
export interface PhoneReading {
  readonly phone: string;
  readonly country?: (typeof COUNTRY_CODES)[number];
  readonly problem?: 'phone_unreadable';
}

/**
 * Spec §9 (10 digits) and issue 15 point 6: typed, pasted or autofilled, a number is read, never turned
 * into another. Spaces, dashes, dots and brackets go; `+52 55 1234 5678` (or `0052…`) sets the country
 * and keeps 10 digits; the selected country's code before 10 digits goes too. Anything else longer
 * than 10 digits, or an international number of an unknown country, is kept as typed and refused.
 */
export function readPhone(input: string, country: string): PhoneReading {
  const compact = input.replace(/[\s().-]/g, '');
  const international = /^(\+|00)/.test(compact);
  const digits = compact.replace(/\D/g, '');
  if (!international && digits.length <= PHONE_LENGTH) return { phone: digits };
  const national = international ? digits.replace(/^00/, '') : digits;
  // Without a + only the selected country's code may stand before the number.
  const code = COUNTRY_CODES.find(
    (candidate) =>
      (international || candidate === country) &&
      national.length === candidate.length - 1 + PHONE_LENGTH &&
      national.startsWith(candidate.slice(1)),
  );
  if (code) return { phone: national.slice(-PHONE_LENGTH), country: code };
  return { phone: input.trim(), problem: 'phone_unreadable' };
}

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

/**
 * Spec §4's resend wait of a code sent at `sentAt`, in whole seconds left by the clock `now` (both in
 * milliseconds, possibly of two machines): a clock set wrong gives no wait or the whole one, never more.
 */
export function resendInAfter(sentAt: number, now: number): number {
  const left = RESEND_SECONDS - Math.floor((now - sentAt) / 1_000);
  return Math.min(RESEND_SECONDS, Math.max(0, left));
}
