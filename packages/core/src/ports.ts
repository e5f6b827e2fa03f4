import type { KeypadMessage, KeypadSignIn } from './contract/keypad.ts';

/**
 * What the shell provides to the headless core. Each port has a browser
 * adapter in apps/web/src/lib/platform and a fake in tests.
 */

/** Keys the app keeps in storage; values are text. */
export const storageKeys = {
  token: 'vendo.token',
  memberId: 'vendo.member',
  machine: 'vendo.machine',
  locale: 'vendo.locale',
  /** What a sign-in form the browser sent itself left for the next page (issue 31), for ten minutes. */
  signInLeft: 'vendo.sign-in',
} as const;

/**
 * Keys of features kept beside their rules (rules/rating.ts, rules/voucher.ts), so the app's first
 * load carries only the session's.
 */
export type StorageKey =
  | (typeof storageKeys)[keyof typeof storageKeys]
  | 'vendo.rating'
  | 'vendo.voucher-state'
  | 'vendo.top-up-return'
  | `vendo.dismissed.${string}`
  /** Issue 35 point 2: a system notification already raised for that alert. */
  | `vendo.notified.${string}`;

/**
 * Session storage (spec §4, §7): the web adapter writes both a cookie and
 * localStorage with a one-year lifetime, and reads whichever still has it.
 */
export interface StoragePort {
  read(key: StorageKey): string | null;
  write(key: StorageKey, value: string, options: { maxAgeSeconds: number }): void;
  remove(key: StorageKey): void;
}

/**
 * Leaves the app for a provider's page (a card checkout, the meal-voucher authorization), which comes back
 * to one of the app's addresses. The web adapter loads it in place of the app.
 */
export type OpenPage = (url: string) => void;

/**
 * Makes the Idempotency-Key of one member action (a buy, a deal made again, a top-up); a resend of the
 * same action keeps the key it got. A port so a test can give keys it knows and a shell its own source.
 */
export type NewIdempotencyKey = () => string;

/**
 * One keypad socket to a machine (spec §7 touchless keyboard): JSON messages out, dropped unless the
 * socket is open. What to send and when is the keypad flow's (flows/keypad): the adapter only carries it.
 */
export interface KeypadConnection {
  send(message: KeypadSignIn | KeypadMessage): void;
  close(): void;
}

export interface KeypadHandlers {
  /** The socket is open; nothing has been said on it yet. */
  onOpen(): void;
  /** A message from the machine, parsed from JSON; undefined when it was not JSON. */
  onMessage(message: unknown): void;
  /** The socket closed without `close()` from this side: the WebSocket close code. */
  onClose(code: number): void;
}

/** Opens the machine's keypad socket; the web adapter uses a WebSocket at the machine's path. */
export interface KeypadSocketPort {
  connect(machineName: string, handlers: KeypadHandlers): KeypadConnection;
}

/** A card as typed, for the provider's tokeniser only: it never reaches Vendo's API or storage (spec §7). */
export interface CardDetails {
  readonly number: string;
  readonly holderName: string;
  /** Two digits, "01" to "12". */
  readonly expirationMonth: string;
  /** The last 2 digits of the year (spec §7). */
  readonly expirationYear: string;
  readonly cvv: string;
}

/** What the provider gives back: a token, the brand it read, and the device fingerprint session. */
export interface CardToken {
  readonly token: string;
  readonly brand: 'visa' | 'mastercard' | 'american_express';
  readonly deviceSessionId: string;
}

/** Why tokenising failed: the provider refused the card (with its words), or did not answer. */
export interface TokeniserFailure {
  readonly kind: 'refused' | 'unreachable';
  readonly message: string | null;
}

/**
 * The card provider's tokeniser (spec §7): the production adapter loads the
 * provider's scripts (Openpay.js style) on add-card pages; the default one
 * calls the reference API's emulation with the same request. Rejects with a
 * TokeniserFailure.
 */
export interface CardTokeniserPort {
  tokenise(card: CardDetails, signal: AbortSignal): Promise<CardToken>;
}
