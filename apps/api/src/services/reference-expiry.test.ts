import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { balanceOf } from '../testing/shop.ts';

// Issue 37 point 1: a store reference's expiry is stored as it is issued, from the provider's setting, and a
// reference past it cannot be paid.

const hours = 24;
let t: TestServer;

beforeAll(async () => {
  t = await startTestServer(undefined, undefined, undefined, { referenceHours: hours });
});
afterAll(() => t.close());

let phones = 5537000000;
let keys = 0;

async function issued(amount = 100) {
  const who = await t.member(`+52${phones++}`);
  const started = await t
    .api(who.token)
    .topUps.byReference(who.id, { amount, currency: 'MXN' }, { idempotencyKey: `expiry-${keys++}` });
  if (!started.ok) throw new Error(started.error.message ?? started.error.kind);
  const digits = started.value.payment_reference.reference.replace(/\s/g, '');
  return { who, answer: started.value.payment_reference, digits };
}

const stored = (digits: string) =>
  t.server.deps.db
    .selectFrom('top_ups')
    .select(['status', 'decline', 'created_at', 'expires_at'])
    .where('reference', '=', digits)
    .executeTakeFirstOrThrow();

describe('issue 37 point 1: a reference expires VENDO_REFERENCE_HOURS after it is issued', () => {
  it('stores its expiry at issue and answers that stored value', async () => {
    const { answer, digits } = await issued();

    const row = await stored(digits);

    expect(row.expires_at?.getTime()).toBe(row.created_at.getTime() + hours * 3_600_000);
    expect(answer.expires_at).toBe(row.expires_at?.toISOString());
  });

  it('keeps the stored expiry when the same request is repeated later', async () => {
    const who = await t.member(`+52${phones++}`);
    const ask = () =>
      t.api(who.token).topUps.byReference(who.id, { amount: 100, currency: 'MXN' }, { idempotencyKey: 'same-ask' });
    const first = await ask();

    t.clock.advance(60_000);
    const again = await ask();

    expect(first.ok && again.ok).toBe(true);
    if (first.ok && again.ok) expect(again.value.payment_reference).toEqual(first.value.payment_reference);
  });
});

describe('issue 37 point 1: an expired reference cannot be paid', () => {
  it('credits a payment made before the expiry', async () => {
    const { who, digits } = await issued(120);
    t.clock.advance(hours * 3_600_000 - 1_000);

    const paid = await t.dev(`/references/${digits}/pay`, {});

    expect(paid.status).toBe(200);
    expect(await balanceOf(t, who)).toBe(120);
    expect((await stored(digits)).status).toBe('paid');
  });

  it('credits nothing for a payment at or after the expiry, and marks the reference expired for good', async () => {
    const { who, digits } = await issued(120);
    t.clock.advance(hours * 3_600_000);

    const late = await t.dev(`/references/${digits}/pay`, {});
    const again = await t.dev(`/references/${digits}/pay`, {});

    expect(late.status).not.toBe(200);
    expect(again.status).not.toBe(200);
    expect(await balanceOf(t, who)).toBe(0);
    expect(await stored(digits)).toMatchObject({ status: 'failed', decline: 'expired' });
  });
});
