import type { ApiError } from '../api/api-error.ts';

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
  if (error.kind === 'network' || error.kind === 'timeout') return 'unreachable';
  if (error.status === 429) return 'too_many_requests';
  if (error.status === 423) return 'phone_locked';
  const code = String(error.error_code ?? '');
  return known.has(code) ? (code as SignInErrorCode) : 'unknown';
}
