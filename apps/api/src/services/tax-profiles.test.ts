import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { berenice } from '../testing/invoices.ts';

// Issue 37 point 3: a member saves a tax profile once: RFC (format and check digit), name as SAT registers it,
// postal code, regime and CFDI use from SAT's catalogues, only the uses a regime allows. Refused, each field's
// problem comes back under it with core's code (taxProfileProblems), in the contract's error shape.

let t: TestServer;
let phones = 0;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

/** The answer's error shape (spec §8), or a saved profile. */
interface Refusal {
  error: { error_code: string; message: unknown };
  errors: { error_code: string; message: unknown }[];
  tax_profile?: unknown;
}

async function save(body: unknown, lang = 'es') {
  const who = await t.member(`+52559820${String(++phones).padStart(4, '0')}`);
  const answer = await fetch(`${t.url}/api/community_members/${who.id}/tax_profile`, {
    method: 'PATCH',
    headers: { Authorization: `Token token=${who.token}`, 'Content-Type': 'application/json', 'Accept-Language': lang },
    body: JSON.stringify(body),
  });
  return { who, status: answer.status, body: (await answer.json()) as Refusal };
}

const persona = { ...berenice };
const company = {
  rfc: 'EKU9003173C9',
  name: 'ESCUELA KEMPER URGATE',
  postal_code: '26015',
  tax_regime: '601',
  cfdi_use: 'G03',
};

describe("each field's problem, 422 tax_profile_invalid (issue 37 point 3)", () => {
  it.each([
    ['rfc', 'rfc_format', { ...persona, rfc: 'XIQB8911' }],
    ['rfc', 'rfc_check_digit', { ...persona, rfc: 'XIQB891116QE5' }],
    ['rfc', 'rfc_generic', { ...persona, rfc: 'XAXX010101000' }],
    ['name', 'name_required', { ...persona, name: '   ' }],
    ['name', 'name_too_long', { ...persona, name: 'A'.repeat(255) }],
    ['postal_code', 'postal_code_format', { ...persona, postal_code: '4096' }],
    ['tax_regime', 'regime_not_for_person', { ...persona, tax_regime: '601' }],
    ['cfdi_use', 'use_not_for_regime', { ...company, cfdi_use: 'D01' }],
  ])('%s: %s', async (field, code, profile) => {
    const { status, body } = await save(profile);

    expect(status).toBe(422);
    expect(body.error.error_code).toBe('tax_profile_invalid');
    expect(body.errors).toEqual([
      expect.objectContaining({ error_code: code, message: { [field]: [expect.any(String)] } }),
    ]);
  });

  it('lists every problem at once, each under its field, and says them in the language asked for', async () => {
    const { body } = await save({ ...persona, rfc: 'XIQB891116QE5', postal_code: 'abcde' }, 'en');

    expect(body.errors.map((error) => error.error_code)).toEqual(['rfc_check_digit', 'postal_code_format']);
    expect(body.error.message).toEqual({
      rfc: ["The RFC's check digit does not match"],
      postal_code: ['The postal code is 5 digits'],
    });
  });

  it('refuses a body that is not a profile at all as invalid_request', async () => {
    const { status, body } = await save({ rfc: 17 });

    expect([status, body.error.error_code]).toEqual([422, 'invalid_request']);
  });
});

describe('a profile saved (issue 37 point 3)', () => {
  it('is kept as SAT writes it: RFC and name in capitals, single spaces, without the company type', async () => {
    const { who, status, body } = await save({
      ...company,
      rfc: ' eku9003173c9 ',
      name: 'escuela  kemper urgate sa de cv',
    });

    const read = await t.api(who.token).invoices.taxProfile(who.id);

    expect(status).toBe(200);
    expect(body.tax_profile).toEqual(company);
    expect(read.ok && read.value.tax_profile).toEqual(company);
  });

  it('replaces the one saved before', async () => {
    const { who } = await save(persona);
    const api = t.api(who.token);

    await api.invoices.saveTaxProfile(who.id, { ...persona, cfdi_use: 'S01' });
    const read = await api.invoices.taxProfile(who.id);

    expect(read.ok && read.value.tax_profile?.cfdi_use).toBe('S01');
  });

  it('reads as null until one is saved', async () => {
    const who = await t.member(`+52559820${String(++phones).padStart(4, '0')}`);

    const read = await t.api(who.token).invoices.taxProfile(who.id);

    expect(read.ok && read.value).toEqual({ tax_profile: null });
  });
});
