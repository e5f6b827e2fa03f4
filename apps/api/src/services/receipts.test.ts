import { receiptFolioPattern, SaleType } from '@vendo/core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, tokenise } from '../testing/harness.ts';
import { buy, type Item, itemsOf, machineId } from '../testing/shop.ts';

// Issue 35 point 3: a receipt for every delivered purchase and every credited top-up, with a folio that
// never repeats, dated in the machine's time zone, naming how it was paid and the balance after.
let t: TestServer;
let demo: number;
let tokio: number;
let items: Item[];
let yenItems: Item[];

beforeAll(async () => {
  t = await startTestServer();
  [demo, tokio] = [await machineId(t, 'demo'), await machineId(t, 'tokio')];
  [items, yenItems] = [await itemsOf(t, demo), await itemsOf(t, tokio)];
});
afterAll(() => t.close());

type Who = { id: number; token: string };
let phones = 5548100000;
const member = (balance?: number) => t.member(`+52${phones++}`, balance);
let keys = 0;
const key = () => `receipt-${keys++}`;
const water = () => items.find((item) => item.name === 'Agua natural 600 ml' && item.sellable)!;

/** A deal made through the API: its id, or a failure naming why. */
async function dealOf(who: Who, machine: number, userCode: string, extra: Parameters<typeof buy>[1] = {}) {
  const created = await t.api(who.token).deals.create(machine, buy(userCode, extra), { idempotencyKey: key() });
  if (!created.ok) throw new Error(`deal refused: ${created.error.message}`);
  return created.value.deal.id;
}

/** Time enough for every demo machine to deliver (1 → 2 → 0). */
const machinesDeliver = () => t.clock.advance(20_000);

async function savedVisa(who: Who) {
  const card = await t.api(who.token).cards.add(who.id, {
    token: await tokenise(t, '4111111111111111'),
    device_session_id: 'd',
    holder_name: 'Ana López',
    brand_name: 'visa',
  });
  if (!card.ok) throw new Error(card.error.message ?? card.error.kind);
  return card.value.credit_card.id;
}

/** A store-reference top-up, paid at the store at once: its top-up id. */
async function paidReference(who: Who, amount: number, product_server_id?: number) {
  const body = { amount, currency: product_server_id === tokio ? 'JPY' : 'MXN', product_server_id };
  const issued = await t.api(who.token).topUps.byReference(who.id, body, { idempotencyKey: key() });
  if (!issued.ok) throw new Error(issued.error.message ?? issued.error.kind);
  const reference = issued.value.payment_reference.reference.replace(/\s/g, '');
  await t.dev(`/references/${reference}/pay`, {});
  const row = await t.server.deps.db
    .selectFrom('top_ups')
    .select('id')
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();
  return { id: row.id, reference: issued.value.payment_reference.reference };
}

const dealReceipt = (who: Who, dealId: number) => t.api(who.token).receipts.deal(who.id, dealId);
const topUpReceipt = (who: Who, topUpId: number) => t.api(who.token).receipts.topUp(who.id, topUpId);
const statusOf = (answer: { ok: boolean; error?: { status: number | null } }) =>
  answer.ok ? 200 : answer.error?.status;

