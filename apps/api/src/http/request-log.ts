import { randomBytes, randomUUID } from 'node:crypto';
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

/**
 * A W3C Trace Context `traceparent` (version 00): `00-<trace id>-<parent span id>-<flags>`, lowercase hex,
 * neither id all zeros. Anything else (another version, upper case, a longer header) is ignored, never
 * logged: a header is the client's to write.
 */
const traceparent = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const allZeros = /^0+$/;

/** The trace a request is part of: its id, the caller's span, and the span this server opens for it. */
export interface Trace {
  readonly traceId: string;
  readonly parentSpanId: string;
  readonly spanId: string;
  readonly flags: string;
}

/** The trace a `traceparent` header names, with a new span of this server's, or null when it is not valid. */
export function traceOf(header: string | undefined): Trace | null {
  const parts = header === undefined ? null : traceparent.exec(header);
  if (!parts) return null;
  const [, traceId = '', parentSpanId = '', flags = ''] = parts;
  if (allZeros.test(traceId) || allZeros.test(parentSpanId)) return null;
  return { traceId, parentSpanId, spanId: randomBytes(8).toString('hex'), flags };
}

/**
 * The `traceparent` an answer carries back: the same trace, with this server's own span as the parent (what
 * it would send to a service it called). The caller can tie the answer to the server's lines, which name
 * that span; the caller's own span is in them too, as parentSpanId.
 */
export const traceparentOf = (trace: Trace) => `00-${trace.traceId}-${trace.spanId}-${trace.flags}`;

/** The fields a request's lines carry for its trace: none without one. */
const traceFields = (trace: Trace | null | undefined) =>
  trace ? { traceId: trace.traceId, spanId: trace.spanId, parentSpanId: trace.parentSpanId } : {};

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
      ...traceFields(c.get('trace')),
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
 * request's id (and its trace, when it came with one). Made only when something is to be logged: a child logger for every request cost
 * more than writing its request line.
 */
export function logFor(c: Context<AppEnv>, log: Logger): Logger {
  return log.child({ requestId: c.get('requestId'), ...traceFields(c.get('trace')) });
}
