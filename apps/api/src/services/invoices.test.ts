import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCfdi } from '../cfdi/anexo20.ts';
import type { InvoicingPort } from '../cfdi/emulated-pac.ts';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import {
  attributeOf,
  berenice,
  invoicingOf,
  profileOf,
  refundShareOf,
  stoppedAt,
  topUpOf,
} from '../testing/invoices.ts';
import { requestInvoice, topUpInvoice } from './invoices.ts';
import { setPacAvailable } from './sat-register.ts';

// Issue 37 point 3: a member asks for the invoice (CFDI 4.0) of a credited top-up within the Mexico City month
// it was paid in; the emulated PAC checks the receptor against SAT's register and stamps it. Refused or failed,
// it says why and is retried with the profile as it is now; issued, it is answered again, never stamped twice.

let t: TestServer;
let phones = 0;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

/** A new member with the test taxpayer's profile, unless told to have none. */
async function member(withProfile = true) {
  const who = await t.member(`+52559810${String(++phones).padStart(4, '0')}`);
  if (withProfile) await profileOf(t, who.id);
  return who;
}

describe('an issued invoice (issue 37 point 3)', () => {
  it("passes the written-down Anexo 20 check, its Receptor is the member's profile and its Total the top-up's", async () => {
    const who = await member();
    const topUp = await topUpOf(t, who.id, { cents: 19_999 });

    const invoice = await requestInvoice(invoicingOf(t), who.id, topUp);

    const row = await t.server.deps.db
      .selectFrom('invoices')
      .select('xml')
      .where('id', '=', invoice.id)
      .executeTakeFirstOrThrow();
    const xml = row.xml ?? '';
    expect(checkCfdi(xml)).toEqual([]);
    expect({
      rfc: attributeOf(xml, 'cfdi:Receptor', 'Rfc'),
      name: attributeOf(xml, 'cfdi:Receptor', 'Nombre'),
      postalCode: attributeOf(xml, 'cfdi:Receptor', 'DomicilioFiscalReceptor'),
      regime: attributeOf(xml, 'cfdi:Receptor', 'RegimenFiscalReceptor'),
      use: attributeOf(xml, 'cfdi:Receptor', 'UsoCFDI'),
      total: attributeOf(xml, 'cfdi:Comprobante', 'Total'),
    }).toEqual({
      rfc: berenice.rfc,
      name: berenice.name,
      postalCode: berenice.postal_code,
      regime: berenice.tax_regime,
      use: berenice.cfdi_use,
      total: '199.99',
    });
    expect(invoice).toMatchObject({ status: 'issued', total: 199.99, subtotal: 172.41, iva: 27.58, currency: 'MXN' });
    expect(invoice.uuid).toBe(attributeOf(xml, 'tfd:TimbreFiscalDigital', 'UUID'));
  });

  it('is answered again when asked again, never stamped twice, even once its month is over', async () => {
    const who = await member();
    const topUp = await topUpOf(t, who.id, { paidAt: '2026-03-10T12:00:00-06:00' });
    const first = await requestInvoice(
      invoicingOf(t, { clock: stoppedAt('2026-03-10T12:05:00-06:00') }),
      who.id,
      topUp,
    );

    const again = await requestInvoice(
      invoicingOf(t, { clock: stoppedAt('2026-04-02T09:00:00-06:00') }),
      who.id,
      topUp,
    );

    expect(again).toEqual(first);
  });
});

describe('the window: the Mexico City month the top-up was paid in (issue 37 point 3)', () => {
  const paidAt = '2026-01-31T23:30:00-06:00';

  it('is open at 23:59 of the last day of that month', async () => {
    const who = await member();
    const topUp = await topUpOf(t, who.id, { paidAt });

    const invoice = await requestInvoice(
      invoicingOf(t, { clock: stoppedAt('2026-01-31T23:59:00-06:00') }),
      who.id,
      topUp,
    );

    expect(invoice.status).toBe('issued');
  });

  it('is closed on the 1st of the next month at 00:00', async () => {
    const who = await member();
    const topUp = await topUpOf(t, who.id, { paidAt });

    const asked = requestInvoice(invoicingOf(t, { clock: stoppedAt('2026-02-01T00:00:00-06:00') }), who.id, topUp);

    await expect(asked).rejects.toMatchObject({ code: 'invoice_window_closed' });
  });

  it('is read with the top-up as until the last second of that month, and as null once it closed', async () => {
    const who = await member();
    const topUp = await topUpOf(t, who.id, { paidAt });

    const open = await topUpInvoice(invoicingOf(t, { clock: stoppedAt('2026-01-31T23:59:00-06:00') }), who.id, topUp);
    const closed = await topUpInvoice(invoicingOf(t, { clock: stoppedAt('2026-02-01T00:00:00-06:00') }), who.id, topUp);

    expect([open, closed]).toEqual([
      { invoice: null, invoiceable_until: '2026-01-31T23:59:59-06:00', refunded: false },
      { invoice: null, invoiceable_until: null, refunded: false },
    ]);
  });
});

