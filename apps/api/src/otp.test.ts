import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from './http/rate-limits.ts';
import { otpRules } from './services/otp.ts';
import { freshAddress, startTestServer, type TestServer } from './testing/harness.ts';

let t: TestServer;
/** The same API with the per-number limits lifted, to show what the code rules alone hold. */
let unlimited: TestServer;
const lifted = { points: 100_000, windowSeconds: 600 };

// Two servers, each with a fresh database to create.
beforeAll(async () => {
  t = await startTestServer();
  unlimited = await startTestServer(undefined, undefined, undefined, {
    rateLimits: {
      codeSendsPerPhone: lifted,
      codeConfirmsPerPhone: lifted,
      codeConfirmsPerAddress: lifted,
      codeSendsPerAddress: lifted,
    },
  });
}, 60_000);
afterAll(() => Promise.all([t.close(), unlimited.close()]));

let next = 5520000000;
/** Every test its own phone, so limits never leak between tests. */
const freshPhone = () => String(next++);

const post = (server: TestServer, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/api/${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': freshAddress(), ...headers },
  });

async function lastCode(phone: string, server = t): Promise<string> {
  const outbox = (await (await fetch(`${server.url}/__dev/sms?phone=${encodeURIComponent(`+52${phone}`)}`)).json()) as {
    messages: { code: string }[];
  };
  return outbox.messages[0]?.code ?? '';
}

const send = (phone: string, server = t, headers: Record<string, string> = {}) =>
  post(server, 'community_members', { phone, countries: '+52' }, headers);
const confirm = (phone: string, verify_code: string, server = t, headers: Record<string, string> = {}) =>
  post(server, 'community_members/confirm', { phone, countries: '+52', verify_code }, headers);
const wrongOf = (code: string, step = 1) => String((Number(code) + step) % 10_000).padStart(4, '0');
const errorCode = async (response: Response) =>
  ((await response.json()) as { error: { error_code: string } }).error.error_code;

describe('sign-in codes (spec §5, §9: 4 digits)', () => {
  it('texts a 4-digit code', async () => {
    const phone = freshPhone();
    expect((await send(phone)).status).toBe(204);
    expect(await lastCode(phone)).toMatch(/^\d{4}$/);
  });

  it('answers a known and an unknown number the same way', async () => {
    const known = await send('5587654321');
    const unknown = await send(freshPhone());
    expect([known.status, await known.text()]).toEqual([unknown.status, await unknown.text()]);
  });

  it('gives a fresh token on every sign-in, and both sessions work', async () => {
    const first = await t.signIn('5512345678');
    const second = await t.signIn('5512345678');
    expect(first.token).not.toBe(second.token);
    expect(first.token.length).toBeGreaterThanOrEqual(22);
    expect((await t.api(first.token).members.get(first.id)).ok).toBe(true);
  });

  it('spends a code on its first use', async () => {
    const phone = freshPhone();
    await send(phone);
    const code = await lastCode(phone);
    expect((await confirm(phone, code)).status).toBe(200);
    expect((await confirm(phone, code)).status).toBe(422);
  });

  it('binds a code to its phone', async () => {
    const phone = freshPhone();
    await send(phone);
    expect((await confirm(freshPhone(), await lastCode(phone))).status).toBe(422);
  });

  it('lets a code live 10 minutes', async () => {
    const phone = freshPhone();
    await send(phone);
    const code = await lastCode(phone);
    t.clock.advance(otpRules.lifetimeMinutes * 60_000 + 1_000);
    const answer = await confirm(phone, code);
    expect(answer.status).toBe(422);
    expect(await answer.json()).toMatchObject({ error: { error_code: 'code_expired', message: 'Código vencido' } });
  });

  it('keeps a code alive through 5 wrong checks', async () => {
    const phone = freshPhone();
    await send(phone);
    const code = await lastCode(phone);
    for (let attempt = 0; attempt < otpRules.checksPerCode - 1; attempt++) await confirm(phone, wrongOf(code));
    expect((await confirm(phone, code)).status).toBe(200);
  });

  it('kills a code at the 6th wrong check', async () => {
    const phone = freshPhone();
    await send(phone);
    const code = await lastCode(phone);
    for (let attempt = 0; attempt < otpRules.checksPerCode; attempt++) await confirm(phone, wrongOf(code));
    expect(await errorCode(await confirm(phone, code))).toBe('code_killed');
  });

  it('answers a wrong code in the language the request asks for', async () => {
    const phone = freshPhone();
    await send(phone);
    const answer = await confirm(phone, wrongOf(await lastCode(phone)), t, { 'Accept-Language': 'en-US,en;q=0.9' });
    expect(await answer.json()).toMatchObject({ error: { error_code: 'code_wrong', message: 'Wrong code' } });
  });
});

