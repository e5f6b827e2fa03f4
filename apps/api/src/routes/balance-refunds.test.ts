import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../http/rate-limits.ts';
import { ask, bankClabe, memberName, namedMember, planOf, refundKey } from '../testing/balance-refunds.ts';
import { startTestServer, type TestServer } from '../testing/harness.ts';

/* Issue 37 point 4: the balance refund calls, as a client meets them (PGlite and PostgreSQL). */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const codeOf = (answer: { ok: boolean; error?: { status: number | null; error_code: unknown } }) =>
  answer.ok ? null : `${answer.error?.status} ${answer.error?.error_code}`;

describe("issue 37 point 4: a member's balance refunds are theirs alone", () => {
  it("answers 404 for another member's plan, list and request", async () => {
    const who = await namedMember(t, 100);
    const other = await namedMember(t, 100);
    const api = t.api(who.token);

    const answers = await Promise.all([
      api.balanceRefunds.plan(other.id, { currency: 'MXN' }),
      api.balanceRefunds.list(other.id),
      api.balanceRefunds.create(other.id, { currency: 'MXN' }, { idempotencyKey: refundKey() }),
    ]);

    expect(answers.map(codeOf)).toEqual(['404 not_found', '404 not_found', '404 not_found']);
  });

  it("never lists another member's refund", async () => {
    const who = await namedMember(t, 100);
    const other = await namedMember(t, 100);
    await ask(t, other, { amount: 20 });

    const listed = await t.api(who.token).balanceRefunds.list(who.id);

    expect(listed.ok && listed.value.balance_refunds).toEqual([]);
  });
});

describe('issue 37 point 4: why a refund is refused (422)', () => {
  it.each([
    ['no CLABE for a SPEI part', { clabe: undefined }, '422 clabe_needed'],
    ['a CLABE whose check digit fails', { clabe: '012180123456789017' }, '422 clabe_invalid'],
    ["a CLABE in someone else's name", { holder_name: 'Luis Pérez' }, '422 clabe_not_members'],
    ['a Vendo CLABE (bank 999)', { clabe: '999180000000000015' }, '422 clabe_own_vendo'],
    ['more than the balance', { amount: 100.01 }, '422 above_refundable'],
    ['less than 10.00', { amount: 9.99 }, '422 below_minimum'],
  ] as const)('%s', async (_, body, expected) => {
    const who = await namedMember(t, 100);

    const answer = await ask(t, who, body);

    expect(codeOf(answer)).toBe(expected);
  });

  it('refuses a member with nothing to give back, and holds nothing', async () => {
    const who = await namedMember(t);

    const answer = await ask(t, who);

    expect(codeOf(answer)).toBe('422 nothing_to_refund');
    expect((await planOf(t, who)).refundable).toBe(0);
  });

  it('accepts the holder name without accents, in capitals', async () => {
    const who = await namedMember(t, 100);

    const answer = await ask(t, who, {
      clabe: bankClabe,
      holder_name: memberName.toUpperCase().replace('ó', 'O').replace('ú', 'U'),
    });

    expect(answer.ok && answer.value.balance_refund.amount).toBe(100);
  });
});

describe('issue 37 point 4: limits', () => {
  it(`answers 429 past ${rateLimits.balanceRefundPlanReadsPerMember.points} plan reads in 10 minutes`, async () => {
    const who = await namedMember(t);
    const api = t.api(who.token);
    for (let read = 0; read < rateLimits.balanceRefundPlanReadsPerMember.points; read++) {
      await api.balanceRefunds.plan(who.id, { currency: 'MXN' });
    }

    const refused = await api.balanceRefunds.plan(who.id, { currency: 'MXN' });

    expect(refused.ok || refused.error.status).toBe(429);
  });

  it(`answers 429 past ${rateLimits.balanceRefundRequestsPerMember.points} requests an hour, refused ones included`, async () => {
    const who = await namedMember(t);
    for (let made = 0; made < rateLimits.balanceRefundRequestsPerMember.points; made++) await ask(t, who);

    const refused = await ask(t, who);

    expect(refused.ok || refused.error.status).toBe(429);
  });

  it(`answers 429 past ${rateLimits.balanceRefundReadsPerMember.points} list reads in 10 minutes`, async () => {
    const who = await namedMember(t);
    const api = t.api(who.token);
    for (let read = 0; read < rateLimits.balanceRefundReadsPerMember.points; read++) {
      await api.balanceRefunds.list(who.id);
    }

    const refused = await api.balanceRefunds.list(who.id);

    expect(refused.ok || refused.error.status).toBe(429);
  });
});
