// What a failed call means for the flow that made it: pure checks on an ApiError's fields. Kept apart
// from api-error.ts, which reads answers with the contract's schemas, so a screen that only asks "did an
// answer arrive?" does not load zod with the first paint.
import type { ApiError } from './api-error.ts';

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
