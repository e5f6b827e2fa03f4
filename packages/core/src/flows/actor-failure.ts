import type { ApiError, ApiErrorKind } from '../api/api-error.ts';
import { transportError } from '../api/transport-error.ts';
import type { TokeniserFailure } from '../ports.ts';

const kinds: readonly unknown[] = ['http', 'network', 'timeout', 'schema', 'aborted'] satisfies ApiErrorKind[];

// XState types what an actor rejected with as unknown: no promise says what it throws.
function isApiError(thrown: unknown): thrown is ApiError {
  return typeof thrown === 'object' && thrown !== null && 'kind' in thrown && kinds.includes(thrown.kind);
}

/**
 * The failure a flow's API actor rejected with. The actors throw the client's ApiError; anything
 * else (a bug in an actor) reads as a call that got no answer, so a screen never shows a raw Error.
 */
export function apiErrorOf(thrown: unknown): ApiError {
  if (isApiError(thrown)) return thrown;
  const detail = thrown instanceof Error ? thrown.message : String(thrown);
  return transportError({ method: '', path: '' }, 'network', detail);
}

/** An invoke's `onError` params: the ApiError its actor failed with. */
export const failure = ({ event }: { event: { error: unknown } }): ApiError => apiErrorOf(event.error);

/**
 * The failure a card tokeniser rejected with (the port promises a TokeniserFailure); anything else
 * keeps its message as the provider's words.
 */
export function tokeniserFailureOf(thrown: unknown): TokeniserFailure {
  if (typeof thrown === 'object' && thrown !== null && 'kind' in thrown && 'message' in thrown) {
    const { kind, message } = thrown;
    if ((kind === 'refused' || kind === 'unreachable') && (typeof message === 'string' || message === null)) {
      return { kind, message };
    }
  }
  return { kind: 'refused', message: thrown instanceof Error ? thrown.message : null };
}
