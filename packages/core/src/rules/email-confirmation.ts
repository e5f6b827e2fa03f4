import type { ApiError } from '../api/api-error.ts';
import { isUnanswered } from '../api/error-checks.ts';

/** Issue 35 point 4: the page a confirmation e-mail's link opens, `?token=` carrying the link's token. */
export const CONFIRM_EMAIL_PATH = '/confirm-email';

/**
 * Why an e-mail confirmation or a resend was refused, as a code the app turns into a translated message:
 * the link's token is unknown, used or replaced by a newer e-mail (`invalid`) or too old (`expired`); a
 * resend came too soon or too often (`limited`, with Retry-After).
 */
export type EmailConfirmationErrorCode =
  | 'email_confirmation_invalid'
  | 'email_confirmation_expired'
  | 'email_confirmation_limited'
  | 'too_many_requests'
  | 'unreachable'
  | 'unknown';

const known = new Set<string>([
  'email_confirmation_invalid',
  'email_confirmation_expired',
  'email_confirmation_limited',
]);

export function emailConfirmationErrorCode(error: ApiError): EmailConfirmationErrorCode {
  if (isUnanswered(error)) return 'unreachable';
  const code = String(error.error_code ?? '');
  if (known.has(code)) return code as EmailConfirmationErrorCode;
  return error.status === 429 ? 'too_many_requests' : 'unknown';
}

/** The token of a confirmation link as the page reads it from its address's query; null when there is none. */
export function confirmationToken(search: string): string | null {
  const token = new URLSearchParams(search).get('token')?.trim() ?? '';
  return /^[\w-]{1,128}$/.test(token) ? token : null;
}
