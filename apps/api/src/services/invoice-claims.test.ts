import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatedPac, type InvoicingPort, type PacAnswer } from '../cfdi/emulated-pac.ts';
import { registeredTaxpayer } from '../cfdi/sat-taxpayers.ts';
import { capturedLog } from '../testing/captured-log.ts';
import { testKeys } from '../testing/cfdi.ts';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { attributeOf, berenice, invoicingOf, profileOf, stoppedAt, topUpOf } from '../testing/invoices.ts';
import { requestInvoice } from './invoices.ts';

// Issue 37 point 3, as a review mended it: one stamp per top-up. The member leaving does not stop a stamp; a
// retry after the PAC did not answer resends the very document sealed before (unless what it was built from
// changed); and a late answer never overwrites the outcome of another claim on the row.

const emulated = () =>
  emulatedPac({ issuerKeyPem: testKeys().issuer, pacKeyPem: testKeys().pac, taxpayer: registeredTaxpayer });

/** A PAC that holds each stamp until told to answer, and keeps every document handed to it. */
function heldPac() {
  const pac = emulated();
  const sent: string[] = [];
  let arrive = () => {};
  let answer = () => {};
  const reached = { promise: new Promise<void>((resolve) => (arrive = resolve)), resolve: () => arrive() };
  const released = { promise: new Promise<void>((resolve) => (answer = resolve)), resolve: () => answer() };
  const port: InvoicingPort = {
    seal: (request) => pac.seal(request),
    async stamp(sealedXml) {
      sent.push(sealedXml);
      reached.resolve();
      await released.promise;
      return pac.stamp(sealedXml);
    },
  };
  return { port, sent, reached: reached.promise, release: () => released.resolve() };
}

/** A PAC that never answers, keeping what it was handed. */
function silentPac() {
  const pac = emulated();
  const sent: string[] = [];
  const port: InvoicingPort = {
    seal: (request) => pac.seal(request),
    stamp: (sealedXml) => {
      sent.push(sealedXml);
      return new Promise<PacAnswer>(() => {});
    },
  };
  return { port, sent };
}

/** A PAC that answers at once, keeping what it was handed. */
function recordingPac() {
  const pac = emulated();
  const sent: string[] = [];
  const port: InvoicingPort = {
    seal: (request) => pac.seal(request),
    stamp: (sealedXml, signal) => {
      sent.push(sealedXml);
      return pac.stamp(sealedXml, signal);
    },
  };
  return { port, sent };
}

// The server's own PAC, for the route's test: whichever the test puts here.
let serverPac: InvoicingPort = emulated();
let t: TestServer;
let phones = 0;
beforeAll(async () => {
  t = await startTestServer(undefined, undefined, undefined, {
    invoicing: { seal: (request) => serverPac.seal(request), stamp: (xml, signal) => serverPac.stamp(xml, signal) },
  });
});
afterAll(() => t.close());

async function member() {
  const who = await t.member(`+52559850${String(++phones).padStart(4, '0')}`);
  await profileOf(t, who.id);
  return who;
}

const rowsOf = (topUpId: number) =>
  t.server.deps.db
    .selectFrom('invoices')
    .select(['status', 'uuid', 'failure'])
    .where('top_up_id', '=', topUpId)
    .execute();

describe('the member leaving does not stop a stamp (review point 2)', () => {
  it('a request aborted while the PAC stamps still ends issued, its stamp stored', async () => {
    const held = heldPac();
    serverPac = held.port;
    const who = await member();
    const topUp = await topUpOf(t, who.id);
    const leaving = new AbortController();
    const asked = fetch(`${t.url}/api/community_members/${who.id}/top_ups/${topUp}/invoice`, {
      method: 'POST',
      headers: { Authorization: `Token token=${who.token}` },
      signal: leaving.signal,
    }).catch(() => 'left');
    await held.reached;
    leaving.abort();
    await asked;
    // A later request answered: the server has seen the first one's connection close by then.
    await t.api(who.token).invoices.ofTopUp(who.id, topUp);

    held.release();

    await expect.poll(() => rowsOf(topUp)).toEqual([{ status: 'issued', uuid: expect.any(String), failure: null }]);
  });
});

