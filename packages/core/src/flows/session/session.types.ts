import type { ActorRefFrom } from 'xstate';
import type { Balance, CommunityMember, CreditCard, ProductServer } from '../../contract/index.ts';
import type { BuyRequest } from '../buy/buy.types.ts';
import type { CardLinkMachine } from '../card-link/card-link.machine.ts';
import type { CardLinkInput } from '../card-link/card-link.types.ts';
import type { DealMachine } from '../deal/deal.machine.ts';
import type { DealInput } from '../deal/deal.types.ts';
import type { PendingPurchaseMachine } from './pending-purchase.machine.ts';

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
  /** The deal on its way: it outlives a move between the deal's screens, and stops when they are left. */
  readonly deal: ActorRefFrom<DealMachine> | null;
  /** The employee-card link on its way, kept and stopped the same way across its screens. */
  readonly cardLink: ActorRefFrom<CardLinkMachine> | null;
  /** The purchase a visitor asked for, kept while they sign in (issue 15 point 4): pending-purchase.machine.ts. */
  readonly purchase: ActorRefFrom<PendingPurchaseMachine> | null;
}

/** A purchase asked for before signing in, and the screen (`place`) it was asked on: no other screen makes it. */
export interface PendingPurchase {
  readonly machineId: number;
  readonly place: string;
  readonly request: BuyRequest;
}

/** The flows whose screens span several addresses: the session keeps each while its screens are shown. */
export type FollowedFlow = 'deal' | 'cardLink';

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
  | { type: 'machine.reset' }
  /** A buy made a deal: it replaces any deal on its way. The logic comes with its effects provided. */
  | { type: 'deal.started'; logic: DealMachine; input: DealInput }
  /** The card-link screens opened with no link on its way. */
  | { type: 'card-link.started'; logic: CardLinkMachine; input: CardLinkInput }
  /** The login modal opened for a visitor's purchase: the sign-in it makes carries the purchase on. */
  | { type: 'purchase.kept'; logic: PendingPurchaseMachine; purchase: PendingPurchase }
  /** The screen shown now belongs to this flow, or to none: any other flow on its way stops. */
  | { type: 'screen.shown'; flow: FollowedFlow | null };

export interface SessionCredentials {
  readonly token: string;
  readonly memberId: number;
}

/**
 * Failures the session flow understands: a refused token ends the session, anything else keeps it. Read
 * from what the actor threw as it is (its ApiError), so the first load carries no error reading of its own.
 */
export const isSessionRejected = (thrown: unknown) =>
  typeof thrown === 'object' && thrown !== null && 'status' in thrown && thrown.status === 401;
