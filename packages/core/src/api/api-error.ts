import type * as z from 'zod/mini';
import { ErrorEnvelope, type ErrorObject } from '../contract/error.ts';
import { blankErrorFields } from './transport-error.ts';

/** How a call failed: an answer with an error, no answer, too late, an answer that breaks the contract, or cancelled. */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'schema' | 'aborted';

export interface SchemaIssue {
  /** Dotted path of the failing field in the answer, e.g. `deal.delivery_status`. */
  readonly path: string;
  readonly message: string;
}

/**
 * The one failure value of the API client: the spec §8 error fields plus what
 * went wrong. A plain object, so flows can keep it in their context.
 */
export interface ApiError {
  readonly kind: ApiErrorKind;
  /** HTTP status of the answer; null when no answer arrived. */
  readonly status: number | null;
  readonly method: string;
  /** The path that was called, without the query. */
  readonly path: string;
  readonly error_code: number | string | null;
  readonly message: string | null;
  readonly description: string | null;
  readonly action_text: string | null;
  readonly redirect_url: string | null;
  readonly cta_image_url: string | null;
  readonly email_domain: string | null;
  readonly additional_information: string | null;
  /** Field → messages when the provider answered a message map (spec §7 `error.message.email`). */
  readonly field_errors: Readonly<Record<string, readonly string[]>>;
  /** Seconds the server asked the caller to wait before trying again (Retry-After). */
  readonly retry_after: number | null;
  /** For `schema` failures: the fields of the answer that broke the contract. */
  readonly issues: readonly SchemaIssue[];
}

export type ApiResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ApiError };

export interface RequestLine {
  readonly method: string;
  readonly path: string;
}

/** Spec §8: `error`, else the first entry of `errors`; anything else yields no fields. */
export function firstErrorObject(body: unknown): ErrorObject | null {
  const envelope = ErrorEnvelope.safeParse(body);
  if (!envelope.success) return null;
  if (envelope.data.error) return envelope.data.error;
  const first = envelope.data.errors?.[0];
  if (first === undefined) return null;
  return typeof first === 'string' ? { message: first } : first;
}

/** True when a body speaks of an error rather than of the answer asked for. */
export function carriesError(body: unknown): boolean {
  return typeof body === 'object' && body !== null && ('error' in body || 'errors' in body);
}

function messageFields(message: ErrorObject['message']) {
  if (message === undefined || message === null) return { message: null, field_errors: {} };
  if (typeof message === 'string') return { message, field_errors: {} };
  const field_errors: Record<string, readonly string[]> = {};
  for (const [field, value] of Object.entries(message)) {
    field_errors[field] = Array.isArray(value) ? value : [value];
  }
  const message_text = Object.values(field_errors).flat().join(' ') || null;
  return { message: message_text, field_errors };
}

export function httpError(line: RequestLine, status: number, body: unknown, retryAfter: number | null): ApiError {
  const fields = firstErrorObject(body) ?? {};
  return {
    ...blankErrorFields,
    ...line,
    kind: 'http',
    status,
    error_code: fields.error_code ?? null,
    ...messageFields(fields.message),
    description: fields.description ?? null,
    action_text: fields.action_text ?? null,
    redirect_url: fields.redirect_url ?? null,
    cta_image_url: fields.cta_image_url ?? null,
    email_domain: fields.email_domain ?? null,
    additional_information: fields.additional_information ?? null,
    retry_after: retryAfter,
  };
}

/**
 * The server's own words for the member, or null: only an answer carries them.
 * Network, timeout and contract failures hold a developer's description instead,
 * which screens never show (they say what happened in the member's language).
 */
export function serverMessage(error: Pick<ApiError, 'kind' | 'message'> | null | undefined): string | null {
  return error?.kind === 'http' ? error.message || null : null;
}

/**
 * The call got no answer: the network failed or the wait ran out. The server may still have acted on it,
 * and no words of its own came back to show.
 */
export function isUnanswered(error: Pick<ApiError, 'kind'>): boolean {
  return error.kind === 'network' || error.kind === 'timeout';
}

/**
 * Failures worth asking again with the same request: no answer, a busy server,
 * or a gateway in trouble. Anything else is the answer to show.
 */
export function isTransient(error: Pick<ApiError, 'kind' | 'status'>): boolean {
  if (isUnanswered(error)) return true;
  return (
    error.kind === 'http' &&
    (error.status === 429 || error.status === 502 || error.status === 503 || error.status === 504)
  );
}

/** The longest a flow waits on a 409's Retry-After before sending again: a member is watching a spinner. */
export const STILL_WORKING_MAX_WAIT_MS = 10_000;
/**
 * How many times a flow sends again while the server says it is still working, about a minute at the cap.
 * A first request that runs longer than that is treated as one that got no answer: the member may try again,
 * still with the same key, so nothing is charged twice.
 */
export const STILL_WORKING_RESENDS = 6;

/**
 * A replay answered 409 with Retry-After: the server still runs the first request sent with this
 * Idempotency-Key. Not a failure: the same request, with the same key, gets its answer once the wait is over.
 * A 409 without Retry-After is a refusal like any other.
 */
export function isStillWorking(error: Pick<ApiError, 'kind' | 'status' | 'retry_after'>): boolean {
  return error.kind === 'http' && error.status === 409 && error.retry_after !== null;
}

/** How long to wait before sending again: the server's Retry-After, at least a second, at most the cap. */
export function stillWorkingWaitMs(error: Pick<ApiError, 'retry_after'> | null): number {
  return Math.min(STILL_WORKING_MAX_WAIT_MS, Math.max(1, error?.retry_after ?? 1) * 1_000);
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') return `expected ${issue.expected}`;
  if (issue.code === 'invalid_value') return `expected one of ${issue.values.map(String).join(', ')}`;
  return issue.message || issue.code;
}

export function schemaError(line: RequestLine, status: number, issues: readonly z.core.$ZodIssue[]): ApiError {
  const named = issues.map((issue) => ({
    path: issue.path.map(String).join('.') || '(body)',
    message: describeIssue(issue),
  }));
  const first = named[0];
  const summary = first ? `${first.path}: ${first.message}` : 'the answer is not JSON';
  return {
    ...blankErrorFields,
    ...line,
    kind: 'schema',
    status,
    message: `${line.method} ${line.path} answered outside the contract: ${summary}`,
    issues: named.length > 0 ? named : [{ path: '(body)', message: 'expected JSON' }],
  };
}

/** Retry-After in seconds: a number of seconds or an HTTP date. */
export function parseRetryAfter(header: string | null, now: number = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}
