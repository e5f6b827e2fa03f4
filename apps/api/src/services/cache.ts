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

export function createCache<K, V>({
  capacity,
  ttlMs,
  spread = 0,
  random = Math.random,
}: {
  capacity: number;
  ttlMs?: number;
  /**
   * Up to this share of `ttlMs` is taken off each entry's time at random, so entries set together do
   * not all expire together and send their reads to the database in one burst.
   */
  spread?: number;
  random?: () => number;
}): Cache<K, V> {
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
      const expiresAt = ttlMs === undefined ? Number.POSITIVE_INFINITY : now + ttlMs * (1 - spread * random());
      entries.set(key, { value, expiresAt });
    },
    delete(key) {
      entries.delete(key);
    },
    clear() {
      entries.clear();
    },
  };
}
