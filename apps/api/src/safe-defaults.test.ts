import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig, type ServerConfig } from './config.ts';
import { startServer } from './server.ts';
import { capturedLog } from './testing/captured-log.ts';
import { freshAddress, freshServerDatabase, onServer, testProvider } from './testing/harness.ts';
import { startServerProcess } from './testing/process.ts';

describe('settings read at start (README "Configuration of the server")', () => {
  it('listens on loopback unless HOST says otherwise', () => {
    expect(readConfig({}).host).toBe('127.0.0.1');
    expect(readConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('opens the dev control to this machine only by default, and to all only when told', () => {
    expect(readConfig({}).devControl).toBe('loopback');
    expect(readConfig({ VENDO_DEV_CONTROL: 'on' }).devControl).toBe('on');
    expect(() => readConfig({ VENDO_DEV_CONTROL: 'yes' })).toThrow('VENDO_DEV_CONTROL');
  });

  it('refuses to run in production with the emulated providers and the demo world unless told it is a demo', () => {
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow('VENDO_DEMO=1');
    const demo = readConfig({
      NODE_ENV: 'production',
      VENDO_DEMO: '1',
      DATABASE_URL: 'postgres://vendo@db.internal/vendo',
      VENDO_PUBLIC_ORIGIN: 'https://vendo.example',
      VENDO_CODE_SECRET: 'k'.repeat(32),
      VENDO_SPEI_SECRET: 's'.repeat(32),
      VENDO_STORE_SECRET: 's'.repeat(32),
    });
    expect(demo.devControl).toBe('off');
  });

  it('takes a public origin only as an http(s) origin', () => {
    expect(readConfig({ VENDO_PUBLIC_ORIGIN: 'https://vendo.example' }).publicOrigin).toBe('https://vendo.example');
    expect(() => readConfig({ VENDO_PUBLIC_ORIGIN: 'javascript:alert(1)' })).toThrow('VENDO_PUBLIC_ORIGIN');
    expect(() => readConfig({ VENDO_PUBLIC_ORIGIN: 'https://vendo.example/app' })).toThrow('VENDO_PUBLIC_ORIGIN');
  });

  it('stops the start command in production without VENDO_DEMO, naming the variable', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vendo-refuse-'));
    try {
      await expect(startServerProcess({ dataDir }, { NODE_ENV: 'production' })).rejects.toThrow('VENDO_DEMO=1');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** A server of this suite's own, with its log lines kept. */
async function serverWithLog(overrides: Partial<ServerConfig> = {}) {
  const webRoot = mkdtempSync(join(tmpdir(), 'vendo-web-'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Vendo</title>');
  const dataDir = mkdtempSync(join(tmpdir(), 'vendo-api-'));
  const databaseUrl = await freshServerDatabase();
  const log = capturedLog('info');
  const server = await startServer(
    {
      ...readConfig({}),
      port: 0,
      webRoot,
      dataDir,
      databaseUrl,
      trustProxy: ['loopback'],
      provider: testProvider,
      ...overrides,
    },
    { logger: log.logger },
  );
  return {
    server,
    log,
    async close() {
      await server.close();
      rmSync(webRoot, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
      if (databaseUrl) await onServer(`drop database ${new URL(databaseUrl).pathname.slice(1)}`);
    },
  };
}

const post = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': freshAddress() },
  });

describe('nothing secret reaches a log (issue: codes in clear)', () => {
  let running: Awaited<ReturnType<typeof serverWithLog>>;
  beforeAll(async () => {
    running = await serverWithLog();
  });
  afterAll(() => running.close());

  it('logs a texted code nowhere, and the number only masked', async () => {
    await post(`${running.server.url}/api/community_members`, { phone: '5590001111', countries: '+52' });
    const outbox = (await (await fetch(`${running.server.url}/__dev/sms?phone=%2B525590001111`)).json()) as {
      messages: { code: string }[];
    };
    const code = outbox.messages[0]?.code ?? '';
    expect(code).toMatch(/^\d{4}$/);
    expect(running.log.mentionsWord(code)).toBe(false);
    expect(running.log.lines.some((line) => line.includes('5590001111'))).toBe(false);
    expect(running.log.entries()).toContainEqual(
      expect.objectContaining({ msg: 'sms in the dev outbox', to: '+********1111' }),
    );
  });
});

describe('without the dev control the outbox keeps nothing', { timeout: 60_000 }, () => {
  it('sends a code without keeping it anywhere readable', async () => {
    const running = await serverWithLog({ devControl: 'off' });
    try {
      const sent = await post(`${running.server.url}/api/community_members`, { phone: '5590002222', countries: '+52' });
      expect(sent.status).toBe(200);
      const outbox = await fetch(`${running.server.url}/__dev/sms?phone=%2B525590002222`);
      // Read to the end: an unread (gzip-streamed) answer keeps its connection busy and close() waits for it.
      await outbox.text();
      expect(outbox.status).toBe(404);
      const kept = await running.server.deps.db.selectFrom('sms_outbox').selectAll().execute();
      expect(kept).toEqual([]);
    } finally {
      await running.close();
    }
  });
});

describe('answers that carry a token, a code or member data are never stored (Cache-Control: no-store)', () => {
  let running: Awaited<ReturnType<typeof serverWithLog>>;
  beforeAll(async () => {
    running = await serverWithLog();
  });
  afterAll(() => running.close());

  it('says no-store on a sign-in answer, a member, the dev outbox and the provider emulation', async () => {
    const { url } = running.server;
    await post(`${url}/api/community_members`, { phone: '5590003333', countries: '+52' });
    const outbox = await fetch(`${url}/__dev/sms?phone=%2B525590003333`);
    const code = ((await outbox.clone().json()) as { messages: { code: string }[] }).messages[0]?.code;
    const confirmed = await post(`${url}/api/community_members/confirm`, {
      phone: '5590003333',
      countries: '+52',
      verify_code: code,
    });
    const { community_member } = (await confirmed.clone().json()) as {
      community_member: { id: number; auth_token: string };
    };
    const member = await fetch(`${url}/api/community_members/${community_member.id}`, {
      headers: { Authorization: `Token token=${community_member.auth_token}` },
    });
    const tokens = await post(`${url}/provider/v1/${testProvider.merchantId}/tokens`, {});
    for (const answer of [confirmed, member, outbox, tokens]) {
      expect(answer.headers.get('Cache-Control')).toBe('no-store');
    }
  });
});

/** A POST with the Host header a client chooses (fetch does not let a caller set it). */
function withHost(url: string, path: string, host: string, headers: Record<string, string>, body: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const target = new URL(path, url);
    const request = httpRequest(
      target,
      { method: 'POST', headers: { ...headers, Host: host, 'Content-Length': Buffer.byteLength(body) } },
      (response) => {
        let text = '';
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

describe('URLs handed out start with the public origin, never the request Host (issue: host header)', () => {
  let running: Awaited<ReturnType<typeof serverWithLog>>;
  let member: { id: number; auth_token: string };
  beforeAll(async () => {
    running = await serverWithLog({ publicOrigin: 'https://vendo.example' });
    const made = await fetch(`${running.server.url}/__dev/members`, {
      method: 'POST',
      body: JSON.stringify({ phone: '+525590004444' }),
      headers: { 'Content-Type': 'application/json' },
    });
    member = (await made.json()) as { id: number; auth_token: string };
  });
  afterAll(() => running.close());

  it.each([
    ['a checkout page', 'top_ups/with_redirect', 'url'],
    ['a store reference', 'top_ups/reference', 'instructions_url'],
  ])('gives %s on the public origin whatever Host the request names', async (_, path, field) => {
    const answer = await withHost(
      running.server.url,
      `/api/community_members/${member.id}/${path}`,
      'attacker.example',
      {
        'Content-Type': 'application/json',
        Authorization: `Token token=${member.auth_token}`,
        'Idempotency-Key': `host-${path}`,
      },
      JSON.stringify({ amount: 100, currency: 'MXN', with_redirect: true }),
    );
    expect(answer.status).toBe(201);
    expect(answer.body).not.toContain('attacker.example');
    expect(JSON.stringify(JSON.parse(answer.body))).toContain(`"${field}":"https://vendo.example/provider/`);
  });
});
