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
