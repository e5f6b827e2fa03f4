import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../config.ts';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { withHeaders } from './response-headers.ts';
import { contentSecurityPolicy, securityHeaders } from './security-headers.ts';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const fixed = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(self), geolocation=(), microphone=()',
};

/** The CSP as a map of directive → sources. */
function directives(csp: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

const strictPolicy = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'connect-src': ["'self'"],
  'frame-src': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'manifest-src': ["'self'"],
  'worker-src': ["'self'"],
};

function expectAllHeaders(response: Response) {
  for (const [name, value] of Object.entries(fixed)) expect(response.headers.get(name), name).toBe(value);
  expect(Object.fromEntries(directives(response.headers.get('content-security-policy')))).toEqual(strictPolicy);
}

/** What an API answer carries: a JSON answer loads nothing, is framed by nobody, and is never kept. */
function expectApiHeaders(response: Response) {
  expect({
    policy: response.headers.get('content-security-policy'),
    sniffing: response.headers.get('x-content-type-options'),
    transport: response.headers.get('strict-transport-security'),
    framing: response.headers.get('x-frame-options'),
    caching: response.headers.get('cache-control'),
    documentOnly: ['referrer-policy', 'permissions-policy', 'cross-origin-opener-policy'].filter((name) =>
      response.headers.has(name),
    ),
  }).toEqual({
    policy: "default-src 'none'; frame-ancestors 'none'",
    sniffing: 'nosniff',
    transport: 'max-age=31536000; includeSubDomains',
    framing: 'DENY',
    caching: 'no-store',
    documentOnly: [],
  });
}