describe('the receipt of a delivered purchase (issue 35 point 3)', () => {
  it('a balance buy: a VEN folio, the machine, the product, its price, paid from the balance, the balance right after it', async () => {
    const who = await member(100);
    const dealId = await dealOf(who, demo, water().user_code);
    machinesDeliver();
    // The app's poll sees the delivery (and the charge is booked); a later top-up does not change the
    // balance after the purchase.
    await t.api(who.token).deals.get(demo, dealId);
    await paidReference(who, 50);

    const answer = await dealReceipt(who, dealId);

    expect(answer).toMatchObject({
      ok: true,
      value: {
        receipt: {
          kind: 'deal',
          id: dealId,
          machine: { id: demo, name: 'demo' },
          product: { name: 'Agua natural 600 ml', user_code: water().user_code },
          sale_type_code: SaleType.sale,
          price: water().price,
          sample: false,
          amount: water().price,
          currency: 'MXN',
          payment: { method: 'balance' },
          balance_after: 100 - (water().price ?? 0),
        },
      },
    });
    expect(answer.ok && answer.value.receipt.folio).toMatch(/^VEN-\d{6}$/);
  });

  it('a free sample says sample: nothing charged, paid by nothing, the balance untouched', async () => {
    const who = await member(40);
    const sampleable = items.find((item) => item.sampleable)!;
    const dealId = await dealOf(who, demo, sampleable.user_code, { sale_type_code: SaleType.sample });
    machinesDeliver();

    const answer = await dealReceipt(who, dealId);

    expect(answer).toMatchObject({
      ok: true,
      value: {
        receipt: {
          product: { name: sampleable.name },
          sale_type_code: SaleType.sample,
          sample: true,
          price: 0,
          amount: 0,
          payment: { method: 'sample' },
          balance_after: 40,
        },
      },
    });
  });

  it('a direct payment by card names the card: brand and last 4', async () => {
    const who = await member(10);
    const cardId = await savedVisa(who);
    const dealId = await dealOf(who, demo, water().user_code, { credit_card_id: cardId });
    machinesDeliver();

    const answer = await dealReceipt(who, dealId);

    expect(answer).toMatchObject({
      ok: true,
      value: {
        receipt: {
          amount: water().price,
          payment: { method: 'card', card_brand: 'visa', card_last4: '1111' },
          balance_after: 0,
        },
      },
    });
  });
});

describe('the receipt of a credited top-up (issue 35 point 3)', () => {
  it('by saved card: the amount credited, the card, the machine it was made for, the balance after', async () => {
    const who = await member(25);
    const cardId = await savedVisa(who);
    const made = await t.api(who.token).topUps.create(
      who.id,
      {
        credit_card_id: cardId,
        amount: 100,
        currency: 'MXN',
        cvv: '123',
        update_cvv: false,
        with_redirect: false,
        product_server_id: demo,
      },
      { idempotencyKey: key() },
    );
    const topUpId = made.ok && made.value.top_up ? made.value.top_up.id : 0;

    const answer = await topUpReceipt(who, topUpId);

    expect(answer).toMatchObject({
      ok: true,
      value: {
        receipt: {
          kind: 'top_up',
          id: topUpId,
          machine: { id: demo, name: 'demo' },
          product: null,
          sale_type_code: null,
          price: null,
          sample: false,
          amount: 100,
          currency: 'MXN',
          payment: { method: 'card', card_brand: 'visa', card_last4: '1111' },
          balance_after: 125,
          time_zone: 'America/Mexico_City',
        },
      },
    });
    expect(answer.ok && answer.value.receipt.folio).toMatch(receiptFolioPattern);
  });

  it('by store reference: the reference paid, no machine when it named none', async () => {
    const who = await member();
    const { id, reference } = await paidReference(who, 200);

    const answer = await topUpReceipt(who, id);

    expect(answer).toMatchObject({
      ok: true,
      value: {
        receipt: { machine: null, amount: 200, payment: { method: 'reference', reference }, balance_after: 200 },
      },
    });
  });
});

describe('only a delivered purchase or a credited top-up of the member has a receipt: 404 otherwise (issue 35 point 3)', () => {
  it('a purchase still on its way, and one the machine failed to deliver, answer 404', async () => {
    const who = await member(100);
    const onItsWay = await dealOf(who, demo, water().user_code);
    await t.dev('/machines/demo/script', { member_id: who.id, deal_statuses: [{ status: 5, after_ms: 100 }] });
    const failed = await dealOf(who, demo, water().user_code);
    t.clock.advance(1_000);

    const answers = await Promise.all([dealReceipt(who, onItsWay), dealReceipt(who, failed)]);

    expect(answers.map(statusOf)).toEqual([404, 404]);
  });

  it('a top-up not yet paid answers 404', async () => {
    const who = await member();
    await t.api(who.token).topUps.byReference(who.id, { amount: 100, currency: 'MXN' }, { idempotencyKey: key() });
    const pending = await t.server.deps.db
      .selectFrom('top_ups')
      .select('id')
      .where('member_id', '=', who.id)
      .executeTakeFirstOrThrow();

    expect(statusOf(await topUpReceipt(who, pending.id))).toBe(404);
  });

  it("another member's delivered purchase and credited top-up answer 404, under their id or under the stranger's", async () => {
    const owner = await member(100);
    const stranger = await member(100);
    const dealId = await dealOf(owner, demo, water().user_code);
    machinesDeliver();
    const { id: topUpId } = await paidReference(owner, 100);

    const answers = await Promise.all([
      dealReceipt(stranger, dealId),
      topUpReceipt(stranger, topUpId),
      t.api(stranger.token).receipts.deal(owner.id, dealId),
      t.api(stranger.token).receipts.topUp(owner.id, topUpId),
    ]);

    expect(answers.map(statusOf)).toEqual([404, 404, 404, 404]);
  });
});

