import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureOf } from '../http/webhook-signature.ts';
import { capturedLog } from '../testing/captured-log.ts';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { balanceOf } from '../testing/shop.ts';

// Issue 37 point 1: the store's payment notification, signed with the shared secret, credits a reference once
// however often it comes; a forged, unknown, repeated, wrong or late one changes nothing. On PGlite, and on
// PostgreSQL with VENDO_TEST_DATABASE_URL.

const storeSecret = 'a-store-secret-of-at-least-32-characters';
const log = capturedLog('info');
let t: TestServer;

beforeAll(async () => {
  t = await startTestServer(undefined, undefined, undefined, { storeSecret, logger: log.logger });
});
afterAll(() => t.close());

let phones = 5538000000;
let keys = 0;

async function issued(amount = 100) {
  const who = await t.member(`+52${phones++}`);
  const started = await t
    .api(who.token)
    .topUps.byReference(who.id, { amount, currency: 'MXN' }, { idempotencyKey: `store-${keys++}` });
  if (!started.ok) throw new Error(started.error.message ?? started.error.kind);
  const printed = started.value.payment_reference.reference;
  return { who, printed, digits: printed.replace(/\s/g, '') };
}

const notice = (reference: string, amount: number, currency = 'MXN') =>
  JSON.stringify({ reference, amount, currency, paid_at: t.clock.now().toISOString(), store: 'OXXO' });

/** Delivers a notification signed with the shared secret, or with the signature given (null: none). */
function deliver(body: string, signature: string | null = signatureOf(storeSecret, body)) {
  return fetch(`${t.url}/provider/store/payments`, {
    method: 'POST',
    body,
    headers: {
      'Content-Type': 'application/json',
      ...(signature === null ? {} : { 'X-Store-Signature': signature }),
    },
  });
}

const answered = async (response: Response) => ({
  status: response.status,
  body: (await response.json()) as Record<string, unknown>,
});

/** The last log line with this message: what the latest notification left. */
const lastLine = (msg: string) => log.entries().findLast((entry) => entry.msg === msg);

const ledgerOf = (memberId: number) =>
  t.server.deps.db
    .selectFrom('ledger_entries')
    .select(['kind', 'amount_cents'])
    .where('member_id', '=', memberId)
    .execute();

const stateOf = (digits: string) =>
  t.server.deps.db
    .selectFrom('top_ups')
    .select(['status', 'decline'])
    .where('reference', '=', digits)
    .executeTakeFirstOrThrow();

describe('issue 37 point 1: a signed store notification credits a reference once', () => {
  it('credits a valid notification, the reference printed with its spaces', async () => {
    const { who, printed } = await issued(150);

    const answer = await answered(await deliver(notice(printed, 150)));

    expect(answer).toEqual({ status: 200, body: { status: 'credited' } });
    expect(await balanceOf(t, who)).toBe(150);
    expect(await ledgerOf(who.id)).toEqual([{ kind: 'top_up', amount_cents: 15_000 }]);
  });

  it('ignores the same notification delivered again, crediting nothing more', async () => {
    const { who, digits } = await issued(100);
    const body = notice(digits, 100);
    await deliver(body);

    const again = await answered(await deliver(body));

    expect(again).toEqual({ status: 200, body: { status: 'ignored' } });
    expect(await balanceOf(t, who)).toBe(100);
  });

  it('credits once when two deliveries of it arrive at the same moment', async () => {
    const { who, digits } = await issued(200);
    const body = notice(digits, 200);

    const answers = await Promise.all(
      [deliver(body), deliver(body), deliver(body)].map(async (r) => answered(await r)),
    );

    expect(answers.map((answer) => answer.body.status).sort()).toEqual(['credited', 'ignored', 'ignored']);
    expect(await ledgerOf(who.id)).toEqual([{ kind: 'top_up', amount_cents: 20_000 }]);
  });

  it('ignores an unknown reference, and logs it', async () => {
    const answer = await answered(await deliver(notice('9999 8888 7777 6666', 100)));

    expect(answer).toEqual({ status: 200, body: { status: 'ignored' } });
    expect(lastLine('store payment ignored')).toMatchObject({ why: 'unknown', reference_end: '6666' });
  });
});

