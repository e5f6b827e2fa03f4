import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { migrationProvider } from '../db/migrations.ts';
import { emptyDatabase } from '../testing/command.ts';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { buy, type Item, itemsOf, machineId } from '../testing/shop.ts';
import { createMember, startSession } from './members.ts';

/**
 * Issue 32 point 5: a balance per currency. A top-up loads the currency of the machine it names, a buy
 * spends only the machine's currency, and the top-up limits are the machine country's.
 */
let t: TestServer;
let demo: number;
let tokio: number;
let pesoItems: Item[];
let yenItems: Item[];

beforeAll(async () => {
  t = await startTestServer();
  [demo, tokio] = [await machineId(t, 'demo'), await machineId(t, 'tokio')];
  [pesoItems, yenItems] = [await itemsOf(t, demo), await itemsOf(t, tokio)];
});
afterAll(() => t.close());

let phones = 5560000000;
type Who = { id: number; token: string };
const member = (balance?: number) => t.member(`+52${phones++}`, balance);
let keys = 0;
const key = () => `currency-${keys++}`;

const sellable = (items: Item[]) => items.find((item) => item.sellable && item.user_code === '10')!;

async function balances(who: Who) {
  const answer = await t.api(who.token).balances.list(who.id);
  if (!answer.ok) throw new Error(answer.error.message ?? answer.error.kind);
  return Object.fromEntries(answer.value.balances.map((balance) => [balance.currency, balance.amount]));
}

/** A recharge by reference, paid at the store at once (what reaches the balance is what the provider took). */
async function topUp(who: Who, body: { amount: number; currency: string; product_server_id?: number }) {
  const issued = await t.api(who.token).topUps.byReference(who.id, body, { idempotencyKey: key() });
  if (issued.ok) await t.dev(`/references/${issued.value.payment_reference.reference.replace(/\s/g, '')}/pay`, {});
  return issued;
}

/** A buy, followed until the machine delivers it. */
async function buyAndDeliver(who: Who, machine: number, item: Item) {
  const created = await t.api(who.token).deals.create(machine, buy(item.user_code), { idempotencyKey: key() });
  if (!created.ok) return created;
  t.clock.advance(20_000);
  return t.api(who.token).deals.get(machine, created.value.deal.id);
}

