import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApi } from '@vendo/core';
import pg from 'pg';
import type { InvoicingPort } from '../cfdi/emulated-pac.ts';
import { RENDERS_PER_SECOND, readConfig, type ServerConfig, textCapDefaults } from '../config.ts';
import { migrateDatabase } from '../db/migrate.ts';
import type { Clock } from '../domain/clock.ts';
import type { RateLimitSettings } from '../http/rate-limits.ts';
import type { Logger } from '../log.ts';
import { type RunningServer, startServer } from '../server.ts';

/** Real time plus whatever a test skips ahead: codes expire and machines move on without waiting. */
export function shiftableClock() {
  let offset = 0;
  const clock: Clock & { advance(ms: number): void } = {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
  return clock;
}

export interface TestServer {
  readonly url: string;
  readonly server: RunningServer;
  readonly clock: ReturnType<typeof shiftableClock>;
  readonly dataDir: string;
  /** The folder served as the built web app (holds an index.html). */
  readonly webRoot: string;
  /** The core client, as a member with this token (or anonymous), from a client address of its own. */
  api(token?: string, locale?: string): ReturnType<typeof createApi>;
  /** A new signed-in member made through the dev control (no SMS round trip). */
  member(phone: string, balance?: number): Promise<{ id: number; token: string }>;
  /** Signs in through the real SMS flow, reading the code from the dev outbox. */
  signIn(phone: string, country?: '+52' | '+1'): Promise<{ id: number; token: string }>;
  dev(path: string, body?: unknown): Promise<Response>;
  restart(): Promise<TestServer>;
  close(): Promise<void>;
}

export const testProvider = { merchantId: 'mtest', publicKey: 'pk_test_vendo' } as const;

let addresses = 0;
/**
 * A client address of its own (TEST-NET-2/3), forwarded by the loopback "proxy" the test server
 * trusts: per-address limits count each helper's requests apart, as they would count real clients.
 */
export function freshAddress(): string {
  addresses++;
  return `198.51.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`;
}

/** fetch from one client address. */
export const fetchFrom =
  (address: string): typeof fetch =>
  (input, init) => {
    const headers = new Headers(input instanceof Request ? input.headers : undefined);
    for (const [name, value] of new Headers(init?.headers)) headers.set(name, value);
    headers.set('X-Forwarded-For', address);
    return fetch(input, { ...init, headers });
  };

export interface TestServerOptions {
  /** Limits to count instead of the real ones (a short window, or a limit lifted to test what it hides). */
  readonly rateLimits?: Partial<RateLimitSettings>;
  /** Proxies the server believes; by default loopback, so each helper's X-Forwarded-For counts as its address. */
  readonly trustProxy?: readonly string[];
  readonly keypadTimings?: { readonly signInSeconds: number; readonly heartbeatSeconds: number };
  /** Loads the demo world at start (the tests' world); true unless told otherwise. */
  readonly demo?: boolean;
  /** A logger whose lines the test reads; without one the server logs nothing. */
  readonly logger?: Logger;
  /** VENDO_CODE_SECRET; without one codes are hashed with the database's own key. */
  readonly codeSecret?: string;
  /** VENDO_SPEI_SECRET; without one the bank's notices are signed with the database's own key. */
  readonly speiSecret?: string;
  /** VENDO_STORE_SECRET; without one the stores' notifications are signed with a key derived from the database's. */
  readonly storeSecret?: string;
  /** VENDO_REFERENCE_HOURS; 72 without it. */
  readonly referenceHours?: number;
  /** VENDO_PUBLIC_ORIGIN; without one, the address the server listens on. */
  readonly publicOrigin?: string;
  /** ServerConfig.connections: a short request timeout, a small cap (the defaults otherwise). */
  readonly connections?: Partial<ServerConfig['connections']>;
  /**
   * The web app's built server render (apps/web/dist-server, from `pnpm build`) and its index.html, for a
   * suite that reaches the render's routes; without it every page is a stand-in index.html.
   */
  readonly builtWebApp?: boolean;
  /** ServerConfig.mail: an SMTP server to send e-mail through (a test's sink), and its From. */
  readonly mail?: ServerConfig['mail'];
  /** Serves /metrics on loopback (RunningServer.metricsUrl), on a free port unless one is named; off otherwise. */
  readonly metrics?: true | { readonly port: number };
  /** The invoicing port (a PAC) the server asks; the emulated one otherwise. */
  readonly invoicing?: InvoicingPort;
}

const builtWebRoot = fileURLToPath(new URL('../../../web/dist', import.meta.url));
const builtRender = fileURLToPath(new URL('../../../web/dist-server/entry-server.js', import.meta.url));

/**
 * With VENDO_TEST_DATABASE_URL (a PostgreSQL server whose user may create databases) every suite
 * gets a fresh database there instead of a fresh PGlite, so the same tests cover the server path.
 */
const testServerUrl = process.env.VENDO_TEST_DATABASE_URL;

export async function onServer(sql: string) {
  const client = new pg.Client({ connectionString: testServerUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** An empty database on the test PostgreSQL server, not migrated, or undefined (then PGlite). */
export async function emptyServerDatabase(): Promise<string | undefined> {
  if (!testServerUrl) return undefined;
  const name = `vendo_test_${randomBytes(6).toString('hex')}`;
  await onServer(`create database ${name}`);
  const url = new URL(testServerUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A fresh database on the test PostgreSQL server, migrated as a deploy's `migrate` command does
 * (servers on PostgreSQL do not migrate), or undefined (then PGlite, which the server migrates).
 */
export async function freshServerDatabase(): Promise<string | undefined> {
  const databaseUrl = await emptyServerDatabase();
  if (databaseUrl) await migrateDatabase({ databaseUrl, dataDir: '' });
  return databaseUrl;
}

/** The whole reference API on a free port over real HTTP, with a fresh PGlite of its own. */
export async function startTestServer(
  dataDir = mkdtempSync(join(tmpdir(), 'vendo-api-')),
  clock = shiftableClock(),
  databaseUrl?: string,
  options: TestServerOptions = {},
): Promise<TestServer> {
  databaseUrl ??= await freshServerDatabase();
  const webRoot = mkdtempSync(join(tmpdir(), 'vendo-web-'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Vendo</title>');
  const config: ServerConfig = {
    role: 'reference',
    providerUrl: undefined,
    port: 0,
    host: '127.0.0.1',
    ...(options.builtWebApp
      ? { webRoot: builtWebRoot, webRender: { modulePath: builtRender } }
      : { webRoot, webRender: 'off' }),
    dataDir,
    databaseUrl,
    demo: options.demo ?? true,
    devControl: 'loopback',
    publicOrigin: options.publicOrigin,
    trustProxy: options.trustProxy ?? ['loopback'],
    addressLimitsScale: 1,
    rendersPerSecond: RENDERS_PER_SECOND,
    textCaps: textCapDefaults,
    provider: testProvider,
    securityHosts: { scripts: [], connect: [], frames: [] },
    logLevel: 'silent',
    // A test client may leave an answer unread; its connection is cut after 2 s instead of 10.
    shutdown: { delayMs: 0, graceMs: 2_000 },
    connections: { ...readConfig({}).connections, ...options.connections },
    codeSecret: options.codeSecret,
    speiSecret: options.speiSecret,
    storeSecret: options.storeSecret,
    ...(options.referenceHours === undefined ? {} : { referenceHours: options.referenceHours }),
    mail: options.mail,
    metrics: options.metrics
      ? { port: 0, host: '127.0.0.1', ...(options.metrics === true ? {} : options.metrics) }
      : 'off',
  };
  const server = await startServer(config, {
    clock,
    logger: options.logger,
    rateLimits: options.rateLimits,
    keypadTimings: options.keypadTimings,
    ...(options.invoicing ? { invoicing: options.invoicing } : {}),
  }).catch((error: unknown) => {
    rmSync(webRoot, { recursive: true, force: true });
    throw error;
  });
  const url = server.url;
  const dev = (path: string, body?: unknown) =>
    fetch(
      `${url}/__dev${path}`,
      body === undefined
        ? {}
        : { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } },
    );
  const api = (token?: string, locale = 'es') =>
    createApi({
      baseUrl: `${url}/api/`,
      getToken: () => token,
      getLocale: () => locale,
      fetch: fetchFrom(freshAddress()),
    });
  const harness: TestServer = {
    url,
    server,
    clock,
    dataDir,
    webRoot: config.webRoot,
    api,
    dev,
    async member(phone, balance) {
      const response = await dev('/members', { phone, ...(balance ? { balance } : {}) });
      const { id, auth_token } = (await response.json()) as { id: number; auth_token: string };
      return { id, token: auth_token };
    },
    signIn: (phone, country = '+52') => signInByText(url, api(), phone, country),
    async restart() {
      await server.close();
      rmSync(webRoot, { recursive: true, force: true });
      return startTestServer(dataDir, clock, databaseUrl, options);
    },
    async close() {
      await server.close();
      rmSync(webRoot, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
      if (databaseUrl) await onServer(`drop database ${new URL(databaseUrl).pathname.slice(1)}`);
    },
  };
  return harness;
}

/**
 * Signs in as the app does, through the real SMS flow: asks for a code, reads it from the dev outbox and
 * sends it back with its send's challenge. For a server in this process or in a process of its own.
 */
export async function signInByText(
  url: string,
  anonymous: ReturnType<typeof createApi>,
  phone: string,
  country: '+52' | '+1' = '+52',
): Promise<{ id: number; token: string }> {
  const sent = await anonymous.members.requestCode({ phone, countries: country });
  const challenge = sent.ok ? sent.value?.challenge : undefined;
  const outbox = (await (await fetch(`${url}/__dev/sms?phone=${encodeURIComponent(country + phone)}`)).json()) as {
    messages: { code: string }[];
  };
  const result = await anonymous.members.confirmCode({
    phone,
    countries: country,
    verify_code: outbox.messages[0]?.code ?? '',
    ...(challenge ? { challenge } : {}),
  });
  if (!result.ok) throw new Error(`sign-in failed: ${result.error.message}`);
  return { id: result.value.community_member.id, token: result.value.community_member.auth_token };
}

/** Card data goes to the provider emulation, never to Vendo's API: answers the provider's token or its error. */
export async function tokenise(t: TestServer, cardNumber: string, expiry = { year: '30', month: '12' }) {
  const response = await fetch(`${t.url}/provider/v1/${testProvider.merchantId}/tokens`, {
    method: 'POST',
    headers: {
      'X-Forwarded-For': freshAddress(),
      'Content-Type': 'application/json',
      Authorization: `Basic ${Buffer.from(`${testProvider.publicKey}:`).toString('base64')}`,
    },
    body: JSON.stringify({
      card_number: cardNumber,
      holder_name: 'Ana López',
      expiration_year: expiry.year,
      expiration_month: expiry.month,
      cvv2: cardNumber.startsWith('3') ? '1234' : '123',
    }),
  });
  return ((await response.json()) as { id: string }).id;
}

/** Walks the meal-voucher authorization page and answers the code it hands to the app's callback. */
export async function authorizeVoucher(t: TestServer): Promise<string> {
  const response = await fetch(`${t.url}/voucher-provider/oauth/authorize`, {
    method: 'POST',
    body: new URLSearchParams({ redirect_uri: '/edenred/callback', state: 's1' }),
    redirect: 'manual',
  });
  return new URL(response.headers.get('Location') ?? '', t.url).searchParams.get('code') ?? '';
}