describe('issue 37 point 1: a notification not signed with the shared secret changes nothing', () => {
  it.each([
    ['missing', () => null],
    ['under another secret', (body: string) => signatureOf('another-secret-of-at-least-32-chars!', body)],
    ['of another body', (body: string) => signatureOf(storeSecret, body.replace('100', '1000'))],
  ])('refuses a signature %s with 401, and logs it without the secret', async (_, sign) => {
    const { who, digits } = await issued(100);
    const body = notice(digits, 100);

    const answer = await answered(await deliver(body, sign(body)));

    expect(answer.status).toBe(401);
    expect(await balanceOf(t, who)).toBe(0);
    expect((await stateOf(digits)).status).toBe('pending');
    expect(lastLine('store payment refused: bad signature')).toBeDefined();
    expect(log.lines.join('\n')).not.toContain(storeSecret);
  });
});

describe('issue 37 point 1: a notification that is not the reference’s changes nothing', () => {
  it.each([
    ['another amount', 99.99, 'MXN'],
    ['a fraction of a centavo more', 100.001, 'MXN'],
    ['another currency', 100, 'USD'],
  ])('refuses %s with 422, and the right one still credits', async (_, amount, currency) => {
    const { who, digits } = await issued(100);

    const wrong = await answered(await deliver(notice(digits, amount, currency)));
    const right = await answered(await deliver(notice(digits, 100)));

    expect(wrong).toEqual({ status: 422, body: { status: 'refused', error: 'amount_mismatch' } });
    expect(right.body.status).toBe('credited');
    expect(await balanceOf(t, who)).toBe(100);
  });

  it('refuses a reference that is not 16 digits with 400', async () => {
    expect((await deliver(notice('1234 5678', 100))).status).toBe(400);
  });
});

describe('issue 37 point 1: an expired reference cannot be paid', () => {
  it('answers 409 expired, credits nothing, and marks the reference expired', async () => {
    const { who, digits } = await issued(100);
    await t.dev(`/references/${digits}/expire`, {});

    const late = await answered(await deliver(notice(digits, 100)));
    const again = await answered(await deliver(notice(digits, 100)));

    expect(late).toEqual({ status: 409, body: { status: 'expired' } });
    expect(again).toEqual({ status: 409, body: { status: 'expired' } });
    expect(await balanceOf(t, who)).toBe(0);
    expect(await stateOf(digits)).toEqual({ status: 'failed', decline: 'expired' });
  });
});

describe('issue 37 point 1: the dev control pays and expires references', () => {
  it('pays through the signed notification, once', async () => {
    const { who, digits } = await issued(80);

    const paid = await answered(await t.dev(`/references/${digits}/pay`, {}));
    const again = await t.dev(`/references/${digits}/pay`, {});

    expect(paid).toEqual({ status: 200, body: { paid: true } });
    expect(again.status).toBe(404);
    expect(await balanceOf(t, who)).toBe(80);
    expect(lastLine('store payment credited')).toMatchObject({ store: 'OXXO' });
  });

  it('expires a pending reference, which then cannot be paid', async () => {
    const { who, digits } = await issued(80);

    const expired = await answered(await t.dev(`/references/${digits}/expire`, {}));
    const paid = await answered(await t.dev(`/references/${digits}/pay`, {}));

    expect(expired).toEqual({ status: 200, body: { expired: true } });
    expect(paid).toEqual({ status: 409, body: { paid: false, status: 'expired' } });
    expect(await balanceOf(t, who)).toBe(0);
  });

  it('answers 404 for a reference it does not know', async () => {
    expect((await t.dev('/references/1111222233334444/pay', {})).status).toBe(404);
    expect((await t.dev('/references/1111222233334444/expire', {})).status).toBe(404);
  });
});
