import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { rfcProblem, taxProfileProblems } from './rfc.ts';
import { personKind, regimesFor, shapeProblems, useAllowed, usesFor } from './tax-profile.ts';
import { TaxProfile, taxName } from './tax-profile-schema.ts';

// SAT's test taxpayers (the CSD test set PACs publish): a company and a person.
const moral = 'EKU9003173C9';
const fisica = 'XIQB891116QE4';

describe('issue 37 point 3: the RFC (format and check digit by @nodecfdi/rfc)', () => {
  it.each([
    [moral, 'moral'],
    [fisica, 'fisica'],
    ['ekU9003173c9 ', 'moral'],
  ])('%s is valid, a persona %s', (rfc, kind) => {
    expect(rfcProblem(rfc)).toBeNull();
    expect(personKind(rfc)).toBe(kind);
  });

  it.each([
    ['a wrong check digit', 'EKU9003173C8', 'rfc_check_digit'],
    ['a wrong check digit (física)', 'XIQB891116QE5', 'rfc_check_digit'],
    ['11 characters', 'EKU9003173C', 'rfc_format'],
    ['an impossible date', 'EKU9013173C9', 'rfc_format'],
    ['nothing', '', 'rfc_format'],
    ['the generic national RFC', 'XAXX010101000', 'rfc_generic'],
    ['the generic foreign RFC', 'XEXX010101000', 'rfc_generic'],
  ])('refuses %s (%s) as %s', (_, rfc, problem) => {
    expect(rfcProblem(rfc)).toBe(problem);
  });
});

describe('issue 37 point 3: regimes and uses that fit together (c_RegimenFiscal, c_UsoCFDI)', () => {
  it('offers a persona física only regimes SAT marks for personas físicas', () => {
    const codes = regimesFor(fisica).map((regime) => regime.code);

    expect(codes).toContain('605');
    expect(codes).toContain('626');
    expect(codes).not.toContain('601');
  });

  it('offers a persona moral only regimes SAT marks for personas morales', () => {
    const codes = regimesFor(moral).map((regime) => regime.code);

    expect(codes).toContain('601');
    expect(codes).toContain('626');
    expect(codes).not.toContain('605');
  });

  it.each([
    ['612', 'G03', true],
    ['601', 'G03', true],
    ['626', 'G03', true],
    ['605', 'G03', false],
    ['605', 'S01', true],
    ['605', 'D01', true],
    ['605', 'CN01', false],
    ['605', 'CP01', false],
    ['612', 'CP01', false],
    ['601', 'D01', false],
    ['626', 'D01', false],
    ['616', 'S01', true],
    ['616', 'G03', false],
    ['616', 'G02', true],
    ['601', 'CN01', false],
  ])('regime %s with use %s: %s', (regime, use, allowed) => {
    expect(useAllowed(regime, use)).toBe(allowed);
  });

  it('lists every use SAT allows a wage earner (605) on an Ingreso: the personal deductions and S01, no CP01 nor CN01 (review point 4)', () => {
    const codes = usesFor('605').map((use) => use.code);

    expect(codes).toEqual(['D01', 'D02', 'D03', 'D04', 'D05', 'D06', 'D07', 'D08', 'D09', 'D10', 'S01']);
  });
});

describe('issue 37 point 3: the name as SAT registers it', () => {
  it.each([
    ['  escuela   kemper urgate ', 'ESCUELA KEMPER URGATE'],
    ['Peña Núñez', 'PEÑA NÚÑEZ'],
    ['Escuela Kemper Urgate, S.A. de C.V.', 'ESCUELA KEMPER URGATE'],
    ['ESCUELA KEMPER URGATE SA DE CV', 'ESCUELA KEMPER URGATE'],
    ['Mi Tienda S. de R.L. de C.V.', 'MI TIENDA'],
    ['Rosa Sa', 'ROSA SA'],
  ])('%j is %j', (typed, registered) => {
    expect(taxName(typed)).toBe(registered);
  });
});

describe('issue 37 point 3: a tax profile and the problem under each field', () => {
  const valid = {
    rfc: fisica,
    name: 'Berenice Ximo Quezada',
    postal_code: '40968',
    tax_regime: '612',
    cfdi_use: 'G03',
  };

  it('accepts a consistent profile and hands it back normalised', () => {
    const parsed = z.parse(TaxProfile, { ...valid, rfc: ` ${fisica.toLowerCase()}` });

    expect(parsed).toEqual({ ...valid, name: 'BERENICE XIMO QUEZADA' });
    expect(taxProfileProblems(valid)).toEqual([]);
  });

  it.each([
    ['rfc', { rfc: 'XAXX010101000' }, 'rfc_generic'],
    ['rfc', { rfc: 'XIQB891116QE5' }, 'rfc_check_digit'],
    ['name', { name: '   ' }, 'name_required'],
    ['name', { name: 'A'.repeat(255) }, 'name_too_long'],
    ['postal_code', { postal_code: '4096' }, 'postal_code_format'],
    ['tax_regime', { tax_regime: '601', cfdi_use: 'S01' }, 'regime_not_for_person'],
    ['cfdi_use', { tax_regime: '605' }, 'use_not_for_regime'],
  ])('shows under %s: %j → %s', (field, change, code) => {
    const profile = { ...valid, ...change };

    expect(taxProfileProblems(profile)).toEqual([{ field, code }]);
  });

  it.each([
    ['name', { name: '   ' }, 'name_required'],
    ['postal_code', { postal_code: '4096' }, 'postal_code_format'],
    ['cfdi_use', { cfdi_use: 'gastos' }, 'use_not_for_regime'],
    ['rfc', { rfc: 'XIQB8911160E' }, 'rfc_format'],
  ])('refuses on the wire a profile whose %s is misshapen: %j → %s', (field, change, code) => {
    expect(z.safeParse(TaxProfile, { ...valid, ...change }).error?.issues).toMatchObject([
      { path: [field], message: code },
    ]);
  });

  it("leaves an RFC's check digit and the generic RFCs to the library's rules, off the wire's schema", () => {
    // The api client parses answers with the schema: it must not carry the RFC library (rfc.ts holds it).
    expect(z.safeParse(TaxProfile, { ...valid, rfc: 'XIQB891116QE5' }).success).toBe(true);
    expect(taxProfileProblems({ ...valid, rfc: 'XIQB891116QE5' })).toEqual([{ field: 'rfc', code: 'rfc_check_digit' }]);
  });

  it("leaves which use a regime allows to SAT's catalogues, off the wire's schema", () => {
    expect(z.safeParse(TaxProfile, { ...valid, tax_regime: '605' }).success).toBe(true);
    expect(shapeProblems({ ...valid, tax_regime: '605' })).toEqual([{ field: 'cfdi_use', code: 'use_not_for_regime' }]);
  });

  it('lets 626 serve a persona física and a persona moral alike', () => {
    const company = { ...valid, rfc: moral, name: 'Escuela Kemper Urgate', tax_regime: '626' };

    expect(taxProfileProblems({ ...valid, tax_regime: '626' })).toEqual([]);
    expect(taxProfileProblems(company)).toEqual([]);
  });
});
