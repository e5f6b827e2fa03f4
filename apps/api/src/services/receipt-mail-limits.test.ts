import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../http/rate-limits.ts';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { confirmedMember, receiptsMailedTo } from '../testing/mail.ts';
import { buy, machineId } from '../testing/shop.ts';

// Issue 35 point 4: a client cannot flood an inbox with receipts. A member asks for at most 10 an hour, and for
// each receipt at most once a minute (a double tap sends one); past either, 429 receipt_mail_limited with
// Retry-After, and nothing is queued.

let t: TestServer;
let demo: number;
beforeAll(async () => {
  t = await startTestServer();
  demo = await machineId(t, 'demo');
});
afterAll(() => t.close());

let people = 0;
const confirmed = () => {
  const n = ++people;
  return confirmedMember(t, {
    phone: `+52559800${String(n).padStart(4, '0')}`,
    email: `limite${n}@correo.example`,
    balance: 500,
  });
};
let keys = 0;

/** `count` purchases of the member, delivered and settled: their ids. */
async function deliveredDeals(who: { id: number; token: string }, count: number) {
  const ids: number[] = [];
  for (let n = 0; n < count; n++) {
    const made = await t.api(who.token).deals.create(demo, buy('10'), { idempotencyKey: `limit-${keys++}` });
    if (!made.ok) throw new Error(`deal refused: ${made.error.error_code}`);
    ids.push(made.value.deal.id);
  }
  t.clock.advance(20_000);
  for (const id of ids) await t.api(who.token).deals.get(demo, id);
  return ids;
}

describe('receipts a member asks to be e-mailed, as the limits stand (issue 35 point 4)', () => {
  it('the same receipt asked twice within a minute: the second is 429 receipt_mail_limited with Retry-After, one e-mail sent', async () => {
    const who = await confirmed();
    const [dealId = 0] = await deliveredDeals(who, 1);
    await t.api(who.token).receipts.emailDeal(who.id, dealId);

    const again = await t.api(who.token).receipts.emailDeal(who.id, dealId);

    expect(again).toMatchObject({ ok: false, error: { status: 429, error_code: 'receipt_mail_limited' } });
    expect(again.ok ? 0 : again.error.retry_after).toBeGreaterThan(0);
    expect(again.ok ? 0 : (again.error.retry_after ?? 0)).toBeLessThanOrEqual(60);
    await expect.poll(() => receiptsMailedTo(t, who.email), { timeout: 5_000 }).toHaveLength(1);
  });

  it(`past ${rateLimits.receiptMailsPerMember.points} receipts in an hour the next ask is 429 receipt_mail_limited`, async () => {
    const who = await confirmed();
    const deals = await deliveredDeals(who, rateLimits.receiptMailsPerMember.points + 1);
    const last = deals.pop() ?? 0;
    for (const id of deals) expect((await t.api(who.token).receipts.emailDeal(who.id, id)).ok).toBe(true);

    const past = await t.api(who.token).receipts.emailDeal(who.id, last);

    expect(past).toMatchObject({ ok: false, error: { status: 429, error_code: 'receipt_mail_limited' } });
    await expect
      .poll(() => receiptsMailedTo(t, who.email), { timeout: 10_000 })
      .toHaveLength(rateLimits.receiptMailsPerMember.points);
  });

  it('an ask refused as not_found counts nothing: a member who asked for missing receipts still gets theirs', async () => {
    const who = await confirmed();
    const [dealId = 0] = await deliveredDeals(who, 1);
    for (let n = 0; n < rateLimits.receiptMailsPerMember.points; n++) {
      await t.api(who.token).receipts.emailDeal(who.id, 900_000 + n);
    }

    const asked = await t.api(who.token).receipts.emailDeal(who.id, dealId);

    expect(asked.ok).toBe(true);
  });
});
