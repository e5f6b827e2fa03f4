import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { readConfig } from './config.ts';
import { secretFields } from './log.ts';
import { capturedLog } from './testing/captured-log.ts';
import {
  freshServerDatabase,
  onServer,
  startTestServer,
  type TestServer,
  testProvider,
  tokenise,
} from './testing/harness.ts';
import { linkToken, mailTo, profileWith } from './testing/mail.ts';
import { processData, startServerProcess } from './testing/process.ts';

// Issue 16 point 4: structured logs with pino, one line per request, secrets redacted.

let t: TestServer;
const log = capturedLog('trace');
beforeAll(async () => {
  t = await startTestServer(undefined, undefined, undefined, { logger: log.logger });
});
afterAll(() => t.close());

const requestLine = (requestId: string | null) =>
  log.entries().find((entry) => entry.msg === 'request' && entry.requestId === requestId);

describe('one line per request (issue 16 point 4)', () => {
  it('names the request id, method, path without its query, status and duration', async () => {
    const answer = await fetch(`${t.url}/__dev/sms?phone=%2B525590006666`);
    const requestId = answer.headers.get('X-Request-Id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestLine(requestId)).toMatchObject({
      level: 30,
      method: 'GET',
      path: '/__dev/sms',
      status: 200,
      durationMs: expect.any(Number),
    });
    expect(log.lines.some((line) => line.includes('5590006666'))).toBe(false);
  });

  it.each([
    ['a short token', 'lb-7f3a_01', true],
    ['one with a space', 'lb 7f3a', false],
    ['one with markup', '<script>', false],
    ['one over 64 characters', 'a'.repeat(65), false],
  ])('answers and logs an incoming X-Request-Id only when it is a safe token: %s', async (_, incoming, kept) => {
    const answer = await fetch(`${t.url}/openapi.json`, { headers: { 'X-Request-Id': incoming } });
    const requestId = answer.headers.get('X-Request-Id');
    expect(requestId === incoming).toBe(kept);
    expect(requestLine(requestId)).toMatchObject({ path: '/openapi.json', status: 200 });
  });

  it("logs a load balancer's passing health probes at debug, so checks twice a second do not fill the log", async () => {
    const answer = await fetch(`${t.url}/readyz`);

    expect(requestLine(answer.headers.get('X-Request-Id'))).toMatchObject({ level: 20, path: '/readyz', status: 200 });
  });
});

describe('the server process writes its lines in batches (issue 16 point 4)', () => {
  it('still writes a lone request line within a fraction of a second, when too few come to fill a batch', {
    timeout: 30_000,
  }, async () => {
    const shared = processData('vendo-log-batch-');
    const running = await startServerProcess(shared.data);
    try {
      await fetch(`${running.url}/openapi.json`, { headers: { 'X-Request-Id': 'lone-request' } });

      await expect
        .poll(() => running.output.some((line) => line.includes('"requestId":"lone-request"')), { timeout: 3000 })
        .toBe(true);
    } finally {
      await running.stop();
      await shared.remove();
    }
  });
});