describe('a folio never repeats (issue 35 point 3)', () => {
  it('two first reads of one receipt at the same moment answer the same folio', async () => {
    const who = await member(100);
    const dealId = await dealOf(who, demo, water().user_code);
    machinesDeliver();

    const [first, second] = await Promise.all([dealReceipt(who, dealId), dealReceipt(who, dealId)]);

    expect(first.ok && second.ok).toBe(true);
    expect(first.ok && first.value.receipt.folio).toBe(second.ok && second.value.receipt.folio);
  });

  it('20 receipts read for the first time at the same moment, purchases and top-ups, each get a folio of their own', async () => {
    const who = await member(1_000);
    const deals: number[] = [];
    for (let n = 0; n < 12; n++) deals.push(await dealOf(who, demo, water().user_code));
    const topUps: number[] = [];
    for (let n = 0; n < 8; n++) topUps.push((await paidReference(who, 50)).id);
    machinesDeliver();

    const answers = await Promise.all([
      ...deals.map((id) => dealReceipt(who, id)),
      ...topUps.map((id) => topUpReceipt(who, id)),
    ]);

    const folios = answers.map((answer) => (answer.ok ? answer.value.receipt.folio : answer.error.status));
    expect(folios.every((folio) => receiptFolioPattern.test(String(folio)))).toBe(true);
    expect(new Set(folios).size).toBe(20);
  });
});

describe("a receipt is dated in its machine's time zone, from the machine's country (issue 35 point 3)", () => {
  it('a purchase at an MX machine: America/Mexico_City, the offset -06:00', async () => {
    const who = await member(100);
    const dealId = await dealOf(who, demo, water().user_code);
    machinesDeliver();

    const answer = await dealReceipt(who, dealId);

    expect(answer).toMatchObject({ ok: true, value: { receipt: { time_zone: 'America/Mexico_City' } } });
    expect(answer.ok && answer.value.receipt.issued_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-06:00$/);
  });

  it('a purchase at the JP machine tokio: Asia/Tokyo, the offset +09:00, the same instant, in yen', async () => {
    const who = await member();
    await paidReference(who, 2_000, tokio);
    const yen = yenItems.find((item) => item.sellable && item.user_code === '10')!;
    const dealId = await dealOf(who, tokio, yen.user_code);
    machinesDeliver();

    const answer = await dealReceipt(who, dealId);

    const receipt = answer.ok ? answer.value.receipt : null;
    expect(receipt).toMatchObject({
      time_zone: 'Asia/Tokyo',
      currency: 'JPY',
      balance_after: 2_000 - (yen.price ?? 0),
    });
    expect(receipt?.issued_at).toMatch(/\+09:00$/);
    const settled = await t.server.deps.db
      .selectFrom('deals')
      .select('settled_at')
      .where('id', '=', dealId)
      .executeTakeFirstOrThrow();
    expect(new Date(receipt?.issued_at ?? 0).getTime()).toBe(
      Math.floor((settled.settled_at?.getTime() ?? 0) / 1000) * 1000,
    );
  });

  it('a top-up made for the JP machine is dated in Tokyo and names it', async () => {
    const who = await member();
    const { id } = await paidReference(who, 1_000, tokio);

    const answer = await topUpReceipt(who, id);

    expect(answer).toMatchObject({
      ok: true,
      value: {
        receipt: { time_zone: 'Asia/Tokyo', machine: { id: tokio, name: 'tokio' }, currency: 'JPY', amount: 1_000 },
      },
    });
  });
});
