import type { ApiError } from '../../api/api-error.ts';
import type { Deal, Locale, ProductServer } from '../../contract/index.ts';
import type { NewIdempotencyKey } from '../../ports.ts';
import type { BuyRequest } from '../buy/buy.types.ts';
import type { RefreshesMember } from '../member-refresh.ts';

/** The session that follows the deal gives itself (`session`): a deal that ends has it read the member again. */
export interface DealInput extends RefreshesMember {
  readonly machine: ProductServer;
  readonly locale: Locale;
  /** What the member asked for: a retry makes the same deal again. */
  readonly request: BuyRequest;
  readonly cardId: number | null;
  /** The deal just made, or null when making it failed (then `error`). */
  readonly deal: Deal | null;
  readonly error: ApiError | null;
  /** The key of each new attempt at the deal (a retry); one after no answer keeps its key. */
  readonly newIdempotencyKey: NewIdempotencyKey;
}

/** Why the deal stopped on the failed-deal screen: a status the machine reported, or a wait that ran out. */
export interface DealFailure {
  readonly status: number;
  readonly cause: 'status' | 'timeout';
}

export interface DealContext extends DealInput {
  readonly failure: DealFailure | null;
  /** Set by a 429's Retry-After: the next reading waits at least this long. */
  readonly retryAfterMs: number;
  /** One per member action: a retry after no answer resends the same key. */
  readonly idempotencyKey: string | null;
  /** Times the same request went again while the server said it was still running the first (409). */
  readonly resends: number;
}

export type DealEvent = { type: 'deal.retried' };

export interface FetchDealInput {
  readonly machineId: number;
  readonly dealId: number;
}