describe('a balance per currency (issue 32 point 5, spec §3 country, §7 balances)', () => {
  it('a top-up that names a yen machine grows the yen balance only, in whole yen', async () => {
    const who = await member(100);

    const issued = await topUp(who, { amount: 2_000, currency: 'JPY', product_server_id: tokio });

    expect(issued).toMatchObject({ ok: true, value: { payment_reference: { amount: 2_000, currency: 'JPY' } } });
    expect(await balances(who)).toEqual({ MXN: 100, JPY: 2_000 });
  });

  it('a buy at a peso machine cannot spend yen: 402 insufficient_balance', async () => {
    const who = await member();
    await topUp(who, { amount: 2_000, currency: 'JPY', product_server_id: tokio });

    const refused = await t
      .api(who.token)
      .deals.create(demo, buy(sellable(pesoItems).user_code), { idempotencyKey: key() });

    expect(refused).toMatchObject({ ok: false, error: { status: 402, error_code: 'insufficient_balance' } });
    expect(await balances(who)).toEqual({ MXN: 0, JPY: 2_000 });
  });

  it('a buy at the yen machine spends yen only, at its price in yen', async () => {
    const who = await member(100);
    await topUp(who, { amount: 1_000, currency: 'JPY', product_server_id: tokio });
    const item = sellable(yenItems);

    const delivered = await buyAndDeliver(who, tokio, item);

    expect(delivered).toMatchObject({ ok: true, value: { deal: { delivery_status: 0, cash_paid: item.price } } });
    expect(Number.isInteger(item.price)).toBe(true);
    expect(await balances(who)).toEqual({ MXN: 100, JPY: 1_000 - item.price });
  });

  it('a yen balance alone does not pay at the yen machine what it does not cover, nor does the peso balance', async () => {
    const who = await member(2_000);
    const item = sellable(yenItems);

    const refused = await t.api(who.token).deals.create(tokio, buy(item.user_code), { idempotencyKey: key() });

    expect(refused).toMatchObject({ ok: false, error: { status: 402, error_code: 'insufficient_balance' } });
  });

  it('a top-up that names no machine is in MXN, whatever machine the member viewed last', async () => {
    const who = await member();
    // The member's last machine is now the yen one (spec §3: viewing a machine puts it on the recent list).
    await t.api(who.token).machines.get(tokio);

    const issued = await topUp(who, { amount: 100, currency: 'MXN' });

    expect(issued).toMatchObject({ ok: true, value: { payment_reference: { amount: 100, currency: 'MXN' } } });
    expect(await balances(who)).toEqual({ MXN: 100, JPY: 0 });
  });

  it('a top-up that names no machine is refused in yen, even after viewing the yen machine', async () => {
    const who = await member();
    await t.api(who.token).machines.get(tokio);

    const refused = await topUp(who, { amount: 1_000, currency: 'JPY' });

    expect(refused).toMatchObject({
      ok: false,
      error: { status: 422, error_code: 'currency_not_accepted', description: 'Las recargas se hacen en MXN.' },
    });
  });

  it("the yen machine's country sets its limits: its minimum_top_up and the maximum stated for yen", async () => {
    const who = await member();
    const at = (amount: number) => topUp(who, { amount, currency: 'JPY', product_server_id: tokio });

    const [under, least, most, over] = [await at(499), await at(500), await at(20_000), await at(20_001)];

    expect([under, over]).toMatchObject([
      { ok: false, error: { status: 422, error_code: 'amount_too_small', message: 'Monto mínimo 500' } },
      { ok: false, error: { status: 422, error_code: 'amount_too_large', message: 'Monto máximo 20000' } },
    ]);
    expect([least.ok, most.ok]).toEqual([true, true]);
    expect((await balances(who)).JPY).toBe(20_500);
  });

  it('a peso top-up keeps the peso limits: 2,001 is too large', async () => {
    const who = await member();

    const refused = await topUp(who, { amount: 2_001, currency: 'MXN', product_server_id: demo });

    expect(refused).toMatchObject({
      ok: false,
      error: { status: 422, error_code: 'amount_too_large', message: 'Monto máximo 2000' },
    });
  });

  it('the machine tells its country: yen, no decimals, and its minimum in yen', async () => {
    const found = await t.api().machines.get(tokio);

    expect(found).toMatchObject({
      ok: true,
      value: { product_server: { country: { currency_iso: 'JPY', iso: 'JP', minimun_top_up: 500 } } },
    });
  });

  it('/balances lists a balance for MXN and for each currency a machine sells in', async () => {
    const who = await member(150);

    const answer = await t.api(who.token).balances.list(who.id);

    expect(answer).toMatchObject({
      ok: true,
      value: {
        balances: [
          { amount: 150, currency: 'MXN' },
          { amount: 0, currency: 'JPY' },
        ],
      },
    });
  });

  it("the member's own balance field stays the MXN balance", async () => {
    const who = await member(150);
    await topUp(who, { amount: 2_000, currency: 'JPY', product_server_id: tokio });

    const read = await t.api(who.token).members.get(who.id);

    expect(read.ok && read.value.community_member.balance).toBe(150);
  });
});

describe('balances kept before a balance per currency (issue 32 point 5, migration 0008)', () => {
  it('are MXN and unchanged, even an entry booked under another currency then', { timeout: 60_000 }, async () => {
    const database = await emptyDatabase();
    // The test server, once started on the database, removes it when it closes.
    let after: TestServer | undefined;
    try {
      const before = await openDatabase(database.options);
      await new Migrator({ db: before, provider: migrationProvider }).migrateTo('0007_sign_in_challenges');
      const memberId = (await createMember(before, { country: '+52', phone: '5569000000' })) ?? 0;
      // Before, every entry counted as pesos in hundredths: a yen top-up included.
      await before
        .insertInto('ledger_entries')
        .values([
          { member_id: memberId, amount_cents: 15_000, currency: 'MXN', kind: 'seed', reference: 'old-seed' },
          { member_id: memberId, amount_cents: 200_000, currency: 'JPY', kind: 'top_up', reference: 'old-top-up' },
        ])
        .execute();
      await before.destroy();
      if (database.options.databaseUrl) await migrateDatabase(database.options);
      after = await startTestServer(database.options.dataDir, undefined, database.options.databaseUrl, {
        demo: false,
      });
      const token = await startSession(after.server.deps.db, memberId, after.clock.now());

      const answer = await after.api(token).balances.list(memberId);

      expect(answer).toMatchObject({ ok: true, value: { balances: [{ amount: 2_150, currency: 'MXN' }] } });
    } finally {
      await (after ? after.close() : database.drop());
    }
  });
});