describe('security headers over real HTTP (no outside hosts configured)', () => {
  it("are an API answer's own: nothing to load, no framing, no copy kept, no header only a document reads", async () => {
    const response = await fetch(`${t.url}/api/product_server/demo`);
    expect(response.status).toBe(200);
    expectApiHeaders(response);
  });

  it('are the same on an API error and on an unknown API path', async () => {
    expectApiHeaders(await fetch(`${t.url}/api/product_server/does-not-exist`));
    expectApiHeaders(await fetch(`${t.url}/api/nothing/here`));
  });

  it("are on the app's index.html, served directly and as a route of the app", async () => {
    for (const path of ['/', '/index.html', '/demo', '/product/1']) {
      const response = await fetch(`${t.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toContain('<title>Vendo</title>');
      expectAllHeaders(response);
    }
  });

  it('are on a /media SVG', async () => {
    const response = await fetch(`${t.url}/media/products/agua-natural.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('image/svg+xml');
    expectAllHeaders(response);
  });

  it('are on /openapi.json and on an emulated provider page', async () => {
    expectAllHeaders(await fetch(`${t.url}/openapi.json`));
    const voucher = await fetch(`${t.url}/voucher-provider/oauth/authorize?redirect_uri=/edenred/callback&state=s`);
    expect(voucher.headers.get('content-type')).toContain('text/html');
    expectAllHeaders(voucher);
  });

  it("forbids every framing of the app: frame-ancestors 'none' and X-Frame-Options DENY", async () => {
    const response = await fetch(`${t.url}/`);
    expect(directives(response.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(["'none'"]);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });
});

describe("the native app's add-card page (issue 32 point 15, spec §2)", () => {
  it("sends no Referer from it and keeps no copy of it, since its address carries the member's token", async () => {
    const response = await fetch(`${t.url}/add-payment-method-mobile/7/Ana?token=S3CRET`);

    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>Vendo</title>');
    expect({
      referrer: response.headers.get('referrer-policy'),
      caching: response.headers.get('cache-control'),
    }).toEqual({ referrer: 'no-referrer', caching: 'no-store' });
  });

  it('keeps every other header of a page', async () => {
    const response = await fetch(`${t.url}/add-payment-method-mobile/7/Ana?token=S3CRET`);

    for (const [name, value] of Object.entries(fixed)) {
      if (name !== 'referrer-policy') expect(response.headers.get(name), name).toBe(value);
    }
    expect(Object.fromEntries(directives(response.headers.get('content-security-policy')))).toEqual(strictPolicy);
  });
});

describe("the page a confirmation e-mail's link opens (issue 35 point 4)", () => {
  it("sends no Referer from it and keeps no copy of it, since its address carries the link's token", async () => {
    const response = await fetch(`${t.url}/confirm-email?token=S3CRET`);

    expect(response.status).toBe(200);
    expect({
      referrer: response.headers.get('referrer-policy'),
      caching: response.headers.get('cache-control'),
    }).toEqual({ referrer: 'no-referrer', caching: 'no-store' });
  });
});

describe('configured outside hosts', () => {
  const options = {
    scriptSources: ['https://js.cards.example'],
    connectSources: ['https://api.cards.example', 'https://*.tokens.example'],
    frameSources: ['https://3ds.cards.example'],
  };
  const app = new Hono();
  const headers = securityHeaders(options);
  app.use('*', (c, next) => withHeaders(c, headers, next));
  app.get('/ok', (c) => c.json({ ok: true }));
  app.get('/fails', () => {
    throw new Error('boom');
  });
  app.onError((_, c) => c.json({ error: 'internal' }, 500));
  app.get('/moved', () => Response.redirect('https://vendo.example/', 302));

  const every = [...options.scriptSources, ...options.connectSources, ...options.frameSources];

  it('appear in their own directive and nowhere else', async () => {
    const response = await app.request('/ok');
    const policy = directives(response.headers.get('content-security-policy'));
    expect(policy.get('script-src')).toEqual(["'self'", 'https://js.cards.example']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://api.cards.example', 'https://*.tokens.example']);
    expect(policy.get('frame-src')).toEqual(['https://3ds.cards.example']);
    const own = {
      'script-src': options.scriptSources,
      'connect-src': options.connectSources,
      'frame-src': options.frameSources,
    };
    for (const [name, sources] of policy) {
      const allowed: string[] = own[name as keyof typeof own] ?? [];
      for (const host of every) {
        if (!allowed.includes(host)) expect(sources, `${host} in ${name}`).not.toContain(host);
      }
    }
    // The rest of the policy stays as strict as without hosts.
    const { 'script-src': _s, 'connect-src': _c, 'frame-src': _f, ...rest } = strictPolicy;
    for (const [name, sources] of Object.entries(rest)) expect(policy.get(name), name).toEqual(sources);
    for (const [name, value] of Object.entries(fixed)) expect(response.headers.get(name), name).toBe(value);
  });

  it('are set on error answers and on responses with immutable headers too', async () => {
    for (const path of ['/fails', '/moved', '/missing']) {
      const response = await app.request(path);
      expect(response.headers.get('content-security-policy'), path).toBe(contentSecurityPolicy(options));
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
    }
  });

  it('come from VENDO_CSP_*_HOSTS as comma-separated lists, empty by default', () => {
    expect(readConfig({}).securityHosts).toEqual({ scripts: [], connect: [], frames: [] });
    expect(
      readConfig({
        VENDO_CSP_SCRIPT_HOSTS: 'https://js.cards.example',
        VENDO_CSP_CONNECT_HOSTS: ' https://api.cards.example , https://*.tokens.example,',
        VENDO_CSP_FRAME_HOSTS: 'https://3ds.cards.example',
      }).securityHosts,
    ).toEqual({
      scripts: ['https://js.cards.example'],
      connect: ['https://api.cards.example', 'https://*.tokens.example'],
      frames: ['https://3ds.cards.example'],
    });
  });

  it('refuses a host that would break out of its directive', () => {
    for (const bad of ["https://a.example; script-src 'unsafe-inline'", 'a.example b.example', "'unsafe-eval'", '']) {
      expect(() => securityHeaders({ scriptSources: [bad] }), bad).toThrow(/not a host/);
    }
  });
});

describe("WebSockets (issue: the keypad socket only to the app's own host)", () => {
  it("allow the public origin's own host and no other", () => {
    const policy = directives(contentSecurityPolicy({ publicOrigin: 'https://vendo.example' }));
    expect(policy.get('connect-src')).toEqual(["'self'", 'wss://vendo.example']);
  });

  it('allow no socket scheme at large without a public origin', () => {
    const policy = directives(contentSecurityPolicy({}));
    expect(policy.get('connect-src')?.some((source) => /^wss?:$/.test(source))).toBe(false);
  });
});
