import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../config.ts';
import { createLogger } from '../log.ts';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { press, signedIn } from '../testing/keypad-socket.ts';
import { type RunningAppServer, startAppServer } from './server.ts';

// Issue 33 point 1: the member app alone (VENDO_ROLE=app) in front of another provider's API, played
// here by the reference API on a port of its own.

/** A port nobody listens on now: the app's, known before the provider that must name it starts. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

function appServer(providerUrl: string, port = 0): Promise<RunningAppServer> {
  const webRoot = mkdtempSync(join(tmpdir(), 'vendo-app-only-'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Vendo</title>');
  const config = readConfig({
    VENDO_ROLE: 'app',
    VENDO_PROVIDER_URL: providerUrl,
    PORT: String(port),
    VENDO_WEB_ROOT: webRoot,
    VENDO_WEB_RENDER: 'off',
    VENDO_METRICS_PORT: '0',
  });
  return startAppServer(config, createLogger({ level: 'silent' }));
}

describe('the member app in front of another provider (issue 33 point 1)', () => {
  let provider: TestServer;
  let app: RunningAppServer;
  beforeAll(async () => {
    const port = await freePort();
    // The provider hands out the app's origin and believes the address the app forwards.
    provider = await startTestServer(undefined, undefined, undefined, {
      publicOrigin: `http://127.0.0.1:${port}`,
      trustProxy: ['loopback'],
    });
    app = await appServer(provider.url, port);
  });
  afterAll(async () => {
    await app.close();
    await provider.close();
  });

  it("answers the provider's API on its own origin, as the provider answers it", async () => {
    const direct = await (await fetch(`${provider.url}/api/product_server/demo`)).json();

    const through = await fetch(`${app.url}/api/product_server/demo`);

    expect([through.status, await through.json()]).toEqual([200, direct]);
  });

  it("passes on none of the provider's dev control", async () => {
    const answer = await fetch(`${app.url}/__dev/sms?phone=%2B525512345678`);

    expect(answer.status).toBe(404);
  });

  it("serves the app's pages itself: a route of the app is its index.html", async () => {
    const answer = await fetch(`${app.url}/machine-selection`);

    expect([answer.status, await answer.text()]).toEqual([200, '<!doctype html><title>Vendo</title>']);
  });

  it('is ready while the provider answers', async () => {
    const answer = await fetch(`${app.url}/readyz`);

    expect([answer.status, await answer.json()]).toEqual([200, { status: 'ready' }]);
  });

  it("carries a member's keypad session (a WebSocket) through to the machine", async () => {
    const member = await provider.member('+525511112222');
    const socket = await signedIn(app, 'teclado', member.token);

    await press(socket, '7');
    socket.close();

    const seen = (await (await fetch(`${provider.url}/__dev/machines/teclado/keypad`)).json()) as { keys: string[] };
    expect(seen.keys.at(-1)).toBe('7');
  });

  it('counts its requests by route on its own metrics port, never the public one', async () => {
    await fetch(`${app.url}/api/product_server/demo`);

    const scraped = await (await fetch(app.metricsUrl ?? '')).text();
    const onPublicPort = await fetch(`${app.url}/metrics`);

    expect([
      /vendo_http_request_duration_seconds_count\{[^}]*route="\/api\/\*"[^}]*\} [1-9]/.test(scraped),
      onPublicPort.status,
    ]).toEqual([true, 404]);
  });
});

describe('the member app whose provider does not answer (issue 33 point 1)', () => {
  it('is alive, but not ready, naming the provider', async () => {
    const gone = `http://127.0.0.1:${await freePort()}`;
    const app = await appServer(gone);

    const alive = await fetch(`${app.url}/healthz`);
    const ready = await fetch(`${app.url}/readyz`);
    await app.close();

    expect([alive.status, ready.status, await ready.json()]).toEqual([
      200,
      503,
      { status: 'not_ready', not_ready: ['provider'] },
    ]);
  });
});
