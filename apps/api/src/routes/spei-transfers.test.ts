import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureOf } from '../http/webhook-signature.ts';
import { ask, namedMember, ownCents, refundsOf, type Who } from '../testing/balance-refunds.ts';
import { capturedLog } from '../testing/captured-log.ts';
import { startTestServer, type TestServer } from '../testing/harness.ts';

// Issue 37 point 4: the emulated bank's signed notice of a transfer the provider sent out (a balance refund's
// SPEI part), settled or returned: applied once by its tracking key, whatever repeats, strangers or forgers send.
// On PGlite, and on PostgreSQL with VENDO_TEST_DATABASE_URL.

const secret = 'a-key-the-bank-and-vendo-share-0002';
const log = capturedLog('info');
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer(undefined, undefined, undefined, { speiSecret: secret, logger: log.logger });
});
afterAll(() => t.close());

const statusOf = async (who: Who, id: number) => (await refundsOf(t, who)).find((refund) => refund.id === id);

/** A member whose refund of `amount` by SPEI was sent: its id and the part's tracking key. */
async function sentRefund(balance: number, amount: number) {
  const who = await namedMember(t, balance);
  const made = await ask(t, who, { amount });
  if (!made.ok) throw new Error(String(made.error.error_code ?? made.error.kind));
  const id = made.value.balance_refund.id;
  await expect.poll(async () => String((await statusOf(who, id))?.status), { timeout: 20_000 }).toBe('sent');
  const part = await t.server.deps.db
    .selectFrom('balance_refund_parts')
    .select('tracking_key')
    .where('balance_refund_id', '=', id)
    .executeTakeFirstOrThrow();
  return { who, id, trackingKey: part.tracking_key ?? '' };
}

const notice = (trackingKey: string, status: 'settled' | 'returned') => ({
  tracking_key: trackingKey,
  status,
  settled_at: '2026-11-29T12:00:00-06:00',
});

/** Delivers a notice as the bank does: the raw body, signed with the shared secret unless told otherwise. */
function deliver(body: unknown, signature: string | null = signatureOf(secret, JSON.stringify(body))) {
  return fetch(`${t.url}/provider/spei/transfers`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(signature === null ? {} : { 'X-Spei-Signature': signature }) },
    body: JSON.stringify(body),
  });
}

describe("issue 37 point 4: the bank's notice of a refund sent by SPEI", () => {
  it('completes the refund when the transfer settled', async () => {
    const { who, id, trackingKey } = await sentRefund(300, 200);

    const answer = await deliver(notice(trackingKey, 'settled'));

    expect(await answer.json()).toEqual({ status: 'settled', tracking_key: trackingKey });
    expect(await statusOf(who, id)).toMatchObject({ status: 'done', parts: [{ way: 'spei', status: 'done' }] });
    expect(await ownCents(t, who)).toBe(10_000);
  });

  it('gives the money back once when the transfer was returned, however often and at once the notice comes', async () => {
    const { who, id, trackingKey } = await sentRefund(300, 200);

    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(notice(trackingKey, 'returned'))));
    const late = await deliver(notice(trackingKey, 'settled'));

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await late.json()).toEqual({ status: 'returned', tracking_key: trackingKey });
    expect(await statusOf(who, id)).toMatchObject({ status: 'refused', refusal: 'clabe_rejected' });
    expect(await ownCents(t, who)).toBe(30_000);
  });

  it('ignores a notice of a transfer never sent, changes nothing and logs it', async () => {
    const { who, id } = await sentRefund(300, 200);

    const answer = await deliver(notice('VENDOBR999999999999', 'returned'));

    expect(await answer.json()).toEqual({ status: 'ignored', tracking_key: 'VENDOBR999999999999' });
    expect((await statusOf(who, id))?.status).toBe('sent');
    expect(await ownCents(t, who)).toBe(10_000);
    expect(await log.written('vendo: spei: a notice of a transfer never sent was ignored')).toMatchObject({
      tracking_key: 'VENDOBR999999999999',
    });
  });

  it('refuses an unsigned or forged notice with 401, changes nothing and logs what it named', async () => {
    const { who, id, trackingKey } = await sentRefund(300, 200);

    const unsigned = await deliver(notice(trackingKey, 'returned'), null);
    const forged = await deliver(notice(trackingKey, 'returned'), signatureOf('not-the-bank', '{}'));

    expect([unsigned.status, forged.status]).toEqual([401, 401]);
    expect((await statusOf(who, id))?.status).toBe('sent');
    expect(await ownCents(t, who)).toBe(10_000);
    const line = log
      .entries()
      .findLast((entry) => entry.msg === 'vendo: spei: a transfer notice without a valid signature was refused');
    expect(line).toMatchObject({ tracking_key: trackingKey });
  });
});
