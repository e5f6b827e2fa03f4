import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { pendingListRules } from './pending-top-ups.ts';
import { referenceStores } from './store-payments.ts';

// Issue 37 point 1: a member finds their store references again ("Pagos pendientes"), and the balance shows
// what those still payable will credit. On PGlite, and on PostgreSQL with VENDO_TEST_DATABASE_URL.

const reads = 6;
let t: TestServer;

beforeAll(async () => {
  t = await startTestServer(undefined, undefined, undefined, {
    rateLimits: { pendingTopUpReadsPerMember: { points: reads, windowSeconds: 600 } },
  });
});
afterAll(() => t.close());

const day = 86_400_000;
let phones = 5539000000;
let keys = 0;
const member = () => t.member(`+52${phones++}`);

async function issue(who: { id: number; token: string }, amount: number) {
  const started = await t
    .api(who.token)
    .topUps.byReference(who.id, { amount, currency: 'MXN' }, { idempotencyKey: `pending-${keys++}` });
  if (!started.ok) throw new Error(started.error.message ?? started.error.kind);
  return started.value.payment_reference.reference.replace(/\s/g, '');
}

async function listed(who: { id: number; token: string }) {
  const read = await t.api(who.token).topUps.pending(who.id);
  if (!read.ok) throw new Error(read.error.message ?? read.error.kind);
  return read.value.pending_top_ups;
}

async function balance(who: { id: number; token: string }) {
  const read = await t.api(who.token).balances.list(who.id);
  if (!read.ok) throw new Error(read.error.message ?? read.error.kind);
  return read.value.balances[0];
}

describe('issue 37 point 1: the member’s references, newest first', () => {
  it('lists a pending, a credited and an expired one, each with where to pay and until when', async () => {
    const who = await member();
    const credited = await issue(who, 100);
    t.clock.advance(1_000);
    const expired = await issue(who, 60);
    t.clock.advance(1_000);
    const pending = await issue(who, 50);
    await t.dev(`/references/${credited}/pay`, {});
    await t.dev(`/references/${expired}/expire`, {});

    const list = await listed(who);

    expect(list.map((one) => [one.reference.replace(/\s/g, ''), one.status, one.amount])).toEqual([
      [pending, 'pending', 50],
      [expired, 'expired', 60],
      [credited, 'credited', 100],
    ]);
    expect(list[0]).toMatchObject({
      reference: pending.replace(/(\d{4})(?=\d)/g, '$1 '),
      currency: 'MXN',
      credited_at: null,
      stores: [...referenceStores],
      instructions_url: `${t.url}/provider/references/${pending}`,
    });
    expect(Date.parse(list[0]?.expires_at ?? '') - Date.parse(list[0]?.created_at ?? '')).toBe(72 * 3_600_000);
    expect(list[2]?.credited_at).not.toBeNull();
  });

  it('reads a pending reference past its expiry as expired, before any payment marks it', async () => {
    const who = await member();
    await issue(who, 100);

    t.clock.advance(72 * 3_600_000);

    expect((await listed(who)).map((one) => one.status)).toEqual(['expired']);
  });

  it(`keeps expired and credited ones ${pendingListRules.keptDays} days, then leaves them out`, async () => {
    const who = await member();
    await t.dev(`/references/${await issue(who, 100)}/pay`, {});
    await t.dev(`/references/${await issue(who, 70)}/expire`, {});

    t.clock.advance(pendingListRules.keptDays * day - 60_000);
    const within = await listed(who);
    t.clock.advance(120_000);
    const after = await listed(who);

    expect(within.map((one) => one.status)).toEqual(['expired', 'credited']);
    expect(after).toEqual([]);
  });

  it("refuses another member's references", async () => {
    const owner = await member();
    const stranger = await member();
    await issue(owner, 100);

    const read = await t.api(stranger.token).topUps.pending(owner.id);

    expect(read.ok).toBe(false);
    expect([403, 404]).toContain(!read.ok && read.error.status);
  });

  it(`answers ${reads} reads a member in 10 minutes, then 429`, async () => {
    const who = await member();
    for (let read = 0; read < reads; read++) await listed(who);

    const over = await t.api(who.token).topUps.pending(who.id);

    expect(!over.ok && over.error.status).toBe(429);
  });
});

describe('issue 37 point 1: the balance shows what references still payable will credit', () => {
  it('adds the pending ones of the currency, and none once paid or expired', async () => {
    const who = await member();
    const first = await issue(who, 100);
    const second = await issue(who, 50);
    const before = await balance(who);

    await t.dev(`/references/${first}/pay`, {});
    const paid = await balance(who);
    await t.dev(`/references/${second}/expire`, {});
    const expired = await balance(who);

    expect(before).toMatchObject({ amount: 0, currency: 'MXN', pending: 150 });
    expect(paid).toMatchObject({ amount: 100, pending: 50 });
    expect(expired).toEqual({ amount: 100, currency: 'MXN' });
  });

  it('says nothing of pending for a member with no reference', async () => {
    expect(await balance(await member())).toEqual({ amount: 0, currency: 'MXN' });
  });
});

describe('issue 37 point 1: a member read brings the references credited in the last day', () => {
  async function read(who: { id: number; token: string }) {
    const answer = await t.api(who.token).members.get(who.id);
    if (!answer.ok) throw new Error(answer.error.message ?? answer.error.kind);
    return answer.value.community_member.credited_references;
  }

  it('lists a credited reference with its amount, and never a pending or expired one', async () => {
    const who = await member();
    const paid = await issue(who, 100);
    await t.dev(`/references/${await issue(who, 60)}/expire`, {});
    await issue(who, 50);

    await t.dev(`/references/${paid}/pay`, {});
    const news = await read(who);

    expect(news?.map((one) => [one.reference.replace(/\s/g, ''), one.amount, one.currency])).toEqual([
      [paid, 100, 'MXN'],
    ]);
  });

  it('is no news 24 hours after the credit', async () => {
    const who = await member();
    await t.dev(`/references/${await issue(who, 100)}/pay`, {});

    t.clock.advance(24 * 3_600_000 - 60_000);
    const within = await read(who);
    t.clock.advance(120_000);
    const after = await read(who);

    expect(within).toHaveLength(1);
    expect(after).toEqual([]);
  });
});
