import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { Logger } from '../log.ts';
import type { AppEnv } from './env.ts';

/**
 * An incoming X-Request-Id (a load balancer's, a client's) is kept only when it is a short plain
 * token: it is written into every line of the request and answered back, so nothing longer or
 * with other characters gets through. Otherwise the server makes one.
 */
const safeRequestId = /^[A-Za-z0-9_-]{1,64}$/;

export function requestIdOf(c: Context<AppEnv>): string {
  const incoming = c.req.header('X-Request-Id');
  return incoming !== undefined && safeRequestId.test(incoming) ? incoming : randomUUID();
}

const probes = new Set(['/healthz', '/readyz']);

/**
 * Writes one JSON line per request once it is answered: its id, method, path, status and duration.
 * The path goes without its query string, which can carry a phone number (`/__dev/sms?phone=…`); the
 * body is never logged. At debug the request's headers are added, with tokens and cookies redacted
 * (log.ts). Whatever else is logged for the request names the same id (`logFor`).
 */
export function requestLine(log: Logger): (c: Context<AppEnv>, requestId: string, startedMs: number) => void {
  // The info line's fields are fixed and hold no secret: it skips the redaction every other line goes
  // through, which cost more than the rest of the line. At debug the headers join it, redacted.
  const lines = log.child({}, { redact: [] });
  return (c, requestId, startedMs) => {
    const line = {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      durationMs: Math.round((performance.now() - startedMs) * 10) / 10,
    };
    // A load balancer probes every replica twice a second: a passing probe is worth a line only at debug.
    const level = probes.has(c.req.path) && c.res.status === 200 ? 'debug' : 'info';
    if (log.isLevelEnabled('debug')) log[level]({ requestId, ...line, headers: c.req.header() }, 'request');
    else lines[level]({ requestId, ...line }, 'request');
  };
}

/**
 * The server's logger for what a request does besides its request line, every line naming the
 * request's id. Made only when something is to be logged: a child logger for every request cost
 * more than writing its request line.
 */
export function logFor(c: Context<AppEnv>, log: Logger): Logger {
  return log.child({ requestId: c.get('requestId') });
}
