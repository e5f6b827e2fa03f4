import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createMetrics } from '../metrics/metrics.ts';
import { capturedLog } from '../testing/captured-log.ts';
import type { AppEnv } from './env.ts';
import { requestFrame } from './frame.ts';
import { logFor } from './request-log.ts';

// Issue 33 point 3: a W3C `traceparent` is read and its trace written into the request's lines, and
// answered back; a malformed one is ignored, never logged as sent (a header is the client's to write).

const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
const parentSpanId = '00f067aa0ba902b7';
const valid = `00-${traceId}-${parentSpanId}-01`;

/** The request frame as app.ts uses it, before a route that writes one line of its own through logFor. */
function framedApp() {
  const log = capturedLog('info');
  const app = new Hono<AppEnv>();
  app.use(
    '*',
    requestFrame({
      log: log.logger,
      headersFor: () => [],
      trustProxy: [],
      shuttingDown: () => false,
      metrics: createMetrics(),
    }),
  );
  app.get('/work', (c) => {
    logFor(c, log.logger).info('working');
    return c.text('done');
  });
  return { app, log };
}

async function requestWith(traceparent: string) {
  const { app, log } = framedApp();
  const answer = await app.request('/work', { headers: { traceparent } });
  const lineOf = (msg: string) => log.entries().find((entry) => entry.msg === msg);
  return { answer, requestLine: lineOf('request'), routeLine: lineOf('working'), lines: log.lines };
}

describe('traceparent (issue 33 point 3)', () => {
  it("writes a valid traceparent's trace id and the caller's span into the request line", async () => {
    const { requestLine } = await requestWith(valid);

    expect(requestLine).toMatchObject({ traceId, parentSpanId, spanId: expect.stringMatching(/^[0-9a-f]{16}$/) });
  });

  it('writes the same trace into every line logFor makes for the request', async () => {
    const { requestLine, routeLine } = await requestWith(valid);

    expect(routeLine).toMatchObject({ traceId, parentSpanId, spanId: requestLine?.spanId });
  });

  it("answers the trace back with this server's span as the parent", async () => {
    const { answer, requestLine } = await requestWith(valid);

    expect(answer.headers.get('traceparent')).toBe(`00-${traceId}-${String(requestLine?.spanId)}-01`);
  });

  it.each([
    ['another version', `01-${traceId}-${parentSpanId}-01`],
    ['an all-zero trace id', `00-${'0'.repeat(32)}-${parentSpanId}-01`],
    ['an all-zero parent id', `00-${traceId}-${'0'.repeat(16)}-01`],
    ['upper-case hex', `00-${traceId.toUpperCase()}-${parentSpanId}-01`],
    ['a short trace id', `00-${traceId.slice(1)}-${parentSpanId}-01`],
    ['something after it', `${valid}-<script>`],
    ['markup', '<script>alert(1)</script>'],
  ])('ignores a traceparent with %s: no trace in the lines, nothing of it logged, none answered', async (_, sent) => {
    const { answer, requestLine, routeLine, lines } = await requestWith(sent);

    expect(requestLine).not.toHaveProperty('traceId');
    expect(routeLine).not.toHaveProperty('traceId');
    expect(lines.some((line) => line.includes(sent))).toBe(false);
    expect(answer.headers.get('traceparent')).toBeNull();
  });
});
