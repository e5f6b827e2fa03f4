import * as z from 'zod/mini';
import { Id } from './primitives.ts';

export type Schema = z.core.$ZodType;

/**
 * One call of spec §7. `path` is relative to its base: `api` is the provider's
 * base address (`/api/` by default), `v4` is the same origin's `/api/v4/`.
 */
export interface CallDef {
  readonly resource: string;
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  readonly base: 'api' | 'v4';
  readonly path: string;
  /** `required`: member calls; `none`: spec "No token"; `optional`: anonymous visitors may call it too (spec §6). */
  readonly auth: 'required' | 'optional' | 'none';
  readonly summary: string;
  readonly query?: Schema;
  readonly body?: Schema;
  /** Absent when the success answer has no body worth reading (200/204). */
  readonly response?: Schema;
  /** Money-moving calls carry a caller-supplied `Idempotency-Key`. */
  readonly idempotent?: true;
  /** Set where the spec names a call but not its path (the path is Vendo's choice), or where Vendo adds to a spec call. */
  readonly vendoChoice?: string;
  /** Success is 202 Accepted: the server queued the work and does it after answering (a receipt e-mailed). */
  readonly accepted?: true;
}

/** Path parameters by name, for servers and for the generated OpenAPI description. */
export const pathParams = {
  id: Id,
  cardId: Id,
  dealId: Id,
  topUpId: Id,
  invoiceId: Id,
  productId: Id,
  pendingId: Id,
  alertId: Id,
  name: z.string().check(z.minLength(1), z.maxLength(64)),
} as const;

/** How the member's history is paged (issue 32 point 8); the server answers `next_page` while there are more. */
export const dealPages = {
  size: 20,
  /** Without `page`, a client that knows nothing of pages gets the newest this many, as before. */
  unpaged: 200,
  /** 500 pages of 20: the oldest reachable deal is the 10,000th. */
  last: 500,
} as const;
export const DealPage = z.int().check(z.minimum(1), z.maximum(dealPages.last));

/** The member's own calls start here. */
export const memberPath = 'community_members/{id}';

/** The full path of a call as served, e.g. `/api/v4/community_member_rfids`. */
export function servedPath(call: CallDef): string {
  return `${call.base === 'v4' ? '/api/v4/' : '/api/'}${call.path}`;
}
