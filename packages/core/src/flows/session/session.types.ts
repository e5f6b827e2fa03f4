import type { ApiError } from '../../api/api-error.ts';
import type { Balance, CommunityMember, CreditCard, ProductServer } from '../../contract/index.ts';

/** What storage held at start (spec §4 session: token and member id, and maybe a machine). */
export interface StoredSession {
  readonly token: string | null;
  readonly memberId: number | null;
  readonly machineName: string | null;
}

export interface LoadedMember {
  readonly member: CommunityMember;
  /** The MXN balance (spec §3 member balance). */
  readonly balance: number;
  /** One balance per currency (issue 32 point 5); null when the provider does not answer them. */
  readonly balances?: readonly Balance[] | null | undefined;
  /** The saved cards: a buy decides on them (spec §4). */
  readonly cards: readonly CreditCard[];
}

export type SessionErrorCode = 'unreachable' | 'machine_unavailable';

export interface SessionContext {
  readonly token: string | null;
  readonly memberId: number | null;
  readonly member: CommunityMember | null;
  readonly balance: number | null;
  /** One balance per currency, when the provider answers them (issue 32 point 5). */
  readonly balances?: readonly Balance[] | null | undefined;
  readonly cards: readonly CreditCard[];
  readonly machineName: string | null;
  readonly machine: ProductServer | null;
  readonly error: SessionErrorCode | null;
  /** Storage was read before the flow was created (a server-rendered page hydrates that way): no restoring step. */
  readonly readAtStart: boolean;
}

/** What the flow may be created with: the stored session, when the front end can read it at once. */
export interface SessionInput {
  readonly stored?: StoredSession;
  /**
   * A machine the page already holds (a server-rendered `/:vendingMachineName`): chosen at once, stored,
   * and never read again, whatever machine was stored before.
   */
  readonly machine?: ProductServer;
}

export type SessionEvent =
  | { type: 'session.started'; token: string; member: CommunityMember }
  | { type: 'session.ended' }
  | { type: 'member.refresh' }
  | { type: 'machine.chosen'; machine: ProductServer }
  | { type: 'machine.reset' };

export interface SessionCredentials {
  readonly token: string;
  readonly memberId: number;
}

/** Failures the session flow understands: a refused token ends the session, anything else keeps it. */
export const isSessionRejected = (error: Pick<ApiError, 'status'> | null) => error?.status === 401;
