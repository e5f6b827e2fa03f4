import type { ApiError } from '../api/api-error.ts';
import { isStillWorking, STILL_WORKING_RESENDS, stillWorkingWaitMs } from '../api/error-checks.ts';
import { failure } from './actor-failure.ts';

/** What a flow sending a keyed request keeps for the resend: the times it went again, and the last failure. */
interface Resending {
  readonly resends: number;
  readonly error: ApiError | null;
}

/**
 * Spec §4: a 409 with Retry-After says the first request with this Idempotency-Key is still running; the
 * same request, with the same key, goes again after the wait. The one resend of every keyed request (buy,
 * deal, top-up): a flow names `stillWorking` and `stillWorkingWait` from here in its setup, puts
 * `onStillWorking` first in its `sending` state's onError and `stillWorkingState` beside that state, and
 * counts with a `countResend` action.
 */
export const stillWorkingGuard = ({ context }: { context: Resending }, error: ApiError) =>
  isStillWorking(error) && context.resends < STILL_WORKING_RESENDS;

/** The server's Retry-After on the kept 409, capped: a member is watching a spinner. */
export const stillWorkingWait = ({ context }: { context: Resending }) => stillWorkingWaitMs(context.error);

/** The first of a keyed `sending` state's onError: still working, with resends left, waits and sends again. */
export const onStillWorking = {
  guard: { type: 'stillWorking', params: failure },
  target: 'stillWorking',
  actions: { type: 'keepError', params: failure },
} as const;

/** The wait beside `sending`: counted, then the same request again. */
export const stillWorkingState = {
  entry: 'countResend',
  after: { stillWorkingWait: 'sending' },
} as const;
