import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { capturedLog } from '../testing/captured-log.ts';
import { freshAddress, startTestServer, type TestServer } from '../testing/harness.ts';
import { type RateLimitName, rateLimits, textCapTripped } from './rate-limits.ts';

/**
 * Issue 32 point 3, SMS pumping: texts are capped per destination country code and over all of them, per
 * hour and per day. Past a cap new sends answer 503 with Retry-After (a translated message, not a limit
 * of this client), the trip is logged once, and codes already sent still work.
 */
let phones = 5530000000;
const freshPhone = () => String(phones++);

const send = (server: TestServer, country: string, phone = freshPhone()) =>
  fetch(`${server.url}/api/community_members`, {
    method: 'POST',
    body: JSON.stringify({ phone, countries: country }),
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': freshAddress() },
  });

const cap = (name: RateLimitName, points: number) => ({ [name]: { ...rateLimits[name], points } });

afterEach(() => {
  vi.useRealTimers();
});

describe('each cap on texts pauses new sends past it ("Rules it keeps" (docs/reference-api.md))', {
  timeout: 120_000,
}, () => {
  it.each([
    ['textsPerCountryPerHour', ['+52', '+52', '+52'], 3_600],
    ['textsPerCountryPerDay', ['+52', '+52', '+52'], 86_400],
    ['textsPerHour', ['+52', '+1', '+81'], 3_600],
    ['textsPerDay', ['+52', '+1', '+81'], 86_400],
  ] as const)(
    '%s: the send past it answers 503 code_sends_paused with Retry-After',
    async (name, countries, window) => {
      const server = await startTestServer(undefined, undefined, undefined, { rateLimits: cap(name, 2) });
      try {
        const statuses = [];
        for (const country of countries.slice(0, -1)) statuses.push((await send(server, country)).status);
        const paused = await send(server, countries.at(-1) ?? '+52');

        expect(statuses).toEqual([200, 200]);
        expect(paused.status).toBe(503);
        expect(Number(paused.headers.get('Retry-After'))).toBeGreaterThan(window - 60);
        expect(Number(paused.headers.get('Retry-After'))).toBeLessThanOrEqual(window);
        expect(await paused.json()).toMatchObject({
          error: { error_code: 'code_sends_paused', message: 'Por ahora no podemos enviar códigos' },
        });
      } finally {
        await server.close();
      }
    },
  );
});

describe('past the hourly cap of one country (2 texts here)', { timeout: 60_000 }, () => {
  let server: TestServer;
  const log = capturedLog('warn');
  beforeAll(async () => {
    server = await startTestServer(undefined, undefined, undefined, {
      rateLimits: cap('textsPerCountryPerHour', 2),
      logger: log.logger,
    });
  }, 60_000);
  afterAll(() => server.close());

  it('keeps codes already sent working', async () => {
    const phone = freshPhone();
    const sent = await send(server, '+52', phone);
    await send(server, '+52');
    expect((await send(server, '+52')).status).toBe(503);
    const { challenge } = (await sent.json()) as { challenge: string };
    const outbox = await fetch(`${server.url}/__dev/sms?phone=%2B52${phone}`);
    const code = ((await outbox.json()) as { messages: { code: string }[] }).messages[0]?.code;

    const signIn = await fetch(`${server.url}/api/community_members/confirm`, {
      method: 'POST',
      body: JSON.stringify({ phone, countries: '+52', verify_code: code, challenge }),
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': freshAddress() },
    });

    expect(signIn.status).toBe(200);
  });

  it('still texts the other countries', async () => {
    await send(server, '+972');
    await send(server, '+972');
    expect((await send(server, '+972')).status).toBe(503);
    expect((await send(server, '+1')).status).toBe(200);
  });

  it('logs the trip once, with a stable message naming the cap and the country', async () => {
    for (let sent = 0; sent < 6; sent++) await send(server, '+31');
    const trips = log.entries().filter((entry) => entry.msg === textCapTripped && entry.key === '+31');
    expect(trips).toEqual([
      expect.objectContaining({
        level: 40,
        limit: 'textsPerCountryPerHour',
        key: '+31',
        retry_after: expect.any(Number),
      }),
    ]);
  });

  it("uses up nothing of a number's own limits with the sends it refuses", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const phone = freshPhone();
    await send(server, '+81');
    await send(server, '+81');
    const refused = [];
    for (let tries = 0; tries < rateLimits.codeSendsPerPhonePerDay.points; tries++) {
      refused.push((await send(server, '+81', phone)).status);
    }
    expect(refused.every((status) => status === 503)).toBe(true);
    vi.setSystemTime(Date.now() + rateLimits.textsPerCountryPerHour.windowSeconds * 1_000 + 1_000);

    expect((await send(server, '+81', phone)).status).toBe(200);
  });
});
