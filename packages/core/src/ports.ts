import type { KeypadKey } from './contract/keypad.ts';

/**
 * What the shell provides to the headless core. Each port has a browser
 * adapter in apps/web/src/platform and a fake in tests.
 */

/** Keys the app keeps in storage; values are text. */
export const storageKeys = {
  token: 'vendo.token',
  memberId: 'vendo.member',
  machine: 'vendo.machine',
  locale: 'vendo.locale',
  /** When the rating modal was last shown (ISO time), so it is asked at most once per 30 days. */
  ratingAskedAt: 'vendo.rating',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys] | `vendo.dismissed.${string}`;

/**
 * Session storage (spec §4, §7): the web adapter writes both a cookie and
 * localStorage with a one-year lifetime, and reads whichever still has it.
 */
export interface StoragePort {
  read(key: StorageKey): string | null;
  write(key: StorageKey, value: string, options: { maxAgeSeconds: number }): void;
  remove(key: StorageKey): void;
}

/** One open keypad session with a machine (spec §7 touchless keyboard). */
export interface KeypadConnection {
  send(key: KeypadKey): void;
  close(): void;
}

export interface KeypadHandlers {
  onOpen(): void;
  /** `byMachine`: the machine ended the session; otherwise the connection dropped. */
  onClose(byMachine: boolean): void;
}

/** Opens the machine's keypad socket; the web adapter uses a WebSocket at the machine's path. */
export interface KeypadSocketPort {
  connect(machineName: string, handlers: KeypadHandlers): KeypadConnection;
}
