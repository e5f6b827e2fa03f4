import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from './env.ts';
import { pacePages } from './page-pace.ts';
import { answerProblem } from './problem.ts';
import { refusalOf } from './refusals.ts';

// Issue 32 point 13: a flood of page visits from one address waits its turn instead of taking the process.

/** The pace in front of a page, each request from the address its X-Client header names. */
function pacedApp(pace = { pages: 2, windowSeconds: 60, waiting: 3 }, scale = 1) {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('clientAddress', c.req.header('X-Client') ?? '203.0.113.1');
    c.set('lang', 'es');
    await next();
  });
  app.onError((failure, c) => {
    const refusal = refusalOf(failure);
    if (!refusal) throw failure;
    return answerProblem(c, refusal);
  });
  app.get('*', pacePages(scale, pace));
  app.get('*', (c) => c.text('page'));
  return app;
}

/** A visit that may still be waiting: its status once answered, or 'waiting'. */
async function settleSoon(answer: Response | Promise<Response>) {
  const tick = new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 200));
  return Promise.race([Promise.resolve(answer).then((response) => response.status), tick]);
}

describe('page visits are paced per address (issue 32 point 13)', () => {
  it('answers the pages of a window at once, holds the next ones, and refuses past the visits that may wait', async () => {
    const app = pacedApp();
    const stop = new AbortController();

    const visits = Array.from({ length: 6 }, () => app.request('/grande', { signal: stop.signal }));
    const [refused] = await Promise.all([visits[5]]);
    const statuses = await Promise.all(visits.slice(0, 5).map(settleSoon));

    expect(statuses).toEqual([200, 200, 'waiting', 'waiting', 'waiting']);
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers.get('Retry-After'))).toBeGreaterThan(0);
    stop.abort();
  });

  it("does not hold up another address's visits", async () => {
    const app = pacedApp();
    const stop = new AbortController();
    for (let visit = 0; visit < 5; visit++) void app.request('/grande', { signal: stop.signal });

    const other = await app.request('/grande', { headers: { 'X-Client': '198.51.100.7' } });

    expect(other.status).toBe(200);
    stop.abort();
  });

  it('frees the place of a visitor who left while waiting', async () => {
    const app = pacedApp({ pages: 1, windowSeconds: 60, waiting: 1 });
    const left = new AbortController();
    await app.request('/grande');
    const leaving = app.request('/grande', { signal: left.signal });

    left.abort();
    const gone = await leaving;
    const stop = new AbortController();
    const next = app.request('/grande', { signal: stop.signal });

    expect(gone.status).toBe(499);
    expect(await settleSoon(next)).toBe('waiting');
    stop.abort();
  });

  it('counts an IPv6 client as its /64: a fresh address of its own network waits its turn too', async () => {
    const app = pacedApp({ pages: 1, windowSeconds: 60, waiting: 0 });
    await app.request('/grande', { headers: { 'X-Client': '2001:db8:1:2::1' } });

    const next = await app.request('/grande', { headers: { 'X-Client': '2001:db8:1:2::99' } });

    expect(next.status).toBe(429);
  });

  it("never counts a page's files: scripts, styles and icons load with it", async () => {
    const app = pacedApp({ pages: 1, windowSeconds: 60, waiting: 0 });
    await app.request('/grande');

    const files = await Promise.all(
      ['/boot.js', '/assets/index-B1.css', '/icons/192.png'].map((path) => app.request(path)),
    );

    expect(files.map((file) => file.status)).toEqual([200, 200, 200]);
  });

  it('scales with the per-address limits, for test runs where every client shares one address', async () => {
    const app = pacedApp({ pages: 1, windowSeconds: 60, waiting: 0 }, 3);

    const visits = await Promise.all([1, 2, 3, 4].map(() => app.request('/grande')));

    expect(visits.map((visit) => visit.status)).toEqual([200, 200, 200, 429]);
  });

  it('gives a waiting visit its turn once the window has passed', async () => {
    const app = pacedApp({ pages: 1, windowSeconds: 1, waiting: 1 });
    await app.request('/grande');

    const waited = await app.request('/grande');

    expect(waited.status).toBe(200);
  });
});
