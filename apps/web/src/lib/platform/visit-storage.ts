import type { StorageKey, StoragePort } from '@vendo/core';

/**
 * What lasts one visit (the browser tab's sessionStorage): the prompts already shown. A browser that
 * refuses sessionStorage keeps them in memory until the page reloads.
 */
export function visitStorage(): StoragePort {
  const memory = new Map<StorageKey, string>();
  const store = (): Storage | null => {
    try {
      return window.sessionStorage;
    } catch {
      return null;
    }
  };
  return {
    read: (key) => memory.get(key) ?? store()?.getItem(key) ?? null,
    write(key, value) {
      memory.set(key, value);
      try {
        store()?.setItem(key, value);
      } catch {
        // Full or refused: memory still holds it for this page.
      }
    },
    remove(key) {
      memory.delete(key);
      store()?.removeItem(key);
    },
  };
}
