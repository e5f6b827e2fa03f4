import { describe, expect, it } from 'vitest';
import { demoShop, machineId } from '../testing/shop.ts';
import { removeExpiredRows } from './clean-up.ts';
import { restockAlertRules } from './restock-alerts.ts';

// Issue 35 point 2: "Avísame cuando haya": a member asks to be told when a sold-out product is back; every
// read of the member lists their alerts and says which are back; cancelled or seen, an alert ends.
const shop = demoShop();

let phones = 5547200000;
const member = () => shop.t.member(`+52${phones++}`);
const named = (name: string) => {
  const found = shop.items.find((item) => item.name === name);
  if (!found) throw new Error(name);
  return found;
};
const alertsOf = async (who: { id: number; token: string }) => {
  const read = await shop.t.api(who.token).members.get(who.id);
  return read.ok ? read.value.community_member.restock_alerts : undefined;
};
const ask = (who: { id: number; token: string }, productId: number, machine = shop.demo) =>
  shop.t.api(who.token).restockAlerts.create(who.id, { product_server_id: machine, product_id: productId });

describe('a restock alert (issue 35 point 2)', () => {
  it('is listed in the member answer, not back while the product is sold out', async () => {
    const who = await member();
    const torta = named('Torta de milanesa');

    const asked = await ask(who, torta.id);

    expect(asked).toMatchObject({ ok: true, value: { restock_alert: { product_id: torta.id, back: false } } });
    expect(await alertsOf(who)).toEqual([
      expect.objectContaining({ product_name: 'Torta de milanesa', product_server_name: 'demo', back: false }),
    ]);
  });

  it('says back in the next read of the member once the machine is restocked', async () => {
    const who = await member();
    const pila = named('Pila AA 2 piezas');
    await ask(who, pila.id);

    await shop.t.dev('/machines/demo/stock', { user_code: pila.user_code, stock: 6 });
    const alerts = await alertsOf(who);
    await shop.t.dev('/machines/demo/stock', { user_code: pila.user_code, stock: 0 });

    expect(alerts?.map((alert) => alert.back)).toEqual([true]);
  });

  it('ends when the member cancels it or dismisses its news, and is then not found', async () => {
    const who = await member();
    const asked = await ask(who, named('Torta de milanesa').id);
    const alertId = asked.ok ? asked.value.restock_alert.id : 0;

    const removed = await shop.t.api(who.token).restockAlerts.remove(who.id, alertId);
    const again = await shop.t.api(who.token).restockAlerts.remove(who.id, alertId);

    expect([removed.ok, again.ok ? 204 : again.error.status]).toEqual([true, 404]);
    expect(await alertsOf(who)).toEqual([]);
  });

  it('ends after 30 days: an old alert is no longer listed, and the clean-up removes its row', async () => {
    const who = await member();
    await ask(who, named('Torta de milanesa').id);

    shop.t.clock.advance(restockAlertRules.days * 86_400_000 + 1_000);
    const listed = await alertsOf(who);
    const removed = await removeExpiredRows(shop.t.server.deps.db, shop.t.clock, shop.t.server.deps.voucherProvider);

    expect(listed).toEqual([]);
    expect(removed.restockAlerts).toBeGreaterThanOrEqual(1);
  });

  it('asked twice for one product is one alert', async () => {
    const who = await member();
    const torta = named('Torta de milanesa');

    const [first, second] = await Promise.all([ask(who, torta.id), ask(who, torta.id)]);

    expect(first.ok && second.ok && first.value.restock_alert.id === second.value.restock_alert.id).toBe(true);
    expect(await alertsOf(who)).toHaveLength(1);
  });

  it("is not found for a product of another machine, and another member's cannot be ended", async () => {
    const who = await member();
    const stranger = await member();
    const torta = named('Torta de milanesa');
    const asked = await ask(who, torta.id);

    const elsewhere = await ask(who, torta.id, await machineId(shop.t, 'grande'));
    const theirs = await shop.t
      .api(stranger.token)
      .restockAlerts.remove(stranger.id, asked.ok ? asked.value.restock_alert.id : 0);

    expect(elsewhere.ok ? 201 : elsewhere.error.status).toBe(404);
    expect(theirs.ok ? 204 : theirs.error.status).toBe(404);
    expect(await alertsOf(who)).toHaveLength(1);
  });

  it(`keeps at most ${restockAlertRules.perMember} per member, however many are asked for at the same moment`, async () => {
    const who = await member();
    const products = shop.items.filter((item) => !item.serviceable).slice(0, restockAlertRules.perMember + 5);

    const answers = await Promise.all(products.map((item) => ask(who, item.id)));

    expect(answers.filter((answer) => answer.ok)).toHaveLength(restockAlertRules.perMember);
    expect(
      answers.filter((answer) => !answer.ok && answer.error.error_code === 'restock_alert_limit_reached'),
    ).toHaveLength(5);
    expect(await alertsOf(who)).toHaveLength(restockAlertRules.perMember);
  });
});