describe('nothing secret reaches a line, even at trace (issue 16 point 4)', () => {
  it('leaves no phone number, code, token or card data anywhere after a sign-in and a card', async () => {
    const phone = '5590007777';
    const cardNumber = '4242424242424242';
    const anonymous = t.api();
    await anonymous.members.requestCode({ phone, countries: '+52' });
    const outbox = (await (await fetch(`${t.url}/__dev/sms?phone=%2B52${phone}`)).json()) as {
      messages: { code: string }[];
    };
    const code = outbox.messages[0]?.code ?? '';
    const confirmed = await anonymous.members.confirmCode({ phone, countries: '+52', verify_code: code });
    const { id, auth_token } = confirmed.ok ? confirmed.value.community_member : { id: 0, auth_token: '' };
    const member = t.api(auth_token);
    await member.members.get(id);
    const cardToken = await tokenise(t, cardNumber);
    const card = await member.cards.add(id, {
      token: cardToken,
      device_session_id: 'd',
      holder_name: 'Ana López',
      brand_name: 'visa',
    });

    expect(code).toMatch(/^\d{4}$/);
    expect(card.ok).toBe(true);
    const output = log.lines.join('\n');
    for (const secret of [phone, auth_token, cardToken, cardNumber, 'Ana López']) {
      expect(output).not.toContain(secret);
    }
    expect(log.mentionsWord(code)).toBe(false);
    // The lines did carry the headers, Authorization among them, each in its redacted form.
    expect(log.entries()).toContainEqual(
      expect.objectContaining({ headers: expect.objectContaining({ authorization: '[Redacted]' }) }),
    );
  });

  it('leaves no e-mail address, confirmation link or e-mail text anywhere after a profile save and a confirmation (issue 35 point 4)', async () => {
    const email = 'secreta.ana@correo.example';
    const member = await t.member('+525590008181');
    await t.api(member.token).members.update(member.id, profileWith(email, { locale: 'en' }));
    const [mail] = await mailTo(t, email);
    const token = linkToken(mail);
    const confirmed = await t.api().members.confirmEmail({ token });

    expect(confirmed.ok).toBe(true);
    const output = log.lines.join('\n');
    for (const secret of [email, 'secreta.ana', token, mail?.subject ?? 'no subject', 'confirm-email']) {
      expect(output).not.toContain(secret);
    }
    // The line that says the e-mail went out names the address masked.
    expect(log.entries()).toContainEqual(
      expect.objectContaining({
        msg: 'mail in the dev outbox',
        to: 's**********@c*****.example',
        kind: 'email_confirmation',
      }),
    );
  });

  it.each(secretFields)('redacts a field named %s at the top and nested two levels down', (field) => {
    const lines = capturedLog('info');

    lines.logger.info({ [field]: 'S3CRET', deal: { [field]: 'S3CRET', card: { [field]: 'S3CRET' } } }, 'event');

    expect(lines.lines.join('')).not.toContain('S3CRET');
    expect(lines.lines.join('')).toContain('[Redacted]');
  });

  it("redacts a request's Referer, whose page may carry the native app's token (issue 32 point 15)", () => {
    const lines = capturedLog('debug');

    lines.logger.debug({ headers: { referer: 'https://vendo.example/add-payment-method-mobile/7/Ana?token=S3CRET' } });

    expect(lines.lines.join('')).not.toContain('S3CRET');
    expect(lines.entries()[0]).toMatchObject({ headers: { referer: '[Redacted]' } });
  });

  it("logs a request's headers at debug without the token its Referer carried (issue 32 point 15)", async () => {
    const answer = await fetch(`${t.url}/openapi.json`, {
      headers: { Referer: `${t.url}/add-payment-method-mobile/7/Ana?token=R3FERER-T0KEN` },
    });

    expect(requestLine(answer.headers.get('X-Request-Id'))).toMatchObject({ headers: { referer: '[Redacted]' } });
    expect(log.lines.join('')).not.toContain('R3FERER-T0KEN');
  });

  it("keeps a database error's message and stack but not the values it carries", () => {
    const lines = capturedLog('info');
    const failure = Object.assign(new Error('duplicate key value violates unique constraint "members_phone_key"'), {
      params: ['+525590008888'],
      detail: 'Key (phone)=(+525590008888) already exists.',
    });

    lines.logger.error({ err: failure }, 'request failed');

    const [entry] = lines.entries();
    expect(lines.lines.join('')).not.toContain('5590008888');
    expect(entry?.err).toMatchObject({ message: failure.message, stack: expect.stringContaining('logging.test.ts') });
  });
});

describe('an unexpected error (issue 16 point 4)', () => {
  it('is logged with its stack under the request id and answered 500 without it', async () => {
    const db = new Proxy(t.server.deps.db, {
      get: (target, name, receiver) =>
        name === 'selectFrom'
          ? () => {
              throw new Error('the database went away');
            }
          : Reflect.get(target, name, receiver),
    });
    const app = createApp({ ...t.server.deps, db }, { webRoot: t.webRoot, provider: testProvider });

    const answer = await app.request('/api/product_server/demo');

    const requestId = answer.headers.get('X-Request-Id');
    const text = await answer.text();
    expect(answer.status).toBe(500);
    expect(text).not.toContain('the database went away');
    expect(text).not.toMatch(/\bat .+:\d+:\d+/);
    const failure = log.entries().find((entry) => entry.msg === 'request failed' && entry.requestId === requestId);
    expect(failure).toMatchObject({
      level: 50,
      err: { message: 'the database went away', stack: expect.stringMatching(/the database went away\n\s+at /) },
    });
    expect(requestLine(requestId)).toMatchObject({ path: '/api/product_server/demo', status: 500 });
  });
});

describe.skipIf(!process.env.VENDO_TEST_DATABASE_URL)('a broken database connection (issue 16 point 4)', () => {
  it('is written as an error line through the logger', { timeout: 30_000 }, async () => {
    const databaseUrl = await freshServerDatabase();
    const own = capturedLog('info');
    const server = await startTestServer(undefined, undefined, databaseUrl, { logger: own.logger });
    try {
      // A ready answer leaves the pool holding an idle connection, the kind a server restart ends.
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

      await onServer(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${new URL(databaseUrl ?? '').pathname.slice(1)}'`,
      );

      expect(await own.written('vendo: a database connection broke')).toMatchObject({
        level: 50,
        err: { message: expect.any(String) },
      });
    } finally {
      await server.close();
    }
  });
});

describe('LOG_LEVEL (issue 16 point 4)', () => {
  it('is info when unset, and a level it does not know stops the start, naming the variable', () => {
    expect(readConfig({}).logLevel).toBe('info');
    expect(readConfig({ LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
    expect(() => readConfig({ LOG_LEVEL: 'verbose' })).toThrow('LOG_LEVEL');
  });
});
