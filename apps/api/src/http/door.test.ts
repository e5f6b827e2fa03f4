import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { startTestServer, type TestServer, testProvider } from '../testing/harness.ts';
import { type RateLimitSettings, rateLimits } from './rate-limits.ts';
import { maxJsonDepth } from './validate.ts';

/*
 * Issue 32 points 10 and 11: what no route can read is refused whichever route it is sent to, with a
 * 4xx, never a 5xx. The routes are the server's own, listed by Hono (so a route added later is swept
 * too), and the server is the real one with the web app's built render, whose pages and forms are
 * routes of the server like any other (it needs `pnpm build`, which the test command runs first).
 */

/** Every limit lifted: the sweep sends hundreds of requests from one address; what is judged is their shape. */
const lifted = Object.fromEntries(
  Object.entries(rateLimits).map(([name, limit]) => [name, { ...limit, points: 1_000_000 }]),
) as RateLimitSettings;

let t: TestServer;
let member: { id: number; token: string };
let machineId: number;
/** Each route of the server once: its method (ALL as GET and POST) and its pattern. */
let routes: { method: string; path: string }[];

beforeAll(async () => {
  t = await startTestServer(undefined, undefined, undefined, { rateLimits: lifted, builtWebApp: true });
  member = await t.member('+525560003201', 100);
  const found = await (await fetch(`${t.url}/api/product_server/demo`)).json();
  machineId = (found as { product_server: { id: number } }).product_server.id;
  // The running server's routes, as an app made the same way lists them (with a render, as the server has).
  const app = createApp(t.server.deps, { webRoot: t.webRoot, provider: testProvider, renderPage: async () => null });
  const unique = new Map<string, { method: string; path: string }>();
  for (const { method, path } of app.routes) {
    for (const each of method === 'ALL' ? ['GET', 'POST'] : [method])
      unique.set(`${each} ${path}`, { method: each, path });
  }
  routes = [...unique.values()];
}, 120_000);
afterAll(() => t?.close());

/** A route's pattern with each parameter and wildcard given by `param`. */
const filled = (path: string, param: (name: string, path: string) => string) =>
  path.replace(/:(\w+)\??/g, (_, name: string) => param(name, path)).replace(/\*/g, () => param('*', path));

interface Answer {
  readonly request: string;
  readonly status: number;
}

async function send(method: string, path: string, init: RequestInit = {}): Promise<Answer> {
  try {
    const response = await fetch(`${t.url}${path}`, { method, redirect: 'manual', ...init });
    await response.arrayBuffer();
    return { request: `${method} ${path}`, status: response.status };
  } catch {
    // No answer at all (a reset connection) is no better than a 5xx.
    return { request: `${method} ${path}`, status: 599 };
  }
}

const outside4xx = (answers: Answer[]) =>
  answers.filter(({ status }) => status < 400 || status > 499).map(({ request, status }) => `${status} ${request}`);

describe('a NUL byte in the URL of any route is refused at the door (issue 32 point 10)', { timeout: 120_000 }, () => {
  /** Every query parameter a route of the server reads (the contract's and the pages'). */
  const nulQuery = ['phone', 'to', 'redirect_uri', 'state', 'community_member_id', 'version', 'token', 'q']
    .map((name) => `${name}=%00`)
    .join('&');

  it('names a route the sweep can miss nowhere: the provider pages, the dev control and the render are listed', () => {
    const listed = routes.map(({ method, path }) => `${method} ${path}`);

    expect(listed).toEqual(
      expect.arrayContaining([
        'GET /provider/checkout/:session',
        'POST /provider/checkout/:session',
        'GET /__dev/sms',
        'POST /__dev/references/:reference/pay',
        'GET /*',
        'POST /*',
      ]),
    );
  });

  it('answers every route with %00 in its path, and in its query, with a 4xx', async () => {
    const answers: Answer[] = [];
    for (const { method, path } of routes) {
      const body = method === 'GET' ? {} : { body: '{}', headers: { 'Content-Type': 'application/json' } };
      const auth = { Authorization: `Token token=${member.token}` };
      const inPath = filled(path, () => '%00');
      const inQuery = filled(path, (name) => (name === '*' ? 'x' : '1'));
      // The same path unchanged when it has no parameter: then only its query carries the NUL.
      if (inPath !== path) answers.push(await send(method, inPath, { ...body, headers: { ...body.headers, ...auth } }));
      answers.push(await send(method, `${inQuery}?${nulQuery}`, { ...body, headers: { ...body.headers, ...auth } }));
    }

    expect(answers.length).toBeGreaterThan(100);
    expect(outside4xx(answers)).toEqual([]);
  });

  it.each([
    ['GET', '/provider/checkout/%00'],
    ['POST', '/provider/checkout/%00'],
    ['GET', '/__dev/sms?phone=%00'],
    ['POST', '/__dev/references/%00/pay'],
  ])('answers %s %s, the URLs the issue found, with 422 naming the URL', async (method, path) => {
    const response = await fetch(`${t.url}${path}`, { method, headers: { 'Content-Type': 'application/json' } });

    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      error: { error_code: 'invalid_request', description: 'url: not_text' },
    });
  });

  it('still reads %2500 as the text "%00", which a route may refuse for itself but never fails on', async () => {
    const response = await fetch(`${t.url}/provider/checkout/%2500`);

    expect(response.status).toBe(404);
  });
});

