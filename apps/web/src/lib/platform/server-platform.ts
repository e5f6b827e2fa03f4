import { type Api, type StorageKey, type StoragePort, storageKeys } from '@vendo/core';
import type { Platform } from './platform.tsx';

/**
 * A request's cookies as core's storage port, for the server's render of a screen: it reads what the
 * browser keeps (spec §7: every session value is in a cookie too) and never writes — the server only
 * renders, and effects that would store something run in the browser once the page has hydrated.
 */
export function cookieStorage(cookieHeader: string | null): StoragePort {
  const cookies = new Map<string, string>();
  for (const pair of (cookieHeader ?? '').split(/;\s*/)) {
    const equals = pair.indexOf('=');
    if (equals <= 0) continue;
    try {
      cookies.set(decodeURIComponent(pair.slice(0, equals)), decodeURIComponent(pair.slice(equals + 1)));
    } catch {
      // A cookie another page wrote with a stray %: not one of ours.
    }
  }
  return {
    read: (key) => cookies.get(key) || null,
    write: () => {},
    remove: () => {},
  };
}

/**
 * A `Set-Cookie` value the browser's storage reads as its own (storage.ts writes the same shape): for what
 * the server stores for the browser, such as the machine a page chose or what a sent form left.
 */
export function storageCookie(key: StorageKey, value: string, url: string, maxAgeSeconds: number): string {
  const secure = new URL(url).protocol === 'https:' ? '; Secure' : '';
  return `${encodeURIComponent(key)}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure}`;
}

const browserOnly = (what: string) => () => {
  throw new Error(`${what} runs in the browser only: the server renders screens and starts no effects`);
};

/** The platform a screen is rendered with on the server: the request's cookies and the provider's API. */
export function serverPlatform(storage: StoragePort, api: (token: string | null) => Api): Platform {
  return {
    storage,
    api: api(storage.read(storageKeys.token)),
    apiWithToken: (token) => api(token),
    keypadSocket: { connect: browserOnly('The keypad socket') },
    cardTokeniser: () => Promise.reject(new Error('The card tokeniser runs in the browser only')),
    qrScanner: browserOnly('The QR scanner'),
  };
}