describe('what cannot be invoiced (issue 37 point 3)', () => {
  it('refuses a top-up not credited yet: top_up_not_credited', async () => {
    const who = await member();
    const topUp = await topUpOf(t, who.id, { status: 'pending' });

    await expect(requestInvoice(invoicingOf(t), who.id, topUp)).rejects.toMatchObject({ code: 'top_up_not_credited' });
  });

  it('refuses a top-up in another currency than pesos: top_up_not_credited', async () => {
    const who = await member();
    const topUp = await topUpOf(t, who.id, { currency: 'USD' });

    await expect(requestInvoice(invoicingOf(t), who.id, topUp)).rejects.toMatchObject({ code: 'top_up_not_credited' });
  });

  it.each(['requested', 'sent', 'done'] as const)(
    'refuses a top-up a balance refund part %s gives money back of: top_up_refunded (review point 1)',
    async (status) => {
      const who = await member();
      const topUp = await topUpOf(t, who.id);
      await refundShareOf(t, who.id, topUp, { status });

      await expect(requestInvoice(invoicingOf(t), who.id, topUp)).rejects.toMatchObject({ code: 'top_up_refunded' });
    },
  );

  it('invoices a top-up whose only refund part was refused: nothing of it went back (review point 1)', async () => {
    const who = await member();
    const topUp = await topUpOf(t, who.id);
    await refundShareOf(t, who.id, topUp, { status: 'refused' });

    const invoice = await requestInvoice(invoicingOf(t), who.id, topUp);

    expect(invoice.status).toBe('issued');
  });

  it('reads a top-up any of whose money went back as refunded, invoiceable until null (review point 1)', async () => {
    const who = await member();
    const topUp = await topUpOf(t, who.id);
    await refundShareOf(t, who.id, topUp);

    const read = await topUpInvoice(invoicingOf(t), who.id, topUp);

    expect(read).toEqual({ invoice: null, invoiceable_until: null, refunded: true });
  });

  it('refuses when the member saved no tax profile: tax_profile_missing', async () => {
    const who = await member(false);
    const topUp = await topUpOf(t, who.id);

    await expect(requestInvoice(invoicingOf(t), who.id, topUp)).rejects.toMatchObject({ code: 'tax_profile_missing' });
  });

  it("answers another member's top-up as not found", async () => {
    const owner = await member();
    const other = await member();
    const topUp = await topUpOf(t, owner.id);

    await expect(requestInvoice(invoicingOf(t), other.id, topUp)).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('refused or failed, retried with the profile as it is now (issue 37 point 3)', () => {
  it('a name SAT does not have is refused (name_mismatch, CFDI40145); corrected, the retry issues the same invoice', async () => {
    const who = await member(false);
    await profileOf(t, who.id, { ...berenice, name: 'BERENICE XIMENA QUEZADA' });
    const topUp = await topUpOf(t, who.id);
    const refused = await requestInvoice(invoicingOf(t), who.id, topUp);
    await profileOf(t, who.id, berenice);

    const retried = await requestInvoice(invoicingOf(t), who.id, topUp);

    expect(refused).toMatchObject({
      status: 'failed',
      failure: 'name_mismatch',
      failure_detail: 'CFDI40145',
      uuid: null,
    });
    expect(retried).toMatchObject({ id: refused.id, status: 'issued', failure: null, failure_detail: null });
  });

  it('with the PAC down the request fails as pac_unavailable; once it is up, the retry issues', async () => {
    const who = await member();
    const topUp = await topUpOf(t, who.id);
    await setPacAvailable(t.server.deps.db, false);
    const failed = await requestInvoice(invoicingOf(t), who.id, topUp).finally(() =>
      setPacAvailable(t.server.deps.db, true),
    );

    const retried = await requestInvoice(invoicingOf(t), who.id, topUp);

    expect(failed).toMatchObject({ status: 'failed', failure: 'pac_unavailable' });
    expect(retried).toMatchObject({ id: failed.id, status: 'issued' });
  });

  it('a PAC that does not answer within the timeout is stored as failed, pac_unavailable, and can be asked again', async () => {
    const who = await member();
    const topUp = await topUpOf(t, who.id);
    const emulated = invoicingOf(t).invoicing;
    const silent: InvoicingPort = { seal: (request) => emulated.seal(request), stamp: () => new Promise(() => {}) };

    const failed = await requestInvoice(invoicingOf(t, { invoicing: silent, pacTimeoutMs: 50 }), who.id, topUp);
    const retried = await requestInvoice(invoicingOf(t), who.id, topUp);

    expect(failed).toMatchObject({ status: 'failed', failure: 'pac_unavailable', failure_detail: 'timeout' });
    expect(retried.status).toBe('issued');
  });
});

describe('two requests at the same moment (issue 37 point 3)', () => {
  it('stamp once: one invoice, one folio fiscal, both answered with it', async () => {
    const who = await member();
    const topUp = await topUpOf(t, who.id);
    const emulated = invoicingOf(t).invoicing;
    let stamps = 0;
    // Slow enough that the second request arrives while the first is still with the PAC.
    const counting: InvoicingPort = {
      seal: (request) => emulated.seal(request),
      async stamp(sealedXml, signal) {
        stamps++;
        await new Promise((resolve) => setTimeout(resolve, 100));
        return emulated.stamp(sealedXml, signal);
      },
    };
    const deps = invoicingOf(t, { invoicing: counting });

    const [one, two] = await Promise.all([requestInvoice(deps, who.id, topUp), requestInvoice(deps, who.id, topUp)]);

    const rows = await t.server.deps.db
      .selectFrom('invoices')
      .select(['status', 'uuid'])
      .where('top_up_id', '=', topUp)
      .execute();
    expect(stamps).toBe(1);
    expect(one).toEqual(two);
    expect(rows).toEqual([{ status: 'issued', uuid: one.uuid }]);
  });
});
