import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../log.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { observeRequest } from '../metrics/requests.ts';
import { clientAddressOf } from './client-address.ts';
import type { AppEnv } from './env.ts';
import { langOf } from './messages.ts';
import { answerProblem } from './problem.ts';
import { requestIdOf, requestLine, traceOf, traceparentOf } from './request-log.ts';
import { type HeaderPairs, withHeaders } from './response-headers.ts';
import { urlRefusal } from './validate.ts';

export interface FrameOptions {
  readonly log: Logger;
  /** The headers an answer on this path carries, besides its request id. */
  readonly headersFor: (path: string) => HeaderPairs;
  /** Proxies whose X-Forwarded-For is believed (ServerConfig.trustProxy). */
  readonly trustProxy: readonly string[];
  /** True once the server is shutting down. */
  readonly shuttingDown: () => boolean;
  /** Where each answer is counted by route pattern, with its duration (vendo_http_request_duration_seconds). */
  readonly metrics: Pick<Metrics, 'requests'>;
}

/**
 * What every request gets before anything else runs, and its request line once it is answered: its
 * id, the client's address and language, the headers its path's answers carry, and the refusal of a URL
 * that is not text. One middleware rather than one per concern: each layer of Hono's chain costs a deal
 * poll, the request every waiting phone repeats each second, as much as a concern's own work.
 */
export function requestFrame(options: FrameOptions): MiddlewareHandler<AppEnv> {
  const writeLine = requestLine(options.log);
  const addressOf = clientAddressOf(options.trustProxy);
  return async (c, next) => {
    const started = performance.now();
    const requestId = requestIdOf(c);
    c.set('requestId', requestId);
    const trace = traceOf(c.req.header('traceparent'));
    c.set('trace', trace);
    c.set('clientAddress', addressOf(c));
    c.set('lang', langOf(c.req.header('Accept-Language')));
    // A URL no route can read is answered here, at the door, with the headers and the line of any answer.
    const refusal = urlRefusal(c.req.url);
    const answer = refusal
      ? async () => {
          c.res = answerProblem(c, refusal);
        }
      : next;
    const ids: HeaderPairs = trace
      ? [
          ['X-Request-Id', requestId],
          ['traceparent', traceparentOf(trace)],
        ]
      : [['X-Request-Id', requestId]];
    await withHeaders(c, [...options.headersFor(c.req.path), ...ids], answer);
    // While the server drains, each answer closes its connection: a keep-alive connection left open
    // would hold the shutdown until the grace period ends, and its next request belongs on another replica.
    if (options.shuttingDown()) c.header('Connection', 'close');
    writeLine(c, requestId, started);
    observeRequest(options.metrics, c, (performance.now() - started) / 1000);
  };
}
