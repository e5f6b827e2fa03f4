import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApi } from '@vendo/core';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freshServerDatabase, onServer } from '../testing/harness.ts';
import { postJson as post, type ServerProcess, startServerProcess } from '../testing/process.ts';
import { onPostgres, replicasNeedPostgres } from '../testing/replicas.ts';
import { buy } from '../testing/shop.ts';

/**
 * Two API processes on one PostgreSQL database. A makes a deal or a card link and is killed
 * (SIGKILL) before its first step; nobody polls; B has to bring it to its end by itself.
 * The rows are read straight from the database: an API read would settle them itself.
 */
const dataDirs: string[] = [];
let databaseUrl: string | undefined;
let db: pg.Pool | undefined;
let b: ServerProcess | undefined;
const started: ServerProcess[] = [];

// Every request comes from 127.0.0.1 here: per-address limits would count the whole file as one client.
const env = { VENDO_ADDRESS_LIMITS_SCALE: '1000' };

async function startReplica() {
  const dataDir = mkdtempSync(join(tmpdir(), 'vendo-replica-'));
  dataDirs.push(dataDir);
  const replica = await startServerProcess({ dataDir, databaseUrl }, env);
  started.push(replica);
  return replica;
}

beforeAll(async () => {
  if (!onPostgres) return;
  databaseUrl = await freshServerDatabase();
  db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  // One after the other: the first migrates and seeds, the second finds the database ready.
  await startReplica();
  b = await startReplica();
}, 60_000);
afterEach(async () => {
  for (const replica of started.filter((each) => each !== b)) await replica.kill();
});
afterAll(async () => {
  await b?.stop();
  await db?.end();
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl) await onServer(`drop database ${new URL(databaseUrl).pathname.slice(1)}`);
});

const row = async <T>(text: string, values: unknown[]) => (await db!.query(text, values)).rows[0] as T | undefined;
let phones = 5587000000;
async function member(url: string, balance: number) {
  const made = (await (await post(`${url}/__dev/members`, { phone: `+52${phones++}`, balance })).json()) as {
    id: number;
    auth_token: string;
  };
  const on = (replica: string) => createApi(apiOptions(replica, made.auth_token));
  return { id: made.id, api: on(url), on };
}
const apiOptions = (url: string, token: string) => ({
  baseUrl: `${url}/api/`,
  getToken: () => token,
  getLocale: () => 'es',
});

async function demoItem(api: ReturnType<typeof createApi>) {
  const demo = await api.machines.findByName('demo');
  const machine = demo.ok ? demo.value.product_server.id : 0;
  const listed = await api.products.list(machine);
  const items = listed.ok ? listed.value.product_server_items : [];
  const item = items.find((each) => each.sell_options.sellable && each.price === 18.5);
  return { machine, userCode: item?.user_code ?? '' };
}

/** A deal on A that follows `steps` (each relative to the one before), made by a member with `balance`. */
async function dealOnA(a: ServerProcess, steps: { status: number; after_ms: number }[], balance: number) {
  const who = await member(a.url, balance);
  await post(`${a.url}/__dev/machines/demo/script`, { deal_statuses: steps, member_id: who.id });
  const { machine, userCode } = await demoItem(who.api);
  const created = await who.api.deals.create(machine, buy(userCode), { idempotencyKey: `replica-${who.id}` });
  if (!created.ok) throw new Error(created.error.message ?? created.error.kind);
  return { who, machine, userCode, deal: created.value.deal };
}

const dealRow = (id: number) =>
  row<{ settled_at: Date | null; started_at: Date; charged_cents: number }>(
    'select settled_at, started_at, charged_cents from deals where id = $1',
    [id],
  );
const dealBookings = async (id: number) =>
  Number(
    (
      await row<{ n: string }>(`select count(*) as n from ledger_entries where kind = 'deal' and reference = $1`, [
        String(id),
      ])
    )?.n,
  );
const balanceCents = async (memberId: number) =>
  Number(
    (
      await row<{ cents: string }>('select sum(amount_cents) as cents from ledger_entries where member_id = $1', [
        memberId,
      ])
    )?.cents,
  );

/** Steps first reached a second after the start, so A is gone before any is due; the last at 1.5 s. */
const lastStepMs = 1_500;
const delivered = [
  { status: 2, after_ms: 1_000 },
  { status: 0, after_ms: 500 },
];

