import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.ts';

/*
 * Issue 32 point 14: the dev control answers the developer's own tools, never a page of another site
 * open in the developer's browser. Such a page reaches 127.0.0.1 from this machine, so the loopback
 * check lets it through; what gives it away is its Host (DNS rebinding names the attacker's host), its
 * Fetch Metadata (Sec-Fetch-Site: cross-site) and its body (a no-cors request sends text, never JSON).
 */

interface Sent {
  readonly method?: string;
  readonly host?: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

/** A request with the Host and headers given, as a browser would send them (fetch cannot set Host). */
function send(url: string, path: string, { method = 'GET', host, headers = {}, body }: Sent = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const target = new URL(path, url);
    const request = httpRequest(
      target,
      {
        method,
        headers: {
          ...headers,
          Host: host ?? target.host,
          ...(body === undefined ? {} : { 'Content-Length': Buffer.byteLength(body) }),
        },
      },
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

const json = { 'Content-Type': 'application/json' };
let phones = 0;

describe('the dev control answers only requests addressed to this server (issue 32 point 14)', () => {
  let t: TestServer;
  let port: string;
  beforeAll(async () => {
    t = await startTestServer(undefined, undefined, undefined, { publicOrigin: 'https://vendo.example' });
    port = new URL(t.url).port;
  });
  afterAll(() => t.close());

  it.each(['attacker.example', 'attacker.example:{port}', '127.0.0.1:1', 'localhost'])(
    'refuses Host "%s" with 403, the outbox unread',
    async (host) => {
      const answer = await send(t.url, '/__dev/sms?phone=%2B525512345678', { host: host.replace('{port}', port) });

      expect(answer.status).toBe(403);
      expect(answer.body).not.toContain('messages');
    },
  );

  it.each(['127.0.0.1:{port}', 'localhost:{port}', 'LOCALHOST:{port}', '[::1]:{port}', 'vendo.example'])(
    'answers Host "%s": this machine by the port it listens on, or the public origin',
    async (host) => {
      const answer = await send(t.url, '/__dev/sms?phone=%2B525512345678', { host: host.replace('{port}', port) });

      expect(answer.status).toBe(200);
    },
  );

  it('refuses the mail outbox to a rebound name too, with 403 (issue 35 point 4)', async () => {
    const answer = await send(t.url, '/__dev/mail?to=ana%40vendo.mx', { host: 'attacker.example' });

    expect(answer.status).toBe(403);
    expect(answer.body).not.toContain('messages');
  });

  it('refuses a reset from a rebound name, and the world stays', async () => {
    const stranger = await t.member(`+52553214${String(++phones).padStart(4, '0')}`);

    const answer = await send(t.url, '/__dev/reset', {
      method: 'POST',
      host: `attacker.example:${port}`,
      headers: json,
      body: '{}',
    });

    expect(answer.status).toBe(403);
    expect((await t.api(stranger.token).members.get(stranger.id)).ok).toBe(true);
  });
});

describe('the dev control refuses what a page of another site can send (issue 32 point 14)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.close());

  it("refuses fetch('http://127.0.0.1:…/__dev/reset', {method: 'POST', mode: 'no-cors'}) from another site, and the world stays", async () => {
    const stranger = await t.member(`+52553214${String(++phones).padStart(4, '0')}`);

    // What Chromium sends for that call on a page of attacker.example.
    const answer = await send(t.url, '/__dev/reset', {
      method: 'POST',
      headers: {
        Origin: 'https://attacker.example',
        'Sec-Fetch-Site': 'cross-site',
        'Sec-Fetch-Mode': 'no-cors',
        'Content-Type': 'text/plain;charset=UTF-8',
      },
      body: '',
    });

    expect(answer.status).toBe(403);
    expect((await t.api(stranger.token).members.get(stranger.id)).ok).toBe(true);
  });

  it.each(['cross-site', 'same-site'])('refuses Sec-Fetch-Site: %s with 403, even with a JSON body', async (site) => {
    const answer = await send(t.url, '/__dev/members', {
      method: 'POST',
      headers: { ...json, 'Sec-Fetch-Site': site },
      body: JSON.stringify({ phone: '+525532140003' }),
    });

    expect(answer.status).toBe(403);
  });

  it.each(['same-origin', 'none'])('answers Sec-Fetch-Site: %s (the app itself, the address bar)', async (site) => {
    const answer = await send(t.url, '/__dev/sms?phone=%2B525512345678', { headers: { 'Sec-Fetch-Site': site } });

    expect(answer.status).toBe(200);
  });

  it.each([
    ['text/plain;charset=UTF-8', '{}'],
    ['application/x-www-form-urlencoded', 'a=1'],
    ['multipart/form-data; boundary=x', '--x--'],
    ['no Content-Type', ''],
  ])('refuses a write sent as %s with 415, and the world stays', async (type, body) => {
    const stranger = await t.member(`+52553214${String(++phones).padStart(4, '0')}`);

    const answer = await send(t.url, '/__dev/reset', {
      method: 'POST',
      headers: type.includes('/') ? { 'Content-Type': type } : {},
      body,
    });

    expect(answer.status).toBe(415);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { error_code: 'json_required' } });
    expect((await t.api(stranger.token).members.get(stranger.id)).ok).toBe(true);
  });

  it('takes a write sent as JSON, as its own tools send it', async () => {
    const answer = await send(t.url, '/__dev/machines/teclado/keypad/close', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: '{}',
    });

    expect(answer.status).toBe(200);
  });
});
