import { SaleType } from '@vendo/core/contract';
import { describe, expect, it } from 'vitest';
import { seededSoldOut, seededStock } from '../seed/seed.ts';
import { balanceOf, buy, demoShop, itemsOf, machineId } from '../testing/shop.ts';

// Issue 35 point 1: the emulated machines keep stock per product; a deal reserves a unit, a delivery takes
// it, any other end gives it back; a sold-out product is refused before anything is held.
const shop = demoShop();

let phones = 5547100000;
const member = (balance = 500) => shop.t.member(`+52${phones++}`, balance);
let keys = 0;
const key = () => `stock-${keys++}`;
const named = (name: string) => {
  const found = shop.items.find((item) => item.name === name);
  if (!found) throw new Error(name);
  return found;
};
const stockOf = async (name: string, machine = shop.demo) =>
  (await itemsOf(shop.t, machine)).find((item) => item.name === name)?.stock;
const setStock = (userCode: string, stock: number) =>
  shop.t.dev('/machines/demo/stock', { user_code: userCode, stock });
/** The deal's status once the clock has moved `ms` on, read as the member would (which settles it). */
async function statusAfter(who: { token: string }, dealId: number, ms: number) {
  shop.t.clock.advance(ms);
  const read = await shop.t.api(who.token).deals.get(shop.demo, dealId);
  return read.ok ? read.value.deal.delivery_status : null;
}

describe('what a machine holds, in its product answers (issue 35 point 1)', () => {
  it('answers each counted product with available and its stock, the seeded sold-out ones at 0', async () => {
    const soldOut = seededSoldOut.demo?.map((index) => shop.items[index]);

    expect(soldOut?.map((item) => [item?.available, item?.stock])).toEqual([
      [false, 0],
      [false, 0],
    ]);
    expect(named('Agua natural 600 ml')).toMatchObject({ available: true, stock: seededStock });
  });

  it('answers a service as available, with no stock: a service takes no unit', () => {
    const service = shop.items.find((item) => item.serviceable);

    expect(service?.available).toBe(true);
    expect(service && 'stock' in service).toBe(false);
  });

  it('starts grande with sold-out products too', async () => {
    const grande = await itemsOf(shop.t, await machineId(shop.t, 'grande'));

    expect(grande.filter((item) => item.available === false)).toHaveLength(seededSoldOut.grande?.length ?? -1);
  });
});