describe('a retry after the PAC did not answer (review point 2)', () => {
  it('sends the same sealed document again when the profile did not change', async () => {
    const who = await member();
    const topUp = await topUpOf(t, who.id, { paidAt: '2026-03-10T12:00:00-06:00' });
    const silent = silentPac();
    const answering = recordingPac();
    await requestInvoice(
      invoicingOf(t, { invoicing: silent.port, pacTimeoutMs: 50, clock: stoppedAt('2026-03-10T12:01:00-06:00') }),
      who.id,
      topUp,
    );

    const retried = await requestInvoice(
      invoicingOf(t, { invoicing: answering.port, clock: stoppedAt('2026-03-10T12:05:00-06:00') }),
      who.id,
      topUp,
    );

    expect(retried.status).toBe('issued');
    expect(answering.sent).toHaveLength(1);
    expect(answering.sent[0]).toBe(silent.sent[0]);
  });

  it('seals a new document when the profile changed in between', async () => {
    const who = await member();
    const topUp = await topUpOf(t, who.id, { paidAt: '2026-03-10T12:00:00-06:00' });
    const silent = silentPac();
    const answering = recordingPac();
    await requestInvoice(
      invoicingOf(t, { invoicing: silent.port, pacTimeoutMs: 50, clock: stoppedAt('2026-03-10T12:01:00-06:00') }),
      who.id,
      topUp,
    );
    await profileOf(t, who.id, { ...berenice, cfdi_use: 'G01' });

    await requestInvoice(
      invoicingOf(t, { invoicing: answering.port, clock: stoppedAt('2026-03-10T12:05:00-06:00') }),
      who.id,
      topUp,
    );

    const [before, after] = [silent.sent[0] ?? '', answering.sent[0] ?? ''];
    expect([attributeOf(before, 'cfdi:Receptor', 'UsoCFDI'), attributeOf(after, 'cfdi:Receptor', 'UsoCFDI')]).toEqual([
      'G03',
      'G01',
    ]);
    expect(attributeOf(after, 'cfdi:Comprobante', 'Fecha')).toBe('2026-03-10T12:05:00');
  });
});

describe("a late answer never overwrites another claim's outcome (review point 3)", () => {
  it('is logged as orphaned by its folio fiscal alone, and the row keeps the outcome of the claim after it', async () => {
    const who = await member();
    const topUp = await topUpOf(t, who.id, { paidAt: '2026-03-10T12:00:00-06:00' });
    const held = heldPac();
    const log = capturedLog('warn');
    const slow = requestInvoice(
      invoicingOf(t, {
        invoicing: held.port,
        pacTimeoutMs: 60_000,
        clock: stoppedAt('2026-03-10T12:01:00-06:00'),
        log: log.logger,
      }),
      who.id,
      topUp,
    );
    await held.reached;
    // Minutes later the pending row reads as abandoned (its process taken for dead): it is failed, then claimed
    // again and issued.
    await requestInvoice(
      invoicingOf(t, { pacTimeoutMs: 60_000, clock: stoppedAt('2026-03-10T12:10:00-06:00') }),
      who.id,
      topUp,
    );
    const issued = await requestInvoice(
      invoicingOf(t, { clock: stoppedAt('2026-03-10T12:11:00-06:00') }),
      who.id,
      topUp,
    );

    held.release();
    const late = await slow;

    const orphan = await log.written(
      'invoice: an orphaned PAC answer came back after its claim was given up; nothing changed',
    );
    expect(await rowsOf(topUp)).toEqual([{ status: 'issued', uuid: issued.uuid, failure: null }]);
    expect(late).toEqual(issued);
    expect(orphan.uuid).toMatch(/^[0-9A-F-]{36}$/);
    expect(orphan.uuid).not.toBe(issued.uuid);
    expect(log.lines.join('\n')).not.toMatch(new RegExp(`${berenice.rfc}|${berenice.name}`));
  });
});