describe(`JSON nested deeper than ${maxJsonDepth} levels is refused on every route (issue 32 point 11)`, {
  timeout: 120_000,
}, () => {
  /** 30,000 levels in 60,000 bytes: under the 64 KB limit, so it is read. */
  const deep = `${'['.repeat(30_000)}${']'.repeat(30_000)}`;
  const json = { 'Content-Type': 'application/json' };
  const providerKey = `Basic ${Buffer.from(`${testProvider.publicKey}:`).toString('base64')}`;

  /** A route's parameters as the member's own things, so the request gets as far as the body. */
  const own = (name: string, path: string) => {
    if (name === 'id') return String(path.includes('product_servers') ? machineId : member.id);
    if (name === 'name') return 'demo';
    if (name === 'merchant') return testProvider.merchantId;
    return name === '*' ? '' : '1';
  };

  it.each([
    ['the sign-in', '/api/community_members'],
    ['a deal', '/api/product_servers/{machine}/deals'],
    ['the dev control', '/__dev/members'],
  ])('answers %s with 422 saying the body is too deep', async (_, path) => {
    const response = await fetch(`${t.url}${path.replace('{machine}', String(machineId))}`, {
      method: 'POST',
      body: deep,
      headers: { ...json, Authorization: `Token token=${member.token}`, 'Idempotency-Key': `deep-${path}` },
    });

    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ error: { description: '(body): too_deep' } });
  });

  it(`still takes a body nested ${maxJsonDepth} levels deep to the field checks`, async () => {
    const response = await fetch(`${t.url}/__dev/members`, {
      method: 'POST',
      body: `${'['.repeat(maxJsonDepth)}${']'.repeat(maxJsonDepth)}`,
      headers: json,
    });

    expect(response.status).toBe(422);
    expect(((await response.json()) as { error: { description: string } }).error.description).not.toContain('too_deep');
  });

  it('answers the sign-in form of / sent as JSON with a 4xx: the render reads forms only', async () => {
    const answer = await send('POST', '/', {
      body: deep,
      headers: { ...json, 'Sec-Fetch-Site': 'same-origin' },
    });

    expect(outside4xx([answer])).toEqual([]);
  });

  it('answers the sign-in form of / with the nesting as its text with the form again, never a 5xx', async () => {
    const response = await fetch(`${t.url}/`, {
      method: 'POST',
      redirect: 'manual',
      // 10,000 levels: percent-encoded, three bytes a bracket, the form stays under the 64 KB limit.
      body: new URLSearchParams({ country: '+52', phone: `${'['.repeat(10_000)}${']'.repeat(10_000)}`, privacy: 'on' }),
      headers: { 'Sec-Fetch-Site': 'same-origin' },
    });

    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/');
  });

  /**
   * The routes that read no body: a body is nothing to them, so they answer as they always do. They go
   * last, since two of them end the member's session and reset the world.
   */
  const readNoBody = [
    // Issue 37 point 2: asking for a CLABE names nothing but the member.
    'POST /api/community_members/:id/spei_account',
    'DELETE /api/v4/community_members/:id/pending_card_links',
    'POST /provider/checkout/:session',
    'POST /__dev/machines/:name/keypad/close',
    'DELETE /api/community_members/:id/session',
    'POST /__dev/reset',
  ];

  it('answers every route that reads a body with a 4xx, and no route with a 5xx', async () => {
    const key = ({ method, path }: { method: string; path: string }) => `${method} ${path}`;
    const last = (route: { method: string; path: string }) => readNoBody.indexOf(key(route));
    const sent = routes.filter((route) => route.method !== 'GET').sort((a, b) => last(a) - last(b));
    const answers: Answer[] = [];
    for (const { method, path } of sent) {
      answers.push(
        await send(method, filled(path, own), {
          body: deep,
          headers: {
            ...json,
            Authorization: path.startsWith('/provider/v1/') ? providerKey : `Token token=${member.token}`,
            'Idempotency-Key': `deep-${answers.length}`,
          },
        }),
      );
    }
    const answered = answers.map(({ request, status }, index) => ({
      route: key(sent[index] as { method: string; path: string }),
      status: status >= 500 ? `${status} for ${request}` : status < 400 ? 'read no body' : '4xx',
    }));

    expect(answers.length).toBeGreaterThan(25);
    expect(answered.filter(({ status }) => status !== '4xx')).toEqual(
      readNoBody.map((route) => ({ route, status: 'read no body' })),
    );
  });
});
