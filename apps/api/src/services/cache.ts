/**
 * A bounded in-memory cache in front of the database, never instead of it:
 * entries expire after `ttlMs` (when given) and the oldest go first when full.
 */
export interface Cache<K, V> {
  get(key: K, now?: number): V | undefined;
  set(key: K, value: V, now?: number): void;
  delete(key: K): void;
  clear(): void;
}

export function createCache<K, V>({ capacity, ttlMs }: { capacity: number; ttlMs?: number }): Cache<K, V> {
  const entries = new Map<K, { value: V; expiresAt: number }>();
  return {
    get(key, now = Date.now()) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value, now = Date.now()) {
      if (!entries.has(key) && entries.size >= capacity) {
        // Maps keep insertion order: the first key is the oldest entry.
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(key, { value, expiresAt: ttlMs === undefined ? Number.POSITIVE_INFINITY : now + ttlMs });
    },
    delete(key) {
      entries.delete(key);
    },
    clear() {
      entries.clear();
    },
  };
}
