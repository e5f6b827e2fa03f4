import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.ts';

let t: TestServer;
afterAll(() => t.close());

describe('storage survives a restart (PGlite in VENDO_DATA_DIR)', () => {
  // Two database starts in one test: on a loaded CI machine that alone can pass the 5 s default.
  it('keeps members, sessions, money and deals, and does not seed twice', { timeout: 30_000 }, async () => {
    t = await startTestServer();
    const ana = await t.signIn('5512345678');
    const api = t.api(ana.token);
    const demo = await api.machines.findByName('demo');
    const machine = demo.ok ? demo.value.product_server.id : 0;
    await api.deals.create(
      machine,
      { user_code: '10', sale_type_code: 2, origin: 'web', any_product: false, locale: 'es' },
      { idempotencyKey: 'p1' },
    );
    t.clock.advance(10_000);
    const before = await api.deals.list(ana.id);
    await api.rfids.create({ name: 'Gafete', rfid_id: '1234567890', rfid_key: 'ff00' });

    t = await t.restart();

    const again = t.api(ana.token);
    const member = await again.members.get(ana.id);
    expect(member.ok && member.value.community_member.balance).toBe(136);
    expect(await again.deals.list(ana.id)).toEqual(before);
    const rfids = await again.rfids.list();
    expect(rfids.ok && rfids.value.community_member_rfids.map((rfid) => rfid.rfid_id)).toEqual(['1234567890']);
    const machines = await t.server.deps.db.selectFrom('machines').select('name').where('name', '=', 'demo').execute();
    expect(machines).toHaveLength(1);
  });
});
