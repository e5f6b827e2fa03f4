import type { StorageKey, StoragePort } from '@vendo/core';

interface Stored {
  readonly value: string;
  readonly expires: number;
}

function readCookie(key: string): string | null {
  const prefix = `${encodeURIComponent(key)}=`;
  const cookie = document.cookie.split('; ').find((entry) => entry.startsWith(prefix));
  return cookie ? decodeURIComponent(cookie.slice(prefix.length)) : null;
}

function readLocal(key: string, now: number): string | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Stored;
    if (typeof stored.value !== 'string' || stored.expires <= now) {
      window.localStorage.removeItem(key);
      return null;
    }
    return stored.value;
  } catch {
    // Private modes and full quotas refuse localStorage: the cookie still holds the value.
    return null;
  }
}

/**
 * Spec §7: session data lives in a cookie and in localStorage for one year;
 * either one is enough to restore it, and the cookie, which the server also writes, is read first. Cookies are SameSite=Lax, and Secure on
 * secure origins (https, localhost).
 */
export function browserStorage(now: () => number = Date.now): StoragePort {
  return {
    // The cookie first: the server writes it too (a machine page chooses its machine), never localStorage.
    read: (key: StorageKey) => readCookie(key) ?? readLocal(key, now()),
    write(key, value, { maxAgeSeconds }) {
      const secure = window.isSecureContext ? '; Secure' : '';
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from the Safari versions members use.
      document.cookie = `${encodeURIComponent(key)}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure}`;
      try {
        window.localStorage.setItem(
          key,
          JSON.stringify({ value, expires: now() + maxAgeSeconds * 1000 } satisfies Stored),
        );
      } catch {
        // The cookie alone keeps the session.
      }
    },
    remove(key) {
      // biome-ignore lint/suspicious/noDocumentCookie: see write().
      document.cookie = `${encodeURIComponent(key)}=; Max-Age=0; Path=/; SameSite=Lax`;
      try {
        window.localStorage.removeItem(key);
      } catch {
        // Nothing stored there.
      }
    },
  };
}
