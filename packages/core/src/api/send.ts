import ky, { isNetworkError, isTimeoutError, type KyInstance } from 'ky';
import * as z from 'zod/mini';
import type { CallDef } from '../contract/calls.ts';
import {
  type ApiError,
  type ApiResult,
  carriesError,
  httpError,
  parseRetryAfter,
  type RequestLine,
  schemaError,
} from './api-error.ts';
import { transportError } from './transport-error.ts';

type Schema = z.core.$ZodType;

type ParamName<P extends string> = P extends `${string}{${infer K}}${infer Rest}` ? K | ParamName<Rest> : never;

/** What a call needs: its path parameters, and its query and body where it has them. */
export type CallInput<C extends CallDef> = ([ParamName<C['path']>] extends [never]
  ? { readonly params?: undefined }
  : { readonly params: Readonly<Record<ParamName<C['path']>, number | string>> }) &
  (C extends { readonly query: infer Q extends Schema }
    ? { readonly query: z.input<Q> }
    : { readonly query?: undefined }) &
  (C extends { readonly body: infer B extends Schema } ? { readonly body: z.input<B> } : { readonly body?: undefined });

/** Per-call options; money-moving calls require the caller's `Idempotency-Key`. */
export type CallOptions<C extends CallDef = CallDef> = { readonly signal?: AbortSignal } & (C extends {
  readonly idempotent: true;
}
  ? { readonly idempotencyKey: string }
  : { readonly idempotencyKey?: undefined });

export type CallOutput<C extends CallDef> = C extends { readonly response: infer R extends Schema }
  ? z.output<R>
  : undefined;

export type Send = <C extends CallDef>(
  call: C,
  input: CallInput<C>,
  options?: CallOptions<C>,
) => Promise<ApiResult<CallOutput<C>>>;

export interface SendConfig {
  readonly http: KyInstance;
  readonly getToken: () => string | null | undefined;
  readonly getLocale?: () => string;
}

export function fillPath(call: CallDef, params: Readonly<Record<string, number | string>> | undefined): string {
  const relative = call.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new TypeError(`${call.path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  // Unprefixed calls resolve under the base address; /api/v4/ calls under the same origin's root.
  return call.base === 'v4' ? `/api/v4/${relative}` : relative;
}

function toSearchParams(query: unknown): Record<string, string> | undefined {
  if (query === undefined || query === null) return undefined;
  return Object.fromEntries(
    Object.entries(query as Record<string, unknown>).map(([key, value]) => [key, String(value)]),
  );
}

function readJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function failure(error: ApiError): ApiResult<never> {
  return { ok: false, error };
}

function thrownToError(line: RequestLine, thrown: unknown, signal: AbortSignal | undefined): ApiError {
  if (signal?.aborted || (thrown instanceof Error && thrown.name === 'AbortError')) {
    return transportError(line, 'aborted', 'the request was cancelled');
  }
  if (isTimeoutError(thrown)) return transportError(line, 'timeout', 'the provider did not answer in time');
  if (isNetworkError(thrown)) return transportError(line, 'network', 'the provider could not be reached');
  const detail = thrown instanceof Error ? thrown.message : String(thrown);
  return transportError(line, 'network', detail);
}

/** Builds the one function every resource module calls: typed in, typed out, never throws. */
export function createSend({ http, getToken, getLocale }: SendConfig): Send {
  return async (call, input, options) => {
    const signal = options?.signal;
    let line: RequestLine = { method: call.method, path: call.path };
    try {
      const url = fillPath(call, input.params);
      line = { method: call.method, path: call.base === 'v4' ? url : `/${url}` };
      const response = await http(url, {
        method: call.method,
        headers: headersFor(call, options, getToken, getLocale),
        json: input.body,
        searchParams: toSearchParams(input.query),
        signal,
        throwHttpErrors: false,
      });
      const body = readJson(await response.text());
      if (!response.ok) {
        const retryAfter = parseRetryAfter(response.headers.get('Retry-After'));
        return failure(httpError(line, response.status, body.ok ? body.value : undefined, retryAfter));
      }
      if (!body.ok) return failure(schemaError(line, response.status, []));
      const schema: Schema | undefined = 'response' in call ? call.response : undefined;
      const parsed = schema ? z.safeParse(schema, body.value) : null;
      // Spec §8: a provider may answer 2xx with an error object instead of the answer asked for.
      if (carriesError(body.value) && !parsed?.success) {
        return failure(httpError(line, response.status, body.value, null));
      }
      if (!parsed) return { ok: true, value: undefined as CallOutput<typeof call> };
      if (!parsed.success) return failure(schemaError(line, response.status, parsed.error.issues));
      return { ok: true, value: parsed.data as CallOutput<typeof call> };
    } catch (thrown) {
      return failure(thrownToError(line, thrown, signal));
    }
  };
}

function headersFor(
  call: CallDef,
  options: CallOptions | undefined,
  getToken: SendConfig['getToken'],
  getLocale: SendConfig['getLocale'],
): Record<string, string> {
  const headers: Record<string, string> = {};
  const token = call.auth === 'none' ? null : getToken();
  if (token) headers.Authorization = `Token token=${token}`;
  if (options?.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  const locale = getLocale?.();
  if (locale) headers['Accept-Language'] = locale;
  return headers;
}

/** The ky instance every call goes through: no automatic retries (flows decide), one timeout. */
export function createHttp(options: { baseUrl: string; fetch?: typeof fetch; timeoutMs: number }): KyInstance {
  return ky.create({
    baseUrl: options.baseUrl,
    timeout: options.timeoutMs,
    retry: 0,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
