import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { rateLimits } from '../http/rate-limits.ts';
import { freshAddress, startTestServer, type TestServer } from '../testing/harness.ts';
import { otpRules } from './otp.ts';

let t: TestServer;
/** The same API with the per-number and per-address limits lifted, to show what the code rules alone hold. */
let unlimited: TestServer;
const lifted = { points: 100_000, windowSeconds: 600 };

// Two servers, each with a fresh database to create.
beforeAll(async () => {
  t = await startTestServer();
  unlimited = await startTestServer(undefined, undefined, undefined, {
    rateLimits: {
      codeSendsPerPhone: lifted,
      codeSendsPerPhonePerDay: lifted,
      codeConfirmsPerAddress: lifted,
      codeSendsPerAddress: lifted,
    },
  });
}, 120_000);
afterAll(() => Promise.all([t.close(), unlimited.close()]));
afterEach(() => {
  vi.useRealTimers();
});

let next = 5520000000;
/** Every test its own phone, so limits never leak between tests. */
const freshPhone = () => String(next++);

/** Each request from a client address of its own, unless told otherwise: a stranger has as many as it likes. */
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
/** Asks for a code as the app does: answers the challenge to send back with it, and the code texted. */
async function ask(phone: string, server = t): Promise<{ challenge: string; code: string }> {
  const answer = await send(phone, server);
  expect(answer.status).toBe(200);
  const { challenge } = (await answer.json()) as { challenge: string };
  return { challenge, code: await lastCode(phone, server) };
}
const confirm = (
  phone: string,
  verify_code: string,
  options: { server?: TestServer; challenge?: string; headers?: Record<string, string> } = {},
) =>
  post(
    options.server ?? t,
    'community_members/confirm',
    {
      phone,
      countries: '+52',
      verify_code,
      ...(options.challenge === undefined ? {} : { challenge: options.challenge }),
    },
    options.headers,
  );
const wrongOf = (code: string, step = 1) => String((Number(code) + step) % 10_000).padStart(4, '0');
/** `count` distinct guesses, none of them one of `codes`: a guess right by chance would prove nothing. */
const wrongGuesses = (count: number, codes: string[]) =>
  Array.from({ length: 10_000 }, (_, value) => String(value).padStart(4, '0'))
    .filter((guess) => !codes.includes(guess))
    .slice(0, count);
const errorCode = async (response: Response) =>
  ((await response.json()) as { error: { error_code: string } }).error.error_code;

/** Date, and with it the server's clock and the rate limits' windows, moved forward without waiting. */
function frozenTime() {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  return (ms: number) => vi.setSystemTime(Date.now() + ms);
}

describe('sign-in codes (spec §5, §9: 4 digits)', () => {
  it('texts a 4-digit code and answers the challenge of its send (issue 32 points 1, 2)', async () => {
    const phone = freshPhone();
    const answer = await send(phone);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ challenge: expect.stringMatching(/^[\w-]{43}$/) });
    expect(await lastCode(phone)).toMatch(/^\d{4}$/);
  });

  it('answers a known and an unknown number the same way', async () => {
    const known = await send('5587654321');
    const unknown = await send(freshPhone());
    const shape = async (answer: Response) => [answer.status, Object.keys((await answer.json()) as object)];
    expect(await shape(known)).toEqual(await shape(unknown));
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
    const { challenge, code } = await ask(phone);
    expect((await confirm(phone, code, { challenge })).status).toBe(200);
    expect((await confirm(phone, code, { challenge })).status).toBe(422);
  });

  it('binds a code to its phone', async () => {
    const phone = freshPhone();
    const { challenge, code } = await ask(phone);
    expect((await confirm(freshPhone(), code, { challenge })).status).toBe(422);
  });

  it('binds a code to its challenge: another send of the same number does not take it', async () => {
    const phone = freshPhone();
    const first = await ask(phone);
    const second = await ask(phone);
    expect(await errorCode(await confirm(phone, first.code, { challenge: second.challenge }))).toBe('code_wrong');
    expect((await confirm(phone, first.code, { challenge: first.challenge })).status).toBe(200);
  });

  it('lets a code live 10 minutes', async () => {
    const phone = freshPhone();
    const { challenge, code } = await ask(phone);
    t.clock.advance(otpRules.lifetimeMinutes * 60_000 + 1_000);
    const answer = await confirm(phone, code, { challenge });
    expect(answer.status).toBe(422);
    expect(await answer.json()).toMatchObject({ error: { error_code: 'code_expired', message: 'Código vencido' } });
  });

  it('keeps a code alive through 4 wrong checks', async () => {
    const phone = freshPhone();
    const { challenge, code } = await ask(phone);
    for (let attempt = 0; attempt < otpRules.checksPerCode - 1; attempt++) {
      expect(await errorCode(await confirm(phone, wrongOf(code), { challenge }))).toBe('code_wrong');
    }
    expect((await confirm(phone, code, { challenge })).status).toBe(200);
  });

  it('kills a code at the 5th wrong check (issue 32 point 2)', async () => {
    const phone = freshPhone();
    const { challenge, code } = await ask(phone);
    for (let attempt = 0; attempt < otpRules.checksPerCode; attempt++)
      await confirm(phone, wrongOf(code), { challenge });
    expect(await errorCode(await confirm(phone, code, { challenge }))).toBe('code_killed');
  });

  it('answers a wrong code in the language the request asks for', async () => {
    const phone = freshPhone();
    const { challenge, code } = await ask(phone);
    const answer = await confirm(phone, wrongOf(code), {
      challenge,
      headers: { 'Accept-Language': 'en-US,en;q=0.9' },
    });
    expect(await answer.json()).toMatchObject({ error: { error_code: 'code_wrong', message: 'Wrong code' } });
  });
});

