import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshAddress, startTestServer, type TestServer, testProvider } from '../testing/harness.ts';
import { createRateLimits, type RateLimitName, rateLimits } from './rate-limits.ts';

let t: TestServer;
let demo: number;

beforeAll(async () => {
  t = await startTestServer();
  const found = await t.api().machines.findByName('demo');
  demo = found.ok ? found.value.product_server.id : 0;
});
afterAll(() => t.close());

let phones = 5580000000;
const member = (balance?: number) => t.member(`+52${phones++}`, balance);

/** Sends `count` requests one after another; answers their statuses and the last answer. */
async function repeat(count: number, send: (index: number) => Promise<Response>) {
  const statuses: number[] = [];
  let last: Response | null = null;
  for (let index = 0; index < count; index++) {
    last = await send(index);
    statuses.push(last.status);
    await last.arrayBuffer();
  }
  return { statuses, retryAfter: Number(last?.headers.get('Retry-After')) };
}

const asMember = (who: { token: string }, headers: Record<string, string> = {}) => ({
  'Content-Type': 'application/json',
  Authorization: `Token token=${who.token}`,
  ...headers,
});

describe('every limit answers 429 with Retry-After once spent ("Rules it keeps" (docs/reference-api.md))', () => {
  it('limits cards tokenised from one address (card testing)', async () => {
    const address = freshAddress();
    const { statuses, retryAfter } = await repeat(rateLimits.cardTokensPerAddress.points + 1, () =>
      fetch(`${t.url}/provider/v1/${testProvider.merchantId}/tokens`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Forwarded-For': address,
          Authorization: `Basic ${Buffer.from(`${testProvider.publicKey}:`).toString('base64')}`,
        },
        body: JSON.stringify({
          card_number: '4000000000000002',
          holder_name: 'A',
          expiration_year: '30',
          expiration_month: '12',
          cvv2: '123',
        }),
      }),
    );
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1)).not.toContain(429);
    expect(retryAfter).toBeGreaterThan(0);
  });

  it('limits cards one member adds, counting refused ones', async () => {
    const who = await member();
    const { statuses, retryAfter } = await repeat(rateLimits.cardAddsPerMember.points + 1, () =>
      fetch(`${t.url}/api/community_members/${who.id}/credit_cards`, {
        method: 'POST',
        headers: asMember(who),
        body: JSON.stringify({ token: 'tok_unknown', device_session_id: 'd', holder_name: 'A', brand_name: 'visa' }),
      }),
    );
    expect(statuses.slice(0, -1).every((status) => status === 402)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(retryAfter).toBeGreaterThan(0);
  });

  it('limits top-ups one member asks for', async () => {
    const who = await member();
    const { statuses } = await repeat(rateLimits.topUpsPerMember.points + 1, (index) =>
      fetch(`${t.url}/api/community_members/${who.id}/top_ups/reference`, {
        method: 'POST',
        headers: asMember(who, { 'Idempotency-Key': `limit-top-up-${index}` }),
        body: JSON.stringify({ amount: 100, currency: 'MXN', with_redirect: false }),
      }),
    );
    expect(statuses.slice(0, -1).every((status) => status === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('limits deals one member makes', async () => {
    const who = await member();
    const { statuses } = await repeat(rateLimits.dealsPerMember.points + 1, (index) =>
      fetch(`${t.url}/api/product_servers/${demo}/deals`, {
        method: 'POST',
        headers: asMember(who, { 'Idempotency-Key': `limit-deal-${index}` }),
        body: JSON.stringify({
          user_code: 'nothing',
          sale_type_code: 2,
          origin: 'web',
          any_product: false,
          locale: 'es',
        }),
      }),
    );
    expect(statuses.slice(0, -1).every((status) => status === 422)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('limits problem reports one member sends', async () => {
    const who = await member();
    const { statuses } = await repeat(rateLimits.problemReportsPerMember.points + 1, (index) =>
      fetch(`${t.url}/api/community_members/${who.id}/deals/${900_000 + index}/problem_reports`, {
        method: 'POST',
        headers: asMember(who),
        body: JSON.stringify({ reason: 'not_delivered' }),
      }),
    );
    expect(statuses.slice(0, -1).every((status) => status === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('limits receipts one member reads (issue 35 point 3), found or not', async () => {
    const who = await member();
    const { statuses, retryAfter } = await repeat(rateLimits.receiptsPerMember.points + 1, (index) =>
      fetch(`${t.url}/api/community_members/${who.id}/receipts/${index % 2 ? 'deals' : 'top_ups'}/${900_000 + index}`, {
        headers: asMember(who),
      }),
    );
    expect(statuses.slice(0, -1).every((status) => status === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(retryAfter).toBeGreaterThan(0);
  });

  it('limits statement pages one member reads (issue 35 point 5)', async () => {
    const who = await member();
    const { statuses, retryAfter } = await repeat(rateLimits.statementPagesPerMember.points + 1, (index) =>
      fetch(`${t.url}/api/community_members/${who.id}/statement?page=${(index % 3) + 1}`, { headers: asMember(who) }),
    );
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(retryAfter).toBeGreaterThan(0);
  });

  it('keeps one limit per key: another member is not slowed by the first', async () => {
    const first = await member();
    const second = await member();
    const report = (who: { id: number; token: string }) =>
      fetch(`${t.url}/api/community_members/${who.id}/deals/999999/problem_reports`, {
        method: 'POST',
        headers: asMember(who),
        body: JSON.stringify({ reason: 'other' }),
      });
    await repeat(rateLimits.problemReportsPerMember.points + 1, () => report(first));
    expect((await report(second)).status).toBe(404);
  });
});

describe('issue 32 point 3: every per-address limit counts an IPv6 client by its /64', () => {
  const perAddress = (Object.keys(rateLimits) as RateLimitName[]).filter((name) => 'perAddress' in rateLimits[name]);
  let prefixes = 0;
  /** Address `host` of a /64 no other test uses. */
  const inFreshPrefix = () => {
    prefixes++;
    return (host: number) => `2001:db8:32:${prefixes.toString(16)}::${host.toString(16)}`;
  };

  it.each(perAddress)(
    '%s: a fresh address of the same /64 is refused once the /64 has spent the limit',
    async (name) => {
      const limits = createRateLimits(t.server.deps.db);
      const address = inFreshPrefix();
      for (let host = 1; host <= rateLimits[name].points; host++) await limits.take(name, address(host));

      await expect(limits.take(name, address(rateLimits[name].points + 1))).rejects.toMatchObject({
        status: 429,
        code: 'too_many_requests',
      });
      await expect(limits.take(name, inFreshPrefix()(1))).resolves.toBeUndefined();
    },
  );

  it('over HTTP: code sends from ever new addresses of one /64 stop at the per-address limit', async () => {
    const few = await startTestServer(undefined, undefined, undefined, {
      rateLimits: { codeSendsPerAddress: { ...rateLimits.codeSendsPerAddress, points: 2 } },
    });
    try {
      const address = inFreshPrefix();
      const sendFrom = (from: string) =>
        fetch(`${few.url}/api/community_members`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': from },
          body: JSON.stringify({ phone: `55${String(phones++).slice(-8)}`, countries: '+52' }),
        });
      const statuses = [];
      for (let host = 1; host <= 3; host++) statuses.push((await sendFrom(address(host))).status);
      expect(statuses).toEqual([200, 200, 429]);
      expect((await sendFrom(inFreshPrefix()(1))).status).toBe(200);
    } finally {
      await few.close();
    }
  }, 60_000);
});
