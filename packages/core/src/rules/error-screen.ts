import type { ApiError } from '../api/api-error.ts';
import { isUnanswered, serverMessage } from '../api/error-checks.ts';
import { httpUrl } from './links.ts';

/** What the error screen's button does (spec §8 error screen). */
export type ErrorAction = { kind: 'retry' } | { kind: 'redirect'; url: string } | { kind: 'inventory' };

/**
 * Why the deal could not go on when the server gave no words for it; the web
 * turns each into a message. `refused`: the server answered with its own text.
 */
export type DealProblem = 'refused' | 'unreachable' | 'notFound' | 'malformed' | 'unknownStatus';

/**
 * Spec §8 error screen: title = message, body = description, button =
 * action_text, additional_information shown; null fields take the web's
 * defaults (internal-server-error title, try-again-later body, back label).
 */
export interface ErrorScreen {
  readonly title: string | null;
  readonly body: string | null;
  readonly actionText: string | null;
  readonly additionalInformation: string | null;
  /** Code -13: the body shows the email domain the campaign asks for. */
  readonly emailDomain: string | null;
  readonly action: ErrorAction;
  readonly problem: DealProblem;
}

type ErrorFields = Pick<
  ApiError,
  | 'kind'
  | 'status'
  | 'error_code'
  | 'message'
  | 'description'
  | 'action_text'
  | 'redirect_url'
  | 'email_domain'
  | 'additional_information'
>;

const codeOf = (error: ErrorFields | null) => (error?.error_code == null ? null : Number(error.error_code));

function problemOf(error: ErrorFields | null): DealProblem {
  if (error === null) return 'unknownStatus';
  if (isUnanswered(error)) return 'unreachable';
  if (error.kind === 'schema') return 'malformed';
  if (error.status === 404 && !error.message) return 'notFound';
  return 'refused';
}

/** Spec §8: code -11 with a followable redirect_url goes to /campaign-requirement. */
export function needsCampaign(error: ErrorFields | null): boolean {
  return codeOf(error) === -11 && httpUrl(error?.redirect_url) !== null;
}

/** Spec §8 error screen for a deal that could not be made or followed; `null` is a status nobody knows. */
export function errorScreen(error: ErrorFields | null): ErrorScreen {
  const code = codeOf(error);
  const redirect = httpUrl(error?.redirect_url);
  const action: ErrorAction =
    code === -100
      ? { kind: 'retry' }
      : code === -13 && redirect
        ? { kind: 'redirect', url: redirect }
        : { kind: 'inventory' };
  return {
    title: serverMessage(error),
    body: error?.kind === 'http' ? error.description || null : null,
    actionText: error?.action_text || null,
    additionalInformation: error?.additional_information || null,
    emailDomain: code === -13 ? error?.email_domain || null : null,
    action,
    problem: problemOf(error),
  };
}
