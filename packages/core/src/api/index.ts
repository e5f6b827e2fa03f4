import { balanceRefundsApi } from './balance-refunds.ts';
import { balancesApi } from './balances.ts';
import { cardLinksApi } from './card-links.ts';
import { cardsApi } from './cards.ts';
import { configurationsApi } from './configurations.ts';
import { dealsApi } from './deals.ts';
import { invoicesApi } from './invoices.ts';
import { machinesApi } from './machines.ts';
import { membersApi } from './members.ts';
import { messagesApi } from './messages.ts';
import { productsApi } from './products.ts';
import { ratingsApi } from './ratings.ts';
import { receiptsApi } from './receipts.ts';
import { restockAlertsApi } from './restock-alerts.ts';
import { rewardsApi } from './rewards.ts';
import { rfidsApi } from './rfids.ts';
import { createHttp, createSend } from './send.ts';
import { speiApi } from './spei.ts';
import { statementApi } from './statement.ts';
import { topUpsApi } from './top-ups.ts';

export interface ApiConfig {
  /** The provider's base address for unprefixed calls; `/api/v4/` calls go to the same origin. Default `/api/`. */
  readonly baseUrl?: string;
  /** The member's auth token, read at each call; null when signed out. */
  readonly getToken: () => string | null | undefined;
  /** The active language, sent as Accept-Language so errors come back translated. */
  readonly getLocale?: () => string;
  readonly fetch?: typeof fetch;
  /** Per-request timeout. Default 15 s. */
  readonly timeoutMs?: number;
}

/** The provider API of spec §7: one typed function per call, grouped by resource. */
export function createApi({ baseUrl = '/api/', getToken, getLocale, fetch, timeoutMs = 15_000 }: ApiConfig) {
  const send = createSend({ http: createHttp({ baseUrl, fetch, timeoutMs }), getToken, getLocale });
  return {
    members: membersApi(send),
    cards: cardsApi(send),
    balances: balancesApi(send),
    topUps: topUpsApi(send),
    deals: dealsApi(send),
    receipts: receiptsApi(send),
    statement: statementApi(send),
    machines: machinesApi(send),
    products: productsApi(send),
    messages: messagesApi(send),
    configurations: configurationsApi(send),
    ratings: ratingsApi(send),
    rfids: rfidsApi(send),
    cardLinks: cardLinksApi(send),
    restockAlerts: restockAlertsApi(send),
    rewards: rewardsApi(send),
    spei: speiApi(send),
    invoices: invoicesApi(send),
    balanceRefunds: balanceRefundsApi(send),
  };
}

export type Api = ReturnType<typeof createApi>;
export type { ApiError, ApiErrorKind, ApiResult, SchemaIssue } from './api-error.ts';
export {
  isStillWorking,
  isTransient,
  isUnanswered,
  STILL_WORKING_MAX_WAIT_MS,
  STILL_WORKING_RESENDS,
  serverMessage,
  stillWorkingWaitMs,
} from './error-checks.ts';
export type { CallInput, CallOptions, CallOutput } from './send.ts';
export { transportError } from './transport-error.ts';
