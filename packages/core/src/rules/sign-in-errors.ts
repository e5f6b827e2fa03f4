import type { ApiError } from '../api/api-error.ts';
import { isUnanswered } from '../api/error-checks.ts';

/** What went wrong while signing in, as a code the app turns into a translated message. */
export type SignInErrorCode =
  | 'code_wrong'
  | 'code_expired'
  | 'code_killed'
  | 'phone_locked'
  | 'too_many_requests'
  | 'unreachable'
  | 'unknown';

const known = new Set<string>(['code_wrong', 'code_expired', 'code_killed', 'phone_locked', 'too_many_requests']);

/** Spec §8: a code-verification error is shown above the code input; every failure gets its own text. */
export function signInErrorCode(error: ApiError): SignInErrorCode {
  if (isUnanswered(error)) return 'unreachable';
  if (error.status === 429) return 'too_many_requests';
  if (error.status === 423) return 'phone_locked';
  const code = String(error.error_code ?? '');
  return known.has(code) ? (code as SignInErrorCode) : 'unknown';
}

/** Failures that pass by themselves: the server says, in Retry-After, when the member may try again. */
export const isWaitToRetry = (code: SignInErrorCode | null) => code === 'phone_locked' || code === 'too_many_requests';

/** What a member waits when the server names no time: a locked number an hour, a limit about a minute. */
const usualWaitSeconds = { phone_locked: 3_600, too_many_requests: 60 } as const;

/**
 * When a locked or rate-limited member may try again, in whole minutes rounded up (never 0): the server's
 * Retry-After, else the usual wait. Null for any other failure.
 */
export function minutesToWait(code: SignInErrorCode | null, retryAfter: number | null): number | null {
  if (!isWaitToRetry(code)) return null;
  const seconds = retryAfter ?? usualWaitSeconds[code as keyof typeof usualWaitSeconds];
  return Math.max(1, Math.ceil(seconds / 60));
}