describe('timers survive the process that armed them (issue 16 point 2)', () => {
  it('settles and charges once a delivered deal whose replica was killed, without a poll, within seconds of its last step', {
    timeout: 60_000,
  }, async ({ skip }) => {
    skip(!onPostgres, replicasNeedPostgres);
    const a = await startReplica();
    const { who, deal } = await dealOnA(a, delivered, 100);

    await a.kill();

    await expect.poll(async () => (await dealRow(deal.id))?.settled_at ?? null, { timeout: 10_000 }).not.toBeNull();
    const settled = await dealRow(deal.id);
    expect(settled!.settled_at!.getTime() - settled!.started_at.getTime()).toBeLessThan(lastStepMs + 2_000);
    expect(settled!.charged_cents).toBe(1850);
    expect(await dealBookings(deal.id)).toBe(1);
    expect(await balanceCents(who.id)).toBe(10_000 - 1850);
  });

  it("releases the hold of a failed deal whose replica was killed, so the member's next buy is not refused", {
    timeout: 60_000,
  }, async ({ skip }) => {
    skip(!onPostgres, replicasNeedPostgres);
    const a = await startReplica();
    const failed = [
      { status: 2, after_ms: 1_000 },
      { status: 3, after_ms: 500 },
    ];
    // 20.00 covers one 18.50 buy: while the first deal holds its price, a second is refused (402).
    const { who, deal, machine, userCode } = await dealOnA(a, failed, 20);

    await a.kill();

    await expect.poll(async () => (await dealRow(deal.id))?.settled_at ?? null, { timeout: 10_000 }).not.toBeNull();
    expect((await dealRow(deal.id))!.charged_cents).toBe(0);
    const next = await who.on(b!.url).deals.create(machine, buy(userCode), { idempotencyKey: `next-${who.id}` });
    expect(next.ok).toBe(true);
  });

  it('brings a card link whose replica was killed to linked without a poll', {
    timeout: 60_000,
  }, async ({ skip }) => {
    skip(!onPostgres, replicasNeedPostgres);
    const a = await startReplica();
    const who = await member(a.url, 0);
    const steps = [
      { status: 'waiting', after_ms: 1_000 },
      { status: 'authenticated', after_ms: 250 },
      { status: 'linked', after_ms: 250 },
    ];
    await post(`${a.url}/__dev/machines/rfid/script`, { card_link_statuses: steps, member_id: who.id });
    const rfid = await who.api.machines.findByName('rfid');
    const link = await who.api.cardLinks.create(who.id, rfid.ok ? rfid.value.product_server.id : 0);
    const linkId = link.ok ? link.value.pending_card_link.id : 0;

    await a.kill();

    const status = async () =>
      (await row<{ status: string }>('select status from card_links where id = $1', [linkId]))?.status;
    await expect.poll(status, { timeout: lastStepMs + 3_000 }).toBe('linked');
    const card = await row<{ rfid_id: string | null }>('select rfid_id from members where id = $1', [who.id]);
    expect(card?.rfid_id).toBeTruthy();
  });

  it('tops up automatically after a charged deal whose replica was killed, once', {
    timeout: 60_000,
  }, async ({ skip }) => {
    skip(!onPostgres, replicasNeedPostgres);
    const a = await startReplica();
    const who = await member(a.url, 30);
    const cardId = await addCard(a.url, who);
    await who.api.topUps.updateAuto(who.id, {
      settings: { enabled: true, threshold: 50, amount: 100, credit_card_id: cardId },
    });
    await post(`${a.url}/__dev/machines/demo/script`, { deal_statuses: delivered, member_id: who.id });
    const { machine, userCode } = await demoItem(who.api);
    const created = await who.api.deals.create(machine, buy(userCode), { idempotencyKey: `auto-${who.id}` });
    const dealId = created.ok ? created.value.deal.id : 0;

    await a.kill();

    const topUp = async () =>
      (await row<{ status: string }>('select status from top_ups where order_id = $1', [`auto:${dealId}`]))?.status;
    await expect.poll(topUp, { timeout: 10_000 }).toBe('paid');
    expect(await balanceCents(who.id)).toBe(3_000 - 1850 + 10_000);
  });

  it('books the charge once when both replicas run jobs and both are polled at the moment the deal ends', {
    timeout: 60_000,
  }, async ({ skip }) => {
    skip(!onPostgres, replicasNeedPostgres);
    const a = await startReplica();
    const { who, deal, machine } = await dealOnA(a, delivered, 100);
    const pollBoth = () =>
      Promise.all([a.url, b!.url, a.url, b!.url, a.url, b!.url].map((url) => who.on(url).deals.get(machine, deal.id)));

    await expect
      .poll(async () => (await pollBoth()).map((each) => (each.ok ? each.value.deal.delivery_status : null)), {
        timeout: 10_000,
      })
      .toEqual([0, 0, 0, 0, 0, 0]);

    expect(await dealBookings(deal.id)).toBe(1);
    expect(await balanceCents(who.id)).toBe(10_000 - 1850);
  });
});

/** A saved visa, tokenised by the provider emulation as the app does it. */
async function addCard(url: string, who: { id: number; api: ReturnType<typeof createApi> }) {
  const basic = `Basic ${Buffer.from('pk_vendo_sandbox:').toString('base64')}`;
  const card = { card_number: '4242424242424242', holder_name: 'Ana', expiration_year: '30', expiration_month: '12' };
  const tokenised = (await (
    await post(`${url}/provider/v1/mvendosandbox/tokens`, { ...card, cvv2: '123' }, { Authorization: basic })
  ).json()) as { id: string };
  const added = await who.api.cards.add(who.id, {
    token: tokenised.id,
    device_session_id: 'd',
    holder_name: 'Ana',
    brand_name: 'visa',
  });
  if (!added.ok) throw new Error(added.error.message ?? added.error.kind);
  return added.value.credit_card.id;
}
