import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { balanceOf, buy, type Item, itemsOf, machineId } from '../testing/shop.ts';
import { sampleRules } from './deals.ts';

/** Issue 32 points 4 and 6 (spec §4 sale types and deal statuses), over HTTP, on PGlite and PostgreSQL. */
let t: TestServer;
let demo: number;
let items: Item[];

beforeAll(async () => {
  t = await startTestServer();
  demo = await machineId(t, 'demo');
  items = await itemsOf(t, demo);
});
afterAll(() => t.close());

let phones = 5532000000;
const member = (balance?: number) => t.member(`+52${phones++}`, balance);
let keys = 0;
const key = () => `abuse-${keys++}`;
type Who = { id: number; token: string };

const named = (name: string) => items.find((item) => item.name === name)!;
/** Sold and given as a sample on every seeded machine but grande. */
const sample = () => named('Agua mineral 600 ml');
/** Sold, never given as a sample. */
const water = () => named('Agua natural 600 ml');
const keypadBuy = (extra = {}) => buy('any', { any_product: true, ...extra });
const dearest = () => Math.max(...items.filter((item) => item.sellable).map((item) => item.price));

const takeSample = (who: Who, machine: number, userCode = sample().user_code) =>
  t.api(who.token).deals.create(machine, buy(userCode, { sale_type_code: 3 }), { idempotencyKey: key() });

/** Reads the deal after `ms`, as the member's screen does; the read settles it if its time has come. */
async function dealAfter(who: Who, machine: number, dealId: number, ms: number) {
  t.clock.advance(ms);
  const read = await t.api(who.token).deals.get(machine, dealId);
  if (!read.ok) throw new Error(`deal ${dealId}: ${read.error.message}`);
  return read.value.deal;
}

