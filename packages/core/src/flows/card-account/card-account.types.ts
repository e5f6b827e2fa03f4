import type { AccountCredentials } from '../../rules/card-account.ts';

export interface CardAccountInput {
  /** The account the native app's link names (its address's member id and token); null when it names none. */
  readonly link: AccountCredentials | null;
  /** The session this browser already holds, if any. */
  readonly browser: AccountCredentials | null;
}

/** Who an account belongs to, as GET community_members/{id} answers with that account's own token. */
export interface AccountHolder {
  readonly name: string | null;
  readonly phone: string;
}

/** An account the card may go to: its session and whose it is. */
export interface CardAccount extends AccountCredentials, AccountHolder {}

export interface CardAccountContext extends CardAccountInput {
  readonly linkHolder: AccountHolder | null;
  readonly browserHolder: AccountHolder | null;
  readonly chosen: 'link' | 'browser' | null;
}

export type CardAccountEvent = { type: 'account.chosen'; account: 'link' | 'browser' } | { type: 'account.retried' };
