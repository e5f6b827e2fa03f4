import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SignInErrorCode, SignInProblem } from '@vendo/core';

/** Spec §5 sign-in field messages. */
export const signInProblemMessages: Record<SignInProblem, MessageDescriptor> = {
  country_required: msg`Choose your country code`,
  phone_length: msg`Enter your 10-digit phone number`,
  privacy_required: msg`Accept the privacy notice to continue`,
  phone_unreadable: msg`We could not read that number: choose the country and enter 10 digits`,
};

/** Failures of the code step: their texts load with it (code-messages.ts), not with `/`. */
export type CodeErrorCode = 'code_wrong' | 'code_expired' | 'code_killed';

/**
 * Spec §8: every sign-in failure has its own text, shown where it happened. Paused sends (a cap on texts,
 * issue 32 point 3) or a limit pass by themselves: their text says in how many minutes (the login view's
 * `waitMinutes`, given as `minutes`).
 */
export const signInErrorMessages: Record<Exclude<SignInErrorCode, CodeErrorCode>, MessageDescriptor> = {
  code_sends_paused: msg({ message: 'We cannot send codes right now. Try again in {minutes} min.' }),
  too_many_requests: msg({ message: 'Too many attempts. Try again in {minutes} min.' }),
  unreachable: msg`We could not reach Vendo. Check your connection and try again.`,
  unknown: msg`An error occurred in the process, please try again.`,
};
