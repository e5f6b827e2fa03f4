import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../http/rate-limits.ts';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { profileOf, refundShareOf, topUpOf } from '../testing/invoices.ts';

// Issue 37 point 3: a member's invoices are theirs only (another's top-up or invoice is not found, as if it did
// not exist), and every call a client can repeat has its limit.

let t: TestServer;
let phones = 0;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

async function member() {
  const who = await t.member(`+52559830${String(++phones).padStart(4, '0')}`);
  await profileOf(t, who.id);
  return who;
}

function call(who: { token: string }, method: string, path: string) {
  return fetch(`${t.url}/api/${path}`, { method, headers: { Authorization: `Token token=${who.token}` } });
}

/** An owner with an issued invoice, and someone else. */
async function ownerAndStranger() {
  const owner = await member();
  const stranger = await member();
  const topUp = await topUpOf(t, owner.id);
  const asked = await t.api(owner.token).invoices.request(owner.id, topUp);
  if (!asked.ok) throw new Error(`no invoice: ${asked.error.error_code}`);
  return { owner, stranger, topUp, invoice: asked.value.invoice.id };
}

describe("another member's top-up or invoice is not found (issue 37 point 3)", () => {
  it.each([
    ['GET', 'top_ups/{topUp}/invoice'],
    ['POST', 'top_ups/{topUp}/invoice'],
    ['GET', 'invoices/{invoice}/files'],
    ['POST', 'invoices/{invoice}/email'],
  ])('%s %s through their own member path: 404', async (method, tail) => {
    const { stranger, topUp, invoice } = await ownerAndStranger();
    const path = tail.replace('{topUp}', String(topUp)).replace('{invoice}', String(invoice));

    const answer = await call(stranger, method, `community_members/${stranger.id}/${path}`);

    expect(answer.status).toBe(404);
  });

  it("through the owner's member path: 404, as every member call answers another member's id", async () => {
    const { owner, stranger, topUp } = await ownerAndStranger();

    const answer = await call(stranger, 'GET', `community_members/${owner.id}/top_ups/${topUp}/invoice`);

    expect(answer.status).toBe(404);
  });
});

describe('the owner reads what they asked for (issue 37 point 3)', () => {
  it('the invoice with its top-up, and its files: the XML and the PDF', async () => {
    const { owner, topUp, invoice } = await ownerAndStranger();
    const api = t.api(owner.token);

    const read = await api.invoices.ofTopUp(owner.id, topUp);
    const files = await api.invoices.files(owner.id, invoice);

    expect(read.ok && read.value.invoice?.id).toBe(invoice);
    expect(files.ok && files.value.xml).toContain('cfdi:Comprobante');
    expect(files.ok && Buffer.from(files.value.pdf_base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('no files of an invoice that failed: 422 invoice_not_issued', async () => {
    const who = await t.member(`+52559830${String(++phones).padStart(4, '0')}`);
    await profileOf(t, who.id, {
      rfc: 'CACX7605101P8',
      name: 'NADIE',
      postal_code: '36257',
      tax_regime: '612',
      cfdi_use: 'G03',
    });
    const asked = await t.api(who.token).invoices.request(who.id, await topUpOf(t, who.id));
    const failed = asked.ok ? asked.value.invoice : null;

    const files = await t.api(who.token).invoices.files(who.id, failed?.id ?? 0);

    expect(failed?.failure).toBe('name_mismatch');
    expect(files.ok ? null : [files.error.status, files.error.error_code]).toEqual([422, 'invoice_not_issued']);
  });
});

describe('a top-up given back in part (issue 37 point 3, review point 1)', () => {
  it.each([
    ['es', 'Esta recarga no se puede facturar'],
    ['en', 'This top-up cannot be invoiced'],
  ])('is refused 422 top_up_refunded, in the language asked for (%s), and read as refunded', async (lang, words) => {
    const who = await member();
    const topUp = await topUpOf(t, who.id);
    await refundShareOf(t, who.id, topUp);

    const asked = await t.api(who.token, lang).invoices.request(who.id, topUp);
    const read = await t.api(who.token, lang).invoices.ofTopUp(who.id, topUp);

    expect(asked.ok ? null : [asked.error.status, asked.error.error_code, asked.error.message]).toEqual([
      422,
      'top_up_refunded',
      words,
    ]);
    expect(read.ok && read.value).toEqual({ invoice: null, invoiceable_until: null, refunded: true });
  });
});

describe('limits (issue 37 point 3)', () => {
  async function spend(who: { token: string }, method: string, path: string, points: number) {
    for (let n = 0; n < points; n++) await (await call(who, method, path)).arrayBuffer();
    return call(who, method, path);
  }

  it(`a tax profile is read or saved at most ${rateLimits.taxProfilesPerMember.points} times in 10 minutes`, async () => {
    const who = await member();

    const past = await spend(
      who,
      'GET',
      `community_members/${who.id}/tax_profile`,
      rateLimits.taxProfilesPerMember.points,
    );

    expect(rateLimits.taxProfilesPerMember).toEqual({ points: 30, windowSeconds: 600 });
    expect(past.status).toBe(429);
  });

  it(`invoices are asked for at most ${rateLimits.invoiceRequestsPerMember.points} times an hour`, async () => {
    const who = await member();
    const topUp = await topUpOf(t, who.id, { status: 'pending' });

    const past = await spend(
      who,
      'POST',
      `community_members/${who.id}/top_ups/${topUp}/invoice`,
      rateLimits.invoiceRequestsPerMember.points,
    );

    expect(rateLimits.invoiceRequestsPerMember).toEqual({ points: 20, windowSeconds: 3_600 });
    expect(past.status).toBe(429);
  });

  it(`invoices and their files are read at most ${rateLimits.invoiceReadsPerMember.points} times in 10 minutes`, async () => {
    const who = await member();

    const past = await spend(
      who,
      'GET',
      `community_members/${who.id}/invoices/1/files`,
      rateLimits.invoiceReadsPerMember.points,
    );

    expect(rateLimits.invoiceReadsPerMember).toEqual({ points: 60, windowSeconds: 600 });
    expect(past.status).toBe(429);
  });
});