describe('checks sent at the same moment (spec §9: the 6th wrong check kills)', { timeout: 60_000 }, () => {
  it('compares at most 6 of 200 wrong checks sent at once, and the real code no longer signs in', async () => {
    const phone = freshPhone();
    await send(phone, unlimited);
    const code = await lastCode(phone, unlimited);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) => confirm(phone, wrongOf(code, 1 + (index % 9_000)), unlimited)),
    );
    const codes = await Promise.all(answers.map(errorCode));
    expect(codes.filter((answer) => answer === 'code_wrong').length).toBeLessThanOrEqual(otpRules.checksPerCode - 1);
    expect(codes.every((answer) => answer === 'code_wrong' || answer === 'code_killed')).toBe(true);
    expect((await confirm(phone, code, unlimited)).status).toBe(422);
  });

  it('lets no burst of 1,000 distinct guesses sent at once compare more than 6', async () => {
    const phone = freshPhone();
    await send(phone, unlimited);
    const code = await lastCode(phone, unlimited);
    const answers = await Promise.all(
      Array.from({ length: 1_000 }, (_, index) => confirm(phone, wrongOf(code, index + 1), unlimited)),
    );
    const codes = await Promise.all(answers.map(errorCode));
    expect(answers.some((answer) => answer.status === 200)).toBe(false);
    expect(codes.filter((answer) => answer === 'code_wrong').length).toBeLessThanOrEqual(otpRules.checksPerCode - 1);
    expect((await confirm(phone, code, unlimited)).status).toBe(422);
  });

  it('lets at most 10 of 200 checks for one number sent at once through the per-number limit', async () => {
    const phone = freshPhone();
    await send(phone);
    const code = await lastCode(phone);
    const answers = await Promise.all(Array.from({ length: 200 }, () => confirm(phone, wrongOf(code))));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 429).length).toBe(rateLimits.codeConfirmsPerPhone.points);
    expect(Number(answers.find((answer) => answer.status === 429)?.headers.get('Retry-After'))).toBeGreaterThan(0);
  });
});

// Some of these start a server of their own, with a fresh database.
describe('sign-in limits (README "Rules it keeps")', { timeout: 60_000 }, () => {
  it('refuses a 6th send to one number within 10 minutes with 429, Retry-After and an error object', async () => {
    const phone = freshPhone();
    for (let sent = 0; sent < rateLimits.codeSendsPerPhone.points; sent++) expect((await send(phone)).status).toBe(204);
    const refused = await send(phone);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('Retry-After'))).toBeLessThanOrEqual(rateLimits.codeSendsPerPhone.windowSeconds);
    expect(await refused.json()).toMatchObject({ error: { error_code: 'too_many_requests' } });
  });

  it('sends again once the window has passed', async () => {
    const short = await startTestServer(undefined, undefined, undefined, {
      rateLimits: { codeSendsPerPhone: { points: 1, windowSeconds: 1 } },
    });
    try {
      const phone = freshPhone();
      expect((await send(phone, short)).status).toBe(204);
      expect((await send(phone, short)).status).toBe(429);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect((await send(phone, short)).status).toBe(204);
    } finally {
      await short.close();
    }
  });

  it('refuses sends from one address past its own limit, whatever the number', async () => {
    const from = { 'X-Forwarded-For': freshAddress() };
    const statuses: number[] = [];
    for (let sent = 0; sent <= rateLimits.codeSendsPerAddress.points; sent++) {
      statuses.push((await send(freshPhone(), t, from)).status);
    }
    expect(statuses.slice(0, -1).every((status) => status === 204)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('refuses checks from one address past its own limit, whatever the number', async () => {
    const from = { 'X-Forwarded-For': freshAddress() };
    const answers = await Promise.all(
      Array.from({ length: rateLimits.codeConfirmsPerAddress.points + 20 }, () =>
        confirm(freshPhone(), '0000', t, from),
      ),
    );
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(20);
    expect(Number(refused[0]?.headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  it('believes X-Forwarded-For only from a trusted proxy: a client cannot pick a new address per request', async () => {
    const direct = await startTestServer(undefined, undefined, undefined, {
      trustProxy: [],
      rateLimits: { codeSendsPerAddress: { points: 2, windowSeconds: 600 } },
    });
    try {
      const statuses = [];
      for (let sent = 0; sent < 3; sent++) statuses.push((await send(freshPhone(), direct)).status);
      expect(statuses).toEqual([204, 204, 429]);
    } finally {
      await direct.close();
    }
  });
});

describe('the lock (README "Rules it keeps": 100 wrong checks lock a number for 60 minutes)', {
  timeout: 30_000,
}, () => {
  /** Wrong checks of live codes, a new code every 6, until the number has `count` failures. */
  async function failLiveChecks(phone: string, count: number) {
    for (let failed = 0; failed < count; ) {
      await send(phone, unlimited);
      const code = await lastCode(phone, unlimited);
      for (let check = 0; check < otpRules.checksPerCode && failed < count; check++, failed++) {
        await confirm(phone, wrongOf(code, check + 1), unlimited);
      }
    }
  }

  it('never counts checks against no live code: 100 of them for a number never sent a code lock nothing', async () => {
    const phone = freshPhone();
    for (let check = 0; check < otpRules.failuresThatLock; check++) {
      expect(await errorCode(await confirm(phone, wrongOf('0000', check), unlimited))).toBe('code_expired');
    }
    expect((await send(phone, unlimited)).status).toBe(204);
  });

  it('locks a number after 100 consecutive wrong checks of live codes, and says when to try again', async () => {
    const phone = freshPhone();
    await failLiveChecks(phone, otpRules.failuresThatLock);
    const locked = await send(phone, unlimited);
    expect(locked.status).toBe(423);
    expect(Number(locked.headers.get('Retry-After'))).toBe(otpRules.lockMinutes * 60);
    expect(await locked.json()).toMatchObject({ error: { error_code: 'phone_locked' } });
  });

  it('lifts the lock by itself after 60 minutes', async () => {
    const phone = freshPhone();
    await failLiveChecks(phone, otpRules.failuresThatLock);
    unlimited.clock.advance(otpRules.lockMinutes * 60_000 - 5_000);
    expect((await send(phone, unlimited)).status).toBe(423);
    unlimited.clock.advance(10_000);
    expect((await send(phone, unlimited)).status).toBe(204);
  });

  it('lets an operator lift the lock sooner', async () => {
    const phone = freshPhone();
    await failLiveChecks(phone, otpRules.failuresThatLock);
    await unlimited.dev('/phones/unlock', { phone: `+52${phone}` });
    expect((await send(phone, unlimited)).status).toBe(204);
  });
});
