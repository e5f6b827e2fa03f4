import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freshAddress, startTestServer, type TestServer } from '../testing/harness.ts';
import { otpRules } from './otp.ts';

/**
 * Issue 32 point 2 (spec §9: a 4-digit code): over 7 simulated days, the best attack the limits allow,
 * from as many addresses as it likes, gets at most 300 wrong guesses compared with one number's codes
 * (≤ 3% of 10,000). The clock is faked (Date, which the server's clock and the rate limits' windows
 * read): no real waiting.
 */
const days = 7;
const target = 300;

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
}, 60_000);
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

const phone = '5544332211';

const post = (path: string, body: unknown) =>
  fetch(`${t.url}/api/${path}`, {
    method: 'POST',
    body: JSON.stringify({ phone, countries: '+52', ...(body as object) }),
    // Every request from an address of its own: the per-address limits never stand in its way.
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': freshAddress() },
  });

/** What the stranger cannot see: read only so that no guess is right by chance (a right one ends the test). */
async function texted(): Promise<string> {
  const answer = await fetch(`${t.url}/__dev/sms?phone=%2B52${phone}`);
  return ((await answer.json()) as { messages: { code: string }[] }).messages[0]?.code ?? '';
}

let nextGuess = 0;
/** The next guess in order, skipping the real code. */
function guessBeside(code: string): string {
  let guess = String(nextGuess++ % 10_000).padStart(4, '0');
  if (guess === code) guess = String(nextGuess++ % 10_000).padStart(4, '0');
  return guess;
}

/** Guesses until the server stops comparing: answers how many it answered code_wrong or code_killed. */
async function guessUntilRefused(code: string, challenge?: string) {
  for (let tries = 0; tries < 50; tries++) {
    const answer = await post('community_members/confirm', {
      verify_code: guessBeside(code),
      ...(challenge === undefined ? {} : { challenge }),
    });
    const { error } = (await answer.json()) as { error: { error_code: string } };
    if (error.error_code !== 'code_wrong') return;
  }
  throw new Error('the server kept comparing guesses');
}

/** Wrong guesses compared with the number's codes, as the server counted them (it compares each once). */
async function comparedGuesses(): Promise<number> {
  const { rows } = await sql<{ compared: string }>`
    select coalesce(sum(checks + open_checks), 0) as compared from otp_codes where phone = ${phone}
  `.execute(t.server.deps.db);
  return Number(rows[0]?.compared ?? 0);
}

describe('issue 32 point 2: guessing at one number is bounded per day', () => {
  it(`compares at most ${target} wrong guesses in ${days} simulated days of the best attack the limits allow`, {
    timeout: 600_000,
  }, async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const end = Date.now() + days * 86_400_000;
    let codes = 0;
    while (Date.now() < end) {
      // Checks against no live code, or with a challenge of nobody's send: they must count toward nothing.
      await post('community_members/confirm', { verify_code: '0000' });
      await post('community_members/confirm', { verify_code: '0000', challenge: `forged-${Date.now()}` });
      const sent = await post('community_members', {});
      if (sent.status !== 200) {
        // Back as soon as the server says a send may pass, not a second later.
        const wait = Number(sent.headers.get('Retry-After') ?? 60);
        vi.setSystemTime(Math.min(end, Date.now() + wait * 1_000));
        continue;
      }
      codes++;
      const { challenge } = (await sent.json()) as { challenge?: string };
      const code = await texted();
      // Every guess the server compares: without a challenge (the number's newest code), then with its own.
      await guessUntilRefused(code);
      if (challenge) await guessUntilRefused(code, challenge);
    }
    const compared = await comparedGuesses();
    console.info(
      `issue 32 point 2: ${compared} wrong guesses compared for one number in ${days} simulated days ` +
        `(${codes} codes sent; target ≤ ${target})`,
    );
    expect(compared).toBeLessThanOrEqual(target);
    expect(compared).toBe(codes * (otpRules.checksPerCode + otpRules.openChecksPerCode));
  });
});