describe("checks without a challenge: another provider's app (issue 32 points 1, 2)", () => {
  it("compares them with the number's newest code, as before", async () => {
    const phone = freshPhone();
    await ask(phone);
    const { code } = await ask(phone);
    expect((await confirm(phone, code)).status).toBe(200);
  });

  it('compares at most 3 of them with one code, and never kills it for the app that holds its challenge', async () => {
    const phone = freshPhone();
    const { challenge, code } = await ask(phone);
    const answers = [];
    for (let check = 0; check <= otpRules.openChecksPerCode; check++) {
      answers.push(await errorCode(await confirm(phone, wrongOf(code, check + 1))));
    }
    expect(answers).toEqual(['code_wrong', 'code_wrong', 'code_killed', 'code_killed']);
    expect(await errorCode(await confirm(phone, code))).toBe('code_killed');
    expect((await confirm(phone, code, { challenge })).status).toBe(200);
  });
});

describe("issue 32 point 1: a stranger who cannot read the texts never makes the owner's right code fail", {
  timeout: 60_000,
}, () => {
  it('counts checks for a number with no live code toward nothing: the member then signs in at once', async () => {
    const phone = freshPhone();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) => confirm(phone, wrongOf('0000', index))),
    );
    expect(new Set(await Promise.all(answers.map(errorCode)))).toEqual(new Set(['code_expired']));

    const { challenge, code } = await ask(phone);

    expect((await confirm(phone, code, { challenge })).status).toBe(200);
  });

  it('lets the owner sign in through any number of checks, with or without challenges, from any number of addresses', async () => {
    const phone = freshPhone();
    // The stranger asks for codes of its own (as many as the number's limit leaves) and guesses at everything;
    // the owner's is the newest, the one checks without a challenge reach.
    const strangers = [await ask(phone), await ask(phone)];
    const owner = await ask(phone);
    const wrong = wrongGuesses(
      100,
      [owner, ...strangers].map(({ code }) => code),
    );
    const guesses = [
      ...wrong.map((guess) => confirm(phone, guess)),
      ...wrong.map((guess, index) => confirm(phone, guess, { challenge: `forged-${index}` })),
      ...strangers.flatMap(({ challenge, code }) =>
        Array.from({ length: 20 }, (_, index) => confirm(phone, wrongOf(code, index + 1), { challenge })),
      ),
    ];
    const answers = await Promise.all(guesses);
    expect(answers.some((answer) => answer.status === 200)).toBe(false);

    const signIn = await confirm(phone, owner.code, { challenge: owner.challenge });

    expect(signIn.status).toBe(200);
  });

  it("lets the owner sign in after a stranger's sends to the number: a new code leaves the owner's alive", async () => {
    const phone = freshPhone();
    const owner = await ask(phone);
    await send(phone);
    await send(phone);
    expect((await confirm(phone, owner.code, { challenge: owner.challenge })).status).toBe(200);
  });

  it("ends the number's other codes once the owner signs in", async () => {
    const phone = freshPhone();
    const stranger = await ask(phone);
    const owner = await ask(phone);
    await confirm(phone, owner.code, { challenge: owner.challenge });
    expect(await errorCode(await confirm(phone, stranger.code, { challenge: stranger.challenge }))).toBe('code_killed');
  });
});

