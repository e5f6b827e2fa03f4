import type { ApiError } from '../api/api-error.ts';
import { isUnanswered } from '../api/error-checks.ts';

/** What went wrong while signing in, as a code the app turns into a translated message. */
export type SignInErrorCode =
  | 'code_wrong'
  | 'code_expired'
  | 'code_killed'
  | 'code_sends_paused'
  | 'too_many_requests'
  | 'unreachable'
  | 'unknown';

const known = new Set<string>(['code_wrong', 'code_expired', 'code_killed', 'code_sends_paused', 'too_many_requests']);

/** Spec §8: a code-verification error is shown above the code input; every failure gets its own text. */
export function signInErrorCode(error: ApiError): SignInErrorCode {
  if (isUnanswered(error)) return 'unreachable';
  // 423: a provider that locks a number after too many wrong codes (Vendo's no longer does).
  if (error.status === 429 || error.status === 423) return 'too_many_requests';
  const code = String(error.error_code ?? '');
  return known.has(code) ? (code as SignInErrorCode) : 'unknown';
}

/** Failures that pass by themselves: the server says, in Retry-After, when the member may try again. */
export const isWaitToRetry = (code: SignInErrorCode | null) =>
  code === 'code_sends_paused' || code === 'too_many_requests';

/**
 * What a member waits when the server names no time: paused sends (a cap on texts, hourly or daily,
 * issue 32 point 3) an hour, a limit about a minute.
 */
const usualWaitSeconds = { code_sends_paused: 3_600, too_many_requests: 60 } as const;

/**
 * When a member whose sends are paused or rate-limited may try again, in whole minutes rounded up (never 0): the server's
 * Retry-After, else the usual wait. Null for any other failure.
 */
export function minutesToWait(code: SignInErrorCode | null, retryAfter: number | null): number | null {
  if (!isWaitToRetry(code)) return null;
  const seconds = retryAfter ?? usualWaitSeconds[code as keyof typeof usualWaitSeconds];
  return Math.max(1, Math.ceil(seconds / 60));
}
