import { setTimeout as sleep } from 'node:timers/promises';
import type { MiddlewareHandler } from 'hono';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { addressGroup } from './client-address.ts';
import type { AppEnv } from './env.ts';
import { problem } from './problem.ts';

/**
 * Issue 32 point 13: the app's pages one address opens are paced, not refused. Past `pages` a second a visit
 * waits for its turn, which costs the process nothing while it waits, so a flood of page visits from one
 * place (a script reloading a machine's QR page) gets a few pages a second and the members' API calls
 * beside it keep their pace. Only past `waiting` visits already waiting is one refused (429).
 */
export const pagePace: PagePace = {
  pages: 10,
  windowSeconds: 1,
  waiting: 100,
};

export interface PagePace {
  /** Pages one address opens in a window (scaled like every per-address limit). */
  readonly pages: number;
  readonly windowSeconds: number;
  /** Visits of one address waiting for their turn at once (scaled too); the next gets 429. */
  readonly waiting: number;
}

/**
 * A page is an address the app routes (no file extension): `/`, `/grande`, `/connecting`. Its files
 * (`/assets/…`, `/boot.js`, icons) load with the page and are not counted.
 */
const isPage = (path: string) => !/\.[\w]+$/.test(path);

/** Paces GET visits of the app's pages per client address (an IPv6 client counts as its /64). */
export function pacePages(scale = 1, pace: PagePace = pagePace): MiddlewareHandler<AppEnv> {
  const turns = new RateLimiterMemory({ keyPrefix: 'pages', points: pace.pages * scale, duration: pace.windowSeconds });
  const maxWaiting = pace.waiting * scale;
  /** Visits waiting per address; an address leaves the map when none of its visits waits. */
  const waiting = new Map<string, number>();
  /** False when the visitor left while it waited: it holds no place any more. */
  const wait = async (key: string, ms: number, signal: AbortSignal) => {
    waiting.set(key, (waiting.get(key) ?? 0) + 1);
    try {
      await sleep(ms, undefined, { signal });
      return true;
    } catch {
      return false;
    } finally {
      const left = (waiting.get(key) ?? 1) - 1;
      if (left === 0) waiting.delete(key);
      else waiting.set(key, left);
    }
  };
  return async (c, next) => {
    if (!isPage(c.req.path)) return next();
    const key = addressGroup(c.get('clientAddress'));
    for (;;) {
      try {
        await turns.consume(key);
        return next();
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        if ((waiting.get(key) ?? 0) >= maxWaiting) {
          const seconds = Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
          throw problem(429, 'too_many_requests', {}, { 'Retry-After': String(seconds) });
        }
        // Every waiting visit tries again when the window turns; those it has no room for wait for the next.
        // 499, as proxies log it: the client closed the request before it was answered.
        if (!(await wait(key, refusal.msBeforeNext, c.req.raw.signal))) return new Response(null, { status: 499 });
      }
    }
  };
}
