import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceCents } from '../services/ledger.ts';
import { startTestServer, type TestServer } from '../testing/harness.ts';

// Issue 37 point 2's stated rule, with its numbers: SPEI transfers credit a member at most 2,000.00 a day of
// America/Mexico_City, the rest is recorded as returned to the sender; below the 50.00 minimum a transfer is still
// credited. And a credited transfer is in the statement and has a receipt, both naming its tracking key. Notices
// here come through the dev control, which signs them with the database's own key and delivers them to the bank's route.

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

type Who = { id: number; token: string };
type Outcome = { status: string; tracking_key: string; credited: number; returned: number; top_up_id: number | null };
let people = 0;
const member = () => t.member(`+52559810${String(++people).padStart(4, '0')}`);

async function withClabe(): Promise<Who> {
  const who = await member();
  await t.api(who.token).spei.createAccount(who.id);
  return who;
}

async function transfer(who: Who, amount: number, extra: Record<string, unknown> = {}): Promise<Outcome> {
  const response = await t.dev('/spei/deposits', { member_id: who.id, amount, ...extra });
  expect(response.status).toBe(200);
  return (await response.json()) as Outcome;
}

const db = () => t.server.deps.db;
const balance = (who: Who) => balanceCents(db(), who.id, 'MXN');
const returned = async (who: Who) =>
  (await db().selectFrom('spei_deposits').select('returned_cents').where('member_id', '=', who.id).execute()).reduce(
    (sum, row) => sum + Number(row.returned_cents),
    0,
  );

/** Moves the test clock to the next noon in Mexico City (UTC−6 all year since 2022), so one day holds the test. */
function toNoonInMexicoCity() {
  const now = t.clock.now().getTime();
  const noon = new Date(now);
  noon.setUTCHours(18, 0, 0, 0);
  if (noon.getTime() <= now) noon.setUTCDate(noon.getUTCDate() + 1);
  t.clock.advance(noon.getTime() - now);
}

describe('issue 37 point 2: credited up to 2,000.00 a Mexico City day, the rest returned', () => {
  it('credits 1,500.00, then of 800.00 credits 500.00 and returns 300.00, then returns 100.00 whole', async () => {
    toNoonInMexicoCity();
    const who = await withClabe();

    const first = await transfer(who, 1_500);
    const second = await transfer(who, 800);
    const third = await transfer(who, 100);

    expect([first, second, third].map(({ status, credited, returned }) => ({ status, credited, returned }))).toEqual([
      { status: 'credited', credited: 1_500, returned: 0 },
      { status: 'credited', credited: 500, returned: 300 },
      { status: 'returned', credited: 0, returned: 100 },
    ]);
    expect(third.top_up_id).toBeNull();
    expect(await balance(who)).toBe(200_000);
    expect(await returned(who)).toBe(40_000);
  });

  it('starts a new day at midnight in Mexico City: 100.00 the next day is credited', async () => {
    toNoonInMexicoCity();
    const who = await withClabe();
    await transfer(who, 2_000);

    t.clock.advance(24 * 3_600_000);
    const nextDay = await transfer(who, 100);

    expect(nextDay).toMatchObject({ status: 'credited', credited: 100, returned: 0 });
    expect(await balance(who)).toBe(210_000);
  });

  it('credits 2,500.00 in one transfer as 2,000.00, returning 500.00', async () => {
    toNoonInMexicoCity();
    const who = await withClabe();

    const outcome = await transfer(who, 2_500);

    expect(outcome).toMatchObject({ status: 'credited', credited: 2_000, returned: 500 });
    expect(await balance(who)).toBe(200_000);
  });

  it('credits 30.00, below the top-up minimum of 50.00, whole: a transfer is never trapped', async () => {
    const who = await withClabe();

    const outcome = await transfer(who, 30);

    expect(outcome).toMatchObject({ status: 'credited', credited: 30, returned: 0 });
    expect(await balance(who)).toBe(3_000);
  });

  it('keeps centavos exact: 0.10 + 0.20 credits 30 centavos, never a float', async () => {
    const who = await withClabe();

    await transfer(who, 0.1);
    await transfer(who, 0.2);

    expect(await balance(who)).toBe(30);
  });

  it('caps three transfers of 1,000.00 at the same moment at 2,000.00, returning 1,000.00', async () => {
    toNoonInMexicoCity();
    const who = await withClabe();

    const outcomes = await Promise.all([transfer(who, 1_000), transfer(who, 1_000), transfer(who, 1_000)]);

    expect(outcomes.reduce((sum, outcome) => sum + outcome.credited, 0)).toBe(2_000);
    expect(outcomes.reduce((sum, outcome) => sum + outcome.returned, 0)).toBe(1_000);
    expect(await balance(who)).toBe(200_000);
  });
});

describe('issue 37 point 2: a SPEI top-up in the statement and its receipt', () => {
  it('lists the transfer with mode spei and its tracking key, and its receipt names the key as the payment', async () => {
    const who = await withClabe();
    const outcome = await transfer(who, 120, { tracking_key: 'BNET2026112912345' });

    const statement = await t.api(who.token).statement.get(who.id);
    const receipt = await t.api(who.token).receipts.topUp(who.id, outcome.top_up_id ?? 0);

    expect(statement.ok && statement.value.entries).toMatchObject([
      {
        kind: 'top_up',
        top_up: { amount: 120, mode: 'spei', outcome: 'paid', tracking_key: 'BNET2026112912345', bonus: 0 },
        receipt: { kind: 'top_up', id: outcome.top_up_id },
      },
    ]);
    expect(receipt.ok && receipt.value.receipt).toMatchObject({
      kind: 'top_up',
      amount: 120,
      machine: null,
      payment: { method: 'spei', reference: 'BNET2026112912345' },
      balance_after: 120,
    });
  });
});

describe('issue 37 point 2: the dev control delivers a transfer as the bank would', () => {
  it('takes a CLABE as well as a member id, answering what the bank route answered', async () => {
    const who = await member();
    const given = await t.api(who.token).spei.createAccount(who.id);
    const clabe = given.ok ? given.value.spei_account.clabe : '';

    const response = await t.dev('/spei/deposits', { clabe, amount: 75.5, tracking_key: 'DEV0001' });

    expect(await response.json()).toEqual({
      status: 'credited',
      tracking_key: 'DEV0001',
      credited: 75.5,
      returned: 0,
      top_up_id: expect.any(Number),
    });
  });

  it('answers 404 for a member without a CLABE and 422 when neither is named', async () => {
    const who = await member();

    const unknown = await t.dev('/spei/deposits', { member_id: who.id, amount: 100 });
    const unnamed = await t.dev('/spei/deposits', { amount: 100 });

    expect([unknown.status, unnamed.status]).toEqual([404, 422]);
  });

  it('refuses through the bank route an amount with a fraction of a centavo (422), crediting nothing', async () => {
    const who = await withClabe();

    const response = await t.dev('/spei/deposits', { member_id: who.id, amount: 10.005 });

    expect(response.status).toBe(422);
    expect(await balance(who)).toBe(0);
  });
});