describe('a deal and the stock (issue 35 point 1)', () => {
  it('refuses a sold-out product with product_sold_out, in the language of the request, holding nothing', async () => {
    const who = await member(100);
    const torta = named('Torta de milanesa');

    const [es, en] = await Promise.all(
      ['es', 'en'].map((locale) =>
        shop.t.api(who.token, locale).deals.create(shop.demo, buy(torta.user_code), { idempotencyKey: key() }),
      ),
    );

    expect([es, en]).toMatchObject([
      { ok: false, error: { status: 422, error_code: 'product_sold_out', message: 'Producto agotado' } },
      { ok: false, error: { status: 422, error_code: 'product_sold_out', message: 'Sold out' } },
    ]);
    expect(await balanceOf(shop.t, who)).toBe(100);
  });

  it('reserves a unit as the deal is made, and the delivery takes it', async () => {
    const item = named('Jugo de naranja 413 ml');
    await setStock(item.user_code, 5);
    const who = await member();

    const created = await shop.t.api(who.token).deals.create(shop.demo, buy(item.user_code), { idempotencyKey: key() });
    const reserved = await stockOf(item.name);
    const status = await statusAfter(who, created.ok ? created.value.deal.id : 0, 60_000);

    expect([reserved, status, await stockOf(item.name)]).toEqual([4, 0, 4]);
  });

  it('gives the unit back when the machine does not deliver', async () => {
    const item = named('Té helado de limón 500 ml');
    await setStock(item.user_code, 5);
    const who = await member();
    await shop.t.dev('/machines/demo/script', { member_id: who.id, deal_statuses: [{ status: 13, after_ms: 100 }] });

    const created = await shop.t.api(who.token).deals.create(shop.demo, buy(item.user_code), { idempotencyKey: key() });
    const reserved = await stockOf(item.name);
    const status = await statusAfter(who, created.ok ? created.value.deal.id : 0, 1_000);

    expect([reserved, status, await stockOf(item.name)]).toEqual([4, 13, 5]);
  });

  it('takes a unit for a delivered sample', async () => {
    const sample = shop.items.find((item) => item.sampleable && !item.sellable);
    if (!sample) throw new Error('no sample');
    await setStock(sample.user_code, 2);
    const who = await member(0);

    const created = await shop.t
      .api(who.token)
      .deals.create(shop.demo, buy(sample.user_code, { sale_type_code: SaleType.sample }), { idempotencyKey: key() });
    await statusAfter(who, created.ok ? created.value.deal.id : 0, 60_000);

    expect(await stockOf(sample.name)).toBe(1);
  });

  it("takes the vended product's unit for a buy on the machine's own keyboard", async () => {
    const item = named('Refresco de cola 355 ml');
    await setStock(item.user_code, 3);
    const who = await member();
    await shop.t.dev('/machines/demo/script', {
      member_id: who.id,
      deal_statuses: [{ status: 0, after_ms: 100, selection: item.user_code }],
    });

    const created = await shop.t
      .api(who.token)
      .deals.create(shop.demo, buy('0', { any_product: true }), { idempotencyKey: key() });
    await statusAfter(who, created.ok ? created.value.deal.id : 0, 1_000);

    expect(await stockOf(item.name)).toBe(2);
  });

  it('sells to 3 of 20 members buying the last 3 units at the same moment, and charges none of the 17 others', {
    timeout: 60_000,
  }, async () => {
    const item = named('Papas fritas sal de mar 45 g');
    await setStock(item.user_code, 3);
    const members = await Promise.all(Array.from({ length: 20 }, () => member(100)));

    const answers = await Promise.all(
      members.map((who) =>
        shop.t.api(who.token).deals.create(shop.demo, buy(item.user_code), { idempotencyKey: key() }),
      ),
    );
    shop.t.clock.advance(60_000);
    const statuses = await Promise.all(
      answers.map(async (answer, index) =>
        answer.ok ? statusAfter(members[index] ?? { token: '' }, answer.value.deal.id, 0) : null,
      ),
    );
    const balances = await Promise.all(members.map((who) => balanceOf(shop.t, who)));

    expect(statuses.filter((status) => status === 0)).toHaveLength(3);
    expect(answers.filter((answer) => !answer.ok && answer.error.error_code === 'product_sold_out')).toHaveLength(17);
    expect(balances.filter((balance) => balance === 100)).toHaveLength(17);
    expect(await stockOf(item.name)).toBe(0);
  });
});

describe('dev control sets what a machine holds (issue 35 point 1)', () => {
  it('restocks one product by its user code', async () => {
    const torta = named('Torta de milanesa');

    const answer = await shop.t.dev('/machines/demo/stock', { user_code: torta.user_code, stock: 8 });

    expect(answer.status).toBe(200);
    expect(await stockOf(torta.name)).toBe(8);
    await setStock(torta.user_code, 0);
  });

  it('sets every product the machine counts at once, services left uncounted', async () => {
    const other = await machineId(shop.t, '757');

    await shop.t.dev('/machines/757/stock', { stock: 7 });
    const after = await itemsOf(shop.t, other);

    expect(new Set(after.filter((item) => !item.serviceable).map((item) => item.stock))).toEqual(new Set([7]));
    expect(after.filter((item) => item.serviceable).every((item) => item.stock === undefined)).toBe(true);
  });

  it('answers 404 for a user code the machine does not have', async () => {
    const answer = await shop.t.dev('/machines/demo/stock', { user_code: 'nope', stock: 1 });

    expect(answer.status).toBe(404);
  });
});
