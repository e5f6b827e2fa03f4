import { describe, expect, it } from 'vitest';
import { createCache } from './cache.ts';

describe('bounded cache', () => {
  it('forgets an entry once its time is up', () => {
    const cache = createCache<string, number>({ capacity: 10, ttlMs: 1_000 });
    cache.set('a', 1, 0);
    expect([cache.get('a', 999), cache.get('a', 1_000)]).toEqual([1, undefined]);
  });

  it("takes up to its spread off an entry's time, so entries set together expire apart", () => {
    const draws = [0, 1];
    const cache = createCache<string, number>({
      capacity: 10,
      ttlMs: 1_000,
      spread: 0.5,
      random: () => draws.shift() ?? 0,
    });
    cache.set('a', 1, 0);
    cache.set('b', 2, 0);
    expect([cache.get('a', 999), cache.get('b', 499), cache.get('b', 500)]).toEqual([1, 2, undefined]);
  });

  it('drops the oldest entry when full', () => {
    const cache = createCache<string, number>({ capacity: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 2, 3]);
  });
});
