import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../log.ts';
import type { AppEnv } from './env.ts';

/**
 * An incoming X-Request-Id (a load balancer's, a client's) is kept only when it is a short plain
 * token: it is written into every line of the request and answered back, so nothing longer or
 * with other characters gets through. Otherwise the server makes one.
 */
const safeRequestId = /^[A-Za-z0-9_-]{1,64}$/;

const probes = new Set(['/healthz', '/readyz']);

/**
 * One JSON line per request once it is answered: its id, method, path, status and duration. The
 * path goes without its query string, which can carry a phone number (`/__dev/sms?phone=…`); the
 * body is never logged. At debug the request's headers are added, with tokens and cookies redacted
 * (log.ts). Routes and the error handler log through `c.get('log')`, whose lines carry the same id.
 */
export function requestLog(log: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header('X-Request-Id');
    const requestId = incoming !== undefined && safeRequestId.test(incoming) ? incoming : randomUUID();
    const requestLog = log.child({ requestId });
    c.set('requestId', requestId);
    c.set('log', requestLog);
    await next();
    try {
      c.res.headers.set('X-Request-Id', requestId);
    } catch {
      // A response with immutable headers (e.g. Response.redirect): copy it, then set.
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set('X-Request-Id', requestId);
    }
    // A load balancer probes every replica twice a second: a passing probe is worth a line only at debug.
    const level = probes.has(c.req.path) && c.res.status === 200 ? 'debug' : 'info';
    requestLog[level](
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        ...(requestLog.isLevelEnabled('debug') ? { headers: c.req.header() } : {}),
      },
      'request',
    );
  };
}
