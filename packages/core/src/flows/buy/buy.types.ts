import type { ApiError } from '../../api/api-error.ts';
import type {
  CreateDealRequest,
  CreditCard,
  Deal,
  Locale,
  ProductServer,
  ProductServerItem,
  SaleTypeCode,
} from '../../contract/index.ts';
import type { NewIdempotencyKey } from '../../ports.ts';
import type { PurchaseKeeper } from './kept-purchase.ts';

/** Who is buying: null for a visitor. */
export interface Buyer {
  readonly id: number;
  readonly balance: number;
  readonly cards: readonly CreditCard[];
}

export interface BuyInput {
  readonly machine: ProductServer;
  readonly buyer: Buyer | null;
  readonly locale: Locale;
  /** The key of each new request; the deal made from it takes the same port for its retries. */
  readonly newIdempotencyKey: NewIdempotencyKey;
  /**
   * The session that keeps a visitor's request through their sign-in, and this buy's screen (issue 15
   * point 4). Without one (a front end with no sign-in on the way) a visitor's request waits for nothing.
   */
  readonly keeper?: PurchaseKeeper;
}

/** What the member asked for: a product and how (spec §4 sale types), or any product on the machine's keyboard. */
export interface BuyRequest {
  readonly product: ProductServerItem | null;
  readonly saleType: SaleTypeCode;
  readonly anyProduct: boolean;
  /** Issue 36: the stamp card whose reward the member chose to use on it, and what they pay with it. */
  readonly reward?: { readonly programId: number; readonly pays: number } | null;
  /** Issue 36: the bonus credit the member may spend at this machine, as the page read it. */
  readonly bonus?: number;
}

export interface BuyContext extends BuyInput {
  readonly request: BuyRequest | null;
  /** Made once per member action: a double tap or a retry sends the same key (spec issue: one buy, one deal). */
  readonly idempotencyKey: string | null;
  readonly cardId: number | null;
  readonly deal: Deal | null;
  readonly error: ApiError | null;
  /** Times the same request went again while the server said it was still running the first (409). */
  readonly resends: number;
}

export type BuyEvent =
  | { type: 'buy.requested'; request: BuyRequest }
  | { type: 'direct-payment.confirmed'; cardId: number }
  | { type: 'direct-payment.cancelled' }
  | { type: 'buy.retried' }
  | { type: 'offline.back' }
  | { type: 'prompt.closed' }
  /** The login modal opened for a visitor's request. */
  | { type: 'login.shown' }
  /** The visitor signed in (and finished the modal's steps): who is buying now, with their balance and cards. */
  | { type: 'sign-in.completed'; buyer: Buyer }
  /** A visitor's request carried over a sign-in that started the screen again: the member makes it now. */
  | { type: 'buy.resumed'; request: BuyRequest; buyer: Buyer };

export type BuyOutput = { deal: Deal } | { error: ApiError };

export interface CreateDealInput {
  readonly machineId: number;
  readonly body: CreateDealRequest;
  readonly idempotencyKey: string;
}