const dealRow = (id: number) =>
  t.server.deps.db
    .selectFrom('deals')
    .select(['delivery_status', 'settled_at', 'charged_cents'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const dealEntries = (id: number) =>
  t.server.deps.db
    .selectFrom('ledger_entries')
    .select('amount_cents')
    .where('kind', '=', 'deal')
    .where('reference', '=', String(id))
    .execute();
const dealsOf = async (who: Who) => {
  const listed = await t.api(who.token).deals.list(who.id);
  return listed.ok ? listed.value.deals : [];
};
const refusal = (answer: { ok: boolean; error?: { status?: number | null; error_code?: unknown } }) =>
  answer.ok ? 'made' : `${answer.error?.status} ${answer.error?.error_code}`;

describe('issue 32 point 4: a sample names a sampleable product (spec §4 sale type 3)', () => {
  it('refuses a sample of a product the machine gives no sample of (not_sampleable), making no deal', async () => {
    const who = await member(0);

    const answer = await takeSample(who, demo, water().user_code);

    expect(refusal(answer)).toBe('422 not_sampleable');
    expect(await dealsOf(who)).toEqual([]);
  });

  it.each([3, 4])(
    'refuses any_product with sale type %i on a machine with no sample at all, making no deal',
    async (saleType) => {
      const who = await member(0);
      const grande = await machineId(t, 'grande');

      const answer = await t
        .api(who.token)
        .deals.create(grande, keypadBuy({ sale_type_code: saleType }), { idempotencyKey: key() });

      expect(refusal(answer)).toBe('422 any_product_not_allowed');
      expect(await dealsOf(who)).toEqual([]);
    },
  );
});

describe(`issue 32 point 4: ${sampleRules.perMachine} free sample per member per machine in 24 hours ("Rules it keeps" (docs/reference-api.md))`, () => {
  it('refuses another sample from the same machine within 24 hours (sample_limit_reached)', async () => {
    const who = await member(0);
    const first = await takeSample(who, demo);
    await dealAfter(who, demo, first.ok ? first.value.deal.id : 0, 10_000);

    const again = await takeSample(who, demo, named('Barra de granola con miel 35 g').user_code);

    expect([refusal(first), refusal(again)]).toEqual(['made', '422 sample_limit_reached']);
  });

  it('counts per machine: another machine still gives its sample', async () => {
    const who = await member(0);
    await takeSample(who, demo);

    const elsewhere = await takeSample(who, await machineId(t, 'teclado'));

    expect(refusal(elsewhere)).toBe('made');
  });

  it('gives a sample again once 24 hours have passed', async () => {
    const who = await member(0);
    const first = await takeSample(who, demo);
    await dealAfter(who, demo, first.ok ? first.value.deal.id : 0, sampleRules.windowHours * 3_600_000);

    const nextDay = await takeSample(who, demo);

    expect(refusal(nextDay)).toBe('made');
  });

  it('does not count a sample the machine failed to give', async () => {
    const who = await member(0);
    await t.dev('/machines/demo/script', { member_id: who.id, deal_statuses: [{ status: 5, after_ms: 100 }] });
    const failed = await takeSample(who, demo);
    await dealAfter(who, demo, failed.ok ? failed.value.deal.id : 0, 1_000);

    const again = await takeSample(who, demo);

    expect(refusal(again)).toBe('made');
  });

  it('gives one sample for ten asked for at the same moment', async () => {
    const who = await member(0);

    const answers = await Promise.all(Array.from({ length: 10 }, () => takeSample(who, demo)));

    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    const refused = new Set(answers.filter((answer) => !answer.ok).map(refusal));
    expect([...refused].every((code) => ['409 purchase_in_progress', '422 sample_limit_reached'].includes(code))).toBe(
      true,
    );
    expect(await dealsOf(who)).toHaveLength(1);
  });
});

describe("issue 32 point 4: a keypad buy (any product) holds the machine's dearest product and is charged what it vended", () => {
  it("refuses a keypad buy the balance does not cover for the machine's dearest product (402)", async () => {
    const who = await member(dearest() - 1);

    const answer = await t.api(who.token).deals.create(demo, keypadBuy(), { idempotencyKey: key() });

    expect(refusal(answer)).toBe('402 insufficient_balance');
  });

  it("holds the dearest product's price while the deal is on its way", async () => {
    const who = await member(dearest() + 10);
    await t.api(who.token).deals.create(demo, keypadBuy(), { idempotencyKey: key() });

    // 18.50 is more than what the hold leaves (10.00).
    const another = await t.api(who.token).deals.create(demo, buy(sample().user_code), { idempotencyKey: key() });

    expect(refusal(another)).toBe('402 insufficient_balance');
  });

  it('charges the price of the selection the machine says it vended, exactly, and releases the rest of the hold', async () => {
    const who = await member(200);
    const vended = named('Refresco de cola 355 ml'); // 19.00
    await t.dev('/machines/demo/script', {
      member_id: who.id,
      deal_statuses: [
        { status: 2, after_ms: 100 },
        { status: 0, after_ms: 100, selection: vended.user_code },
      ],
    });
    const created = await t.api(who.token).deals.create(demo, keypadBuy(), { idempotencyKey: key() });
    const dealId = created.ok ? created.value.deal.id : 0;

    const deal = await dealAfter(who, demo, dealId, 1_000);

    expect([deal.delivery_status, deal.cash_paid, deal.product?.name]).toEqual([0, 19, vended.name]);
    expect(await dealEntries(dealId)).toEqual([{ amount_cents: -1900 }]);
    expect(await balanceOf(t, who)).toBe(181);
  });
});

describe('issue 32 point 6: no deal on an offline machine, and every deal ends by its connect timeout (spec §4)', () => {
  it('refuses a deal on an offline machine (machine_offline), making no deal and holding nothing', async () => {
    const who = await member(100);
    const apagada = await machineId(t, 'apagada');

    const answer = await t.api(who.token).deals.create(apagada, buy(water().user_code), { idempotencyKey: key() });

    expect(refusal(answer)).toBe('422 machine_offline');
    expect(await dealsOf(who)).toEqual([]);
    expect(await balanceOf(t, who)).toBe(100);
  });

  it('settles a deal its machine never answered at the connect timeout: status 1, nothing charged, the hold released', async () => {
    // 20.00 covers one 18.50 buy: while the first holds its price, a second is refused.
    const who = await member(20);
    await t.dev('/machines/demo/script', { member_id: who.id, deal_statuses: [{ status: 1, after_ms: 0 }] });
    const created = await t.api(who.token).deals.create(demo, buy(sample().user_code), { idempotencyKey: key() });
    const dealId = created.ok ? created.value.deal.id : 0;
    const whileHeld = await t.api(who.token).deals.create(demo, buy(sample().user_code), { idempotencyKey: key() });

    const deal = await dealAfter(who, demo, dealId, 60_000);
    const next = await t.api(who.token).deals.create(demo, buy(sample().user_code), { idempotencyKey: key() });

    expect([deal.delivery_status, deal.cash_paid]).toEqual([1, 0]);
    expect(await dealRow(dealId)).toMatchObject({ delivery_status: 1, settled_at: expect.any(Date), charged_cents: 0 });
    expect(await dealEntries(dealId)).toEqual([]);
    expect([refusal(whileHeld), refusal(next)]).toEqual(['402 insufficient_balance', 'made']);
  });

  it('settles it by its timeout with nobody reading it: the scheduled job does', async () => {
    const who = await member(20);
    const { db } = t.server.deps;
    // A machine of its own whose timeout is short, so the job falls due while the test waits.
    const nim = await machineId(t, 'nim115a');
    await db.updateTable('machines').set({ connect_to_machine_timeout: 300 }).where('id', '=', nim).execute();
    try {
      await t.dev('/machines/nim115a/script', { member_id: who.id, deal_statuses: [{ status: 1, after_ms: 0 }] });
      const created = await t.api(who.token).deals.create(nim, buy(sample().user_code), { idempotencyKey: key() });
      const dealId = created.ok ? created.value.deal.id : 0;

      // Within the test's own limit, so a deal left unsettled fails here, naming it.
      await expect.poll(async () => (await dealRow(dealId)).settled_at, { timeout: 3_000 }).not.toBeNull();

      expect(await dealRow(dealId)).toMatchObject({ delivery_status: 1, charged_cents: 0 });
      expect(await balanceOf(t, who)).toBe(20);
    } finally {
      await db.updateTable('machines').set({ connect_to_machine_timeout: 60_000 }).where('id', '=', nim).execute();
    }
  });
});