describe('checks sent at the same moment (issue 32 point 2: a code dies at its 5th wrong check)', {
  timeout: 60_000,
}, () => {
  it('compares at most 5 of 200 wrong checks naming one challenge sent at once, and the real code no longer signs in', async () => {
    const phone = freshPhone();
    const { challenge, code } = await ask(phone, unlimited);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        confirm(phone, wrongOf(code, 1 + (index % 9_000)), { server: unlimited, challenge }),
      ),
    );
    const codes = await Promise.all(answers.map(errorCode));
    expect(codes.filter((answer) => answer === 'code_wrong').length).toBeLessThanOrEqual(otpRules.checksPerCode - 1);
    expect(codes.every((answer) => answer === 'code_wrong' || answer === 'code_killed')).toBe(true);
    expect((await confirm(phone, code, { server: unlimited, challenge })).status).toBe(422);
  });

  it('lets no burst of 1,000 distinct guesses without a challenge compare more than 3, and the owner still signs in', async () => {
    const phone = freshPhone();
    const { challenge, code } = await ask(phone, unlimited);
    const answers = await Promise.all(
      Array.from({ length: 1_000 }, (_, index) => confirm(phone, wrongOf(code, index + 1), { server: unlimited })),
    );
    const codes = await Promise.all(answers.map(errorCode));
    expect(answers.some((answer) => answer.status === 200)).toBe(false);
    expect(codes.filter((answer) => answer === 'code_wrong').length).toBeLessThanOrEqual(
      otpRules.openChecksPerCode - 1,
    );
    expect((await confirm(phone, code, { server: unlimited, challenge })).status).toBe(200);
  });
});

// Some of these start a server of their own, with a fresh database.
describe('sign-in limits ("Rules it keeps" (docs/reference-api.md))', { timeout: 60_000 }, () => {
  it('refuses a 4th send to one number within 10 minutes with 429, Retry-After and an error object', async () => {
    const phone = freshPhone();
    for (let sent = 0; sent < rateLimits.codeSendsPerPhone.points; sent++) expect((await send(phone)).status).toBe(200);
    const refused = await send(phone);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('Retry-After'))).toBeLessThanOrEqual(rateLimits.codeSendsPerPhone.windowSeconds);
    expect(await refused.json()).toMatchObject({ error: { error_code: 'too_many_requests' } });
  });

  it('sends again once the window has passed', async () => {
    const advance = frozenTime();
    const phone = freshPhone();
    for (let sent = 0; sent < rateLimits.codeSendsPerPhone.points; sent++) await send(phone);
    expect((await send(phone)).status).toBe(429);
    advance(rateLimits.codeSendsPerPhone.windowSeconds * 1_000 + 1_000);
    expect((await send(phone)).status).toBe(200);
  });

  it('refuses a 6th code to one number within a day, whatever the 10-minute windows (issue 32 point 2)', async () => {
    const advance = frozenTime();
    const phone = freshPhone();
    const statuses = [];
    for (let sent = 0; sent <= rateLimits.codeSendsPerPhonePerDay.points; sent++) {
      statuses.push((await send(phone)).status);
      advance(rateLimits.codeSendsPerPhone.windowSeconds * 1_000 + 1_000);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("lets an operator lift a number's limits sooner, for a member whose codes a stranger used up", async () => {
    const phone = freshPhone();
    for (let sent = 0; sent < rateLimits.codeSendsPerPhone.points; sent++) await send(phone);
    expect((await send(phone)).status).toBe(429);
    expect(await (await t.dev('/phones/unlock', { phone: `+52${phone}` })).json()).toEqual({ unlocked: true });
    expect((await send(phone)).status).toBe(200);
  });

  it('refuses sends from one address past its own limit, whatever the number', async () => {
    const from = { 'X-Forwarded-For': freshAddress() };
    const statuses: number[] = [];
    for (let sent = 0; sent <= rateLimits.codeSendsPerAddress.points; sent++) {
      statuses.push((await send(freshPhone(), t, from)).status);
    }
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('refuses checks from one address past its own limit, whatever the number', async () => {
    const from = { 'X-Forwarded-For': freshAddress() };
    const answers = await Promise.all(
      Array.from({ length: rateLimits.codeConfirmsPerAddress.points + 20 }, () =>
        confirm(freshPhone(), '0000', { headers: from }),
      ),
    );
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(20);
    expect(Number(refused[0]?.headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  it('believes X-Forwarded-For only from a trusted proxy: a client cannot pick a new address per request', async () => {
    const direct = await startTestServer(undefined, undefined, undefined, {
      trustProxy: [],
      rateLimits: { codeSendsPerAddress: { points: 2, windowSeconds: 600, perAddress: true } },
    });
    try {
      const statuses = [];
      for (let sent = 0; sent < 3; sent++) statuses.push((await send(freshPhone(), direct)).status);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await direct.close();
    }
  });
});
