import { isValidClabe } from '@vendo/core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureOf } from '../http/webhook-signature.ts';
import { balanceCents } from '../services/ledger.ts';
import { capturedLog } from '../testing/captured-log.ts';
import { startTestServer, type TestServer } from '../testing/harness.ts';

// Issue 37 point 2: each member's personal CLABE, and the emulated bank's signed deposit notices, booked once by
// their tracking key, credited up to the daily cap (2,000.00 a Mexico City day) with the rest returned.

const secret = 'a-key-the-bank-and-vendo-share-0001';
const log = capturedLog('info');
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer(undefined, undefined, undefined, { speiSecret: secret, logger: log.logger });
});
afterAll(() => t.close());

type Who = { id: number; token: string };
let people = 0;
const member = () => t.member(`+52559800${String(++people).padStart(4, '0')}`);
let keys = 0;
const trackingKey = () => `MBAN${Date.now().toString(36)}${++keys}`.toUpperCase();

async function clabeOf(who: Who): Promise<string> {
  const given = await t.api(who.token).spei.createAccount(who.id);
  if (!given.ok) throw new Error(`no CLABE: ${given.error.error_code}`);
  return given.value.spei_account.clabe;
}

const notice = (clabe: string, amount: number, key = trackingKey()) => ({
  tracking_key: key,
  clabe,
  amount,
  sender_name: 'Ana Remitente López',
  sender_bank: 'BANAMEX',
  sent_at: '2026-11-29T10:15:00-06:00',
});

/** Delivers a notice as the bank does: the raw body, signed with `key` (the shared secret unless told). */
function deliver(body: unknown, signature: string | null = signatureOf(secret, JSON.stringify(body))) {
  return fetch(`${t.url}/provider/spei/deposits`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(signature === null ? {} : { 'X-Spei-Signature': signature }) },
    body: JSON.stringify(body),
  });
}

async function delivered(body: unknown) {
  const response = await deliver(body);
  expect(response.status).toBe(200);
  return (await response.json()) as { status: string; credited: number; returned: number; top_up_id: number | null };
}

const db = () => t.server.deps.db;
const balance = (who: Who) => balanceCents(db(), who.id, 'MXN');
const speiTopUps = (who: Who) =>
  db().selectFrom('top_ups').select(['amount_cents', 'status']).where('member_id', '=', who.id).execute();

describe("issue 37 point 2: the member's CLABE", () => {
  it('is null until asked for, then one valid CLABE of the emulated bank (999, plaza 180), the same on every ask', async () => {
    const who = await member();
    const before = await t.api(who.token).spei.account(who.id);

    const first = await t.api(who.token).spei.createAccount(who.id);
    const again = await t.api(who.token).spei.createAccount(who.id);
    const read = await t.api(who.token).spei.account(who.id);

    expect(before.ok && before.value.spei_account).toBeNull();
    const clabe = first.ok ? first.value.spei_account.clabe : '';
    expect(clabe).toMatch(/^999180\d{12}$/);
    expect(isValidClabe(clabe)).toBe(true);
    expect(again.ok && again.value.spei_account.clabe).toBe(clabe);
    expect(read.ok && read.value.spei_account).toEqual(first.ok && first.value.spei_account);
  });

  it('is never shared: ten members asking at the same moment get ten CLABEs', async () => {
    const members = await Promise.all(Array.from({ length: 10 }, member));

    const clabes = await Promise.all(members.map(clabeOf));

    expect(new Set(clabes).size).toBe(10);
    expect(clabes.every(isValidClabe)).toBe(true);
  });

  it("is the member's own: another member's id answers 404", async () => {
    const [who, other] = [await member(), await member()];
    await clabeOf(other);

    const answer = await t.api(who.token).spei.account(other.id);

    expect(answer.ok || answer.error.status).toBe(404);
  });

  it('answers 429 past 30 reads and asks in 10 minutes (speiAccountPerMember)', async () => {
    const who = await member();
    for (let ask = 0; ask < 30; ask++) await t.api(who.token).spei.account(who.id);

    const refused = await t.api(who.token).spei.createAccount(who.id);

    expect(refused.ok || refused.error.status).toBe(429);
  });
});

describe("issue 37 point 2: the bank's deposit notice", () => {
  it('credits a signed transfer once to the MXN balance, as a paid SPEI top-up with no bonus', async () => {
    const who = await member();
    const clabe = await clabeOf(who);

    const outcome = await delivered(notice(clabe, 250.75));

    expect(outcome).toMatchObject({ status: 'credited', credited: 250.75, returned: 0 });
    expect(await balance(who)).toBe(25_075);
    expect(await speiTopUps(who)).toEqual([{ amount_cents: 25_075, status: 'paid' }]);
    const bonus = await db()
      .selectFrom('ledger_entries')
      .select('id')
      .where('member_id', '=', who.id)
      .where('pocket', '=', 'bonus')
      .execute();
    expect(bonus).toEqual([]);
  });

  it('books a tracking key once: a repeat answers the first outcome and credits nothing', async () => {
    const who = await member();
    const body = notice(await clabeOf(who), 100);
    const first = await delivered(body);

    const repeat = await delivered(body);

    expect(repeat).toEqual(first);
    expect(await balance(who)).toBe(10_000);
  });

  it('books a tracking key once when five deliveries of it arrive at the same moment', async () => {
    const who = await member();
    const body = notice(await clabeOf(who), 100);

    const answers = await Promise.all(Array.from({ length: 5 }, () => delivered(body)));

    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(await balance(who)).toBe(10_000);
    expect(await speiTopUps(who)).toHaveLength(1);
  });

  it('ignores a transfer to a CLABE no member has, keeps nothing and logs it', async () => {
    // The sequence's last account number: no member of this test has come near it.
    const body = notice('999180999999999995', 100);

    const outcome = await delivered(body);

    expect(outcome).toMatchObject({ status: 'ignored', credited: 0, returned: 0, top_up_id: null });
    const kept = await db()
      .selectFrom('spei_deposits')
      .select('tracking_key')
      .where('tracking_key', '=', body.tracking_key)
      .execute();
    expect(kept).toEqual([]);
    const line = await log.written('vendo: spei: a transfer to a CLABE no member has was ignored');
    expect(line).toMatchObject({ tracking_key: body.tracking_key, clabe: '…9995' });
  });

  it.each([
    ['without a signature', null],
    ['signed with another key', signatureOf('another-key-that-is-not-the-bank-01', 'x')],
    ['with a signature that is not hex', `sha256=${'z'.repeat(64)}`],
  ])(
    'refuses a notice %s with 401, changes nothing, and logs no part of its body but the key',
    async (_, signature) => {
      const who = await member();
      const body = notice(await clabeOf(who), 100);

      const response = await deliver(body, signature);

      expect(response.status).toBe(401);
      expect(await balance(who)).toBe(0);
      const line = log.entries().findLast((entry) => entry.tracking_key === body.tracking_key);
      expect(line?.msg).toBe('vendo: spei: a deposit notice without a valid signature was refused');
      expect(JSON.stringify(line)).not.toContain('Remitente');
      expect(JSON.stringify(line)).not.toContain(body.clabe);
    },
  );

  it('refuses a signed notice whose body was changed after signing', async () => {
    const who = await member();
    const body = notice(await clabeOf(who), 100);
    const signature = signatureOf(secret, JSON.stringify(body));

    const response = await deliver({ ...body, amount: 1_000 }, signature);

    expect(response.status).toBe(401);
    expect(await balance(who)).toBe(0);
  });
});
