import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../log.ts';
import { clientAddressOf } from './client-address.ts';
import type { AppEnv } from './env.ts';
import { langOf } from './messages.ts';
import { requestIdOf, requestLine } from './request-log.ts';
import { type HeaderPairs, withHeaders } from './response-headers.ts';

export interface FrameOptions {
  readonly log: Logger;
  /** Headers every answer carries (securityHeaders). */
  readonly headers: HeaderPairs;
  /** Paths whose answers may carry a token, a code or member data: `no-store`, so nothing keeps a copy. */
  readonly neverStored: (path: string) => boolean;
  /** Proxies whose X-Forwarded-For is believed (ServerConfig.trustProxy). */
  readonly trustProxy: readonly string[];
  /** True once the server is shutting down. */
  readonly shuttingDown: () => boolean;
}

/**
 * What every request gets before anything else runs, and its request line once it is answered: its
 * id, the client's address and language, the headers every answer carries. One middleware rather than
 * one per concern: each layer of Hono's chain costs a deal poll, the request every waiting phone
 * repeats each second, as much as a concern's own work.
 */
export function requestFrame(options: FrameOptions): MiddlewareHandler<AppEnv> {
  const writeLine = requestLine(options.log);
  const addressOf = clientAddressOf(options.trustProxy);
  const kept = options.headers;
  const unkept: HeaderPairs = [...options.headers, ['Cache-Control', 'no-store']];
  return async (c, next) => {
    const started = performance.now();
    const requestId = requestIdOf(c);
    c.set('requestId', requestId);
    c.set('clientAddress', addressOf(c));
    c.set('lang', langOf(c.req.header('Accept-Language')));
    const headers = options.neverStored(c.req.path) ? unkept : kept;
    await withHeaders(c, [...headers, ['X-Request-Id', requestId]], next);
    // While the server drains, each answer closes its connection: a keep-alive connection left open
    // would hold the shutdown until the grace period ends, and its next request belongs on another replica.
    if (options.shuttingDown()) c.header('Connection', 'close');
    writeLine(c, requestId, started);
  };
}
