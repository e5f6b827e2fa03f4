import type { StorageKey, StoragePort } from '../ports.ts';

/** Storage as a map (`kept`), recording the lifetime each value was written with (`lifetimes`). */
export function memoryStorage(
  initial: Partial<Record<StorageKey, string>> = {},
): StoragePort & { kept: Map<StorageKey, string>; lifetimes: Map<StorageKey, number> } {
  const kept = new Map(Object.entries(initial) as [StorageKey, string][]);
  const lifetimes = new Map<StorageKey, number>();
  return {
    kept,
    lifetimes,
    read: (key) => kept.get(key) ?? null,
    write: (key, value, { maxAgeSeconds }) => {
      kept.set(key, value);
      lifetimes.set(key, maxAgeSeconds);
    },
    remove: (key) => {
      kept.delete(key);
    },
  };
}
