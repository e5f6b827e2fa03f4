import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpRules } from './services/otp.ts';
import { startTestServer, type TestServer } from './testing/harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

let next = 5520000000;
/** Every test its own phone, so limits never leak between tests. */
const freshPhone = () => String(next++);

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${t.url}/api/${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', ...headers },
  });

async function lastCode(phone: string): Promise<string> {
  const outbox = (await (await fetch(`${t.url}/__dev/sms?phone=${encodeURIComponent(`+52${phone}`)}`)).json()) as {
    messages: { code: string }[];
  };
  return outbox.messages[0]?.code ?? '';
}

const send = (phone: string) => post('community_members', { phone, countries: '+52' });
const confirm = (phone: string, verify_code: string, countries = '+52') =>
  post('community_members/confirm', { phone, countries, verify_code });
const wrongOf = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

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
    for (let attempt = 0; attempt < otpRules.wrongChecksThatKill - 1; attempt++) await confirm(phone, wrongOf(code));
    expect((await confirm(phone, code)).status).toBe(200);
  });

  it('kills a code at the 6th wrong check', async () => {
    const phone = freshPhone();
    await send(phone);
    const code = await lastCode(phone);
    for (let attempt = 0; attempt < otpRules.wrongChecksThatKill; attempt++) await confirm(phone, wrongOf(code));
    const answer = await confirm(phone, code);
    expect(await answer.json()).toMatchObject({ error: { error_code: 'code_killed' } });
  });

  it('answers a wrong code in the language the request asks for', async () => {
    const phone = freshPhone();
    await send(phone);
    const answer = await post(
      'community_members/confirm',
      { phone, countries: '+52', verify_code: wrongOf(await lastCode(phone)) },
      { 'Accept-Language': 'en-US,en;q=0.9' },
    );
    expect(await answer.json()).toMatchObject({ error: { error_code: 'code_wrong', message: 'Wrong code' } });
  });
});

describe('sign-in limits', () => {
  it('refuses a 6th send to one number within 10 minutes with 429, Retry-After and an error object', async () => {
    const phone = freshPhone();
    for (let sent = 0; sent < otpRules.sendsPerPhone; sent++) expect((await send(phone)).status).toBe(204);
    const refused = await send(phone);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ error: { error_code: 'too_many_requests' } });
  });

  it('sends again once the 10-minute window has passed', async () => {
    const phone = freshPhone();
    for (let sent = 0; sent < otpRules.sendsPerPhone; sent++) await send(phone);
    t.clock.advance(otpRules.windowMinutes * 60_000 + 1_000);
    expect((await send(phone)).status).toBe(204);
  });

  it('locks a number after 100 consecutive failures until an operator unlocks it', async () => {
    const phone = freshPhone();
    await send(phone);
    for (let failure = 0; failure < otpRules.failuresThatLock; failure++) await confirm(phone, '0000');
    const locked = await send(phone);
    expect(locked.status).toBe(423);
    expect(await locked.json()).toMatchObject({ error: { error_code: 'phone_locked' } });
    t.clock.advance(24 * 3_600_000);
    expect((await send(phone)).status).toBe(423);
    await t.dev('/phones/unlock', { phone: `+52${phone}` });
    expect((await send(phone)).status).toBe(204);
  });

  it('refuses sends from one address past its own limit', async () => {
    t.clock.advance(otpRules.windowMinutes * 60_000 + 1_000);
    const statuses: number[] = [];
    for (let sent = 0; sent <= otpRules.sendsPerIp; sent++) statuses.push((await send(freshPhone())).status);
    expect(statuses.slice(0, otpRules.sendsPerIp).every((status) => status === 204)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
