import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { berenice, profileOf, topUpOf } from '../testing/invoices.ts';

// Issue 37 point 3's dev control, as the journeys use it: a taxpayer the emulated SAT knows, the PAC down and up,
// and a top-up paid in an earlier month; and what a member sees of an invoice on the receipt and the statement.

let t: TestServer;
let phones = 0;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

async function member() {
  return t.member(`+52559850${String(++phones).padStart(4, '0')}`);
}

describe('dev control for invoices (issue 37 point 3)', () => {
  it('a taxpayer registered through it is one the PAC issues invoices to', async () => {
    const who = await member();
    const profile = {
      rfc: 'MAHM670102N73',
      name: 'MARIA ANTONIETA HERNANDEZ',
      postal_code: '06600',
      tax_regime: '605',
      cfdi_use: 'S01',
    };
    await profileOf(t, who.id, profile);
    const topUp = await topUpOf(t, who.id);
    const before = await t.api(who.token).invoices.request(who.id, topUp);

    await t.dev('/sat_taxpayers', { rfc: profile.rfc, name: profile.name, postal_code: '06600', regimes: ['605'] });
    const after = await t.api(who.token).invoices.request(who.id, topUp);

    expect(before.ok && before.value.invoice.failure).toBe('rfc_not_registered');
    expect(after.ok && after.value.invoice.status).toBe('issued');
  });

  it('takes the PAC down, every request failing pac_unavailable, and brings it up', async () => {
    const who = await member();
    await profileOf(t, who.id, berenice);
    const topUp = await topUpOf(t, who.id);

    await t.dev('/pac', { available: false });
    const down = await t.api(who.token).invoices.request(who.id, topUp);
    await t.dev('/pac', { available: true });
    const up = await t.api(who.token).invoices.request(who.id, topUp);

    expect(down.ok && down.value.invoice.failure).toBe('pac_unavailable');
    expect(up.ok && up.value.invoice.status).toBe('issued');
  });

  it("moves a top-up's payment into last month: its invoice window is closed", async () => {
    const who = await member();
    await profileOf(t, who.id, berenice);
    const topUp = await topUpOf(t, who.id);
    const lastMonth = new Date(t.clock.now().getTime() - 40 * 86_400_000).toISOString();

    const moved = await t.dev(`/top_ups/${topUp}/paid_at`, { paid_at: lastMonth });
    const asked = await t.api(who.token).invoices.request(who.id, topUp);

    expect(moved.status).toBe(200);
    expect(asked.ok ? null : asked.error.error_code).toBe('invoice_window_closed');
  });

  it("the statement gives a top-up's payment date, the month the history judges its invoice by", async () => {
    const who = await member();
    const topUp = await topUpOf(t, who.id);
    const lastMonth = new Date(t.clock.now().getTime() - 40 * 86_400_000).toISOString();
    await t.dev(`/top_ups/${topUp}/paid_at`, { paid_at: lastMonth });

    const statement = await t.api(who.token).statement.get(who.id);

    const entry = statement.ok
      ? statement.value.entries.find((one) => one.kind === 'top_up' && one.top_up.id === topUp)
      : undefined;
    expect(entry?.kind === 'top_up' && entry.top_up.paid_at).toBe(lastMonth);
  });
});

describe('an invoiced top-up as the member reads it elsewhere (issue 37 point 3)', () => {
  it("its receipt gives the folio fiscal and the statement marks it invoiced; another top-up's does not", async () => {
    const who = await member();
    await profileOf(t, who.id, berenice);
    const invoiced = await topUpOf(t, who.id);
    const plain = await topUpOf(t, who.id);
    const asked = await t.api(who.token).invoices.request(who.id, invoiced);
    const api = t.api(who.token);

    const [receipt, other, statement] = await Promise.all([
      api.receipts.topUp(who.id, invoiced),
      api.receipts.topUp(who.id, plain),
      api.statement.get(who.id),
    ]);

    const marks = statement.ok
      ? statement.value.entries.flatMap((entry) =>
          entry.kind === 'top_up' ? [[entry.top_up.id, entry.top_up.invoiced]] : [],
        )
      : [];
    expect(receipt.ok && receipt.value.receipt.invoice_uuid).toBe(asked.ok ? asked.value.invoice.uuid : 'no invoice');
    expect(other.ok && other.value.receipt.invoice_uuid).toBeNull();
    expect(marks.sort()).toEqual(
      [
        [invoiced, true],
        [plain, false],
      ].sort(),
    );
  });

  it('the statement marks only a top-up in pesos: one in dollars carries no invoiced mark (review point 5)', async () => {
    const who = await member();
    const dollars = await topUpOf(t, who.id, { currency: 'USD' });
    const pesos = await topUpOf(t, who.id);

    const statement = await t.api(who.token).statement.get(who.id);

    const marks = statement.ok
      ? statement.value.entries.flatMap((entry) =>
          entry.kind === 'top_up' ? [[entry.top_up.id, 'invoiced' in entry.top_up]] : [],
        )
      : [];
    expect(marks.sort()).toEqual(
      [
        [dollars, false],
        [pesos, true],
      ].sort(),
    );
  });
});
