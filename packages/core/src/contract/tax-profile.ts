import { type CfdiUse, cfdiUses, type TaxRegime, taxRegimes } from './sat-catalogs.ts';
import {
  normalRfc,
  postalCodePattern,
  rfcPattern,
  type TaxProfileDraft,
  type TaxProfileProblem,
  taxName,
  taxNameMaxLength,
} from './tax-profile-schema.ts';

/**
 * Issue 37 point 3: the member's tax profile, what an invoice (CFDI 4.0) in their name needs. SAT checks the
 * receptor against its register, so the form catches here what it can know without SAT: the RFC's shape and
 * check digit, and which regimes and uses fit together (catalogues in sat-catalogs.ts).
 */

export type PersonKind = 'fisica' | 'moral';

/** 13 characters: a persona física; 12: a persona moral; anything unreadable: null. */
export function personKind(rfc: string): PersonKind | null {
  const shape = rfcPattern.exec(normalRfc(rfc));
  if (!shape) return null;
  return shape[1]?.length === 4 ? 'fisica' : 'moral';
}

/** The regimes SAT allows for the RFC's kind of person (none for an unreadable RFC). */
export function regimesFor(rfc: string): TaxRegime[] {
  const kind = personKind(rfc);
  if (!kind) return [];
  return taxRegimes.filter((entry) => entry[kind]);
}

/**
 * The CFDI uses SAT allows a receptor in this regime on an invoice of a top-up, a CFDI of type I (Ingreso): never
 * CP01 (Pagos) nor CN01 (Nómina), which belong to payment and payroll CFDIs.
 */
export const usesFor = (regime: string): CfdiUse[] =>
  cfdiUses.filter((use) => use.regimes.includes(regime) && use.comprobantes.includes('I'));

export const useAllowed = (regime: string, use: string) => usesFor(regime).some((entry) => entry.code === use);

const regimeFitsRfc = (rfc: string, regime: string) => regimesFor(rfc).some((entry) => entry.code === regime);

/**
 * The problems of a profile that need no register nor check digit, each with the field the form shows it under:
 * the RFC's shape, the name, the postal code, the regime for the kind of person, the use for the regime. The
 * RFC's check digit and the generic RFCs are rfc.ts's (`taxProfileProblems` there gives every problem).
 */
export function shapeProblems(profile: TaxProfileDraft): TaxProfileProblem[] {
  const problems: TaxProfileProblem[] = [];
  if (!rfcPattern.test(normalRfc(profile.rfc))) problems.push({ field: 'rfc', code: 'rfc_format' });
  const name = taxName(profile.name);
  if (name.length === 0) problems.push({ field: 'name', code: 'name_required' });
  if (name.length > taxNameMaxLength) problems.push({ field: 'name', code: 'name_too_long' });
  if (!postalCodePattern.test(profile.postal_code.trim())) {
    problems.push({ field: 'postal_code', code: 'postal_code_format' });
  }
  // With an unreadable RFC the kind of person is unknown: only a regime SAT does not list is refused then.
  const regimeKnown = taxRegimes.some((entry) => entry.code === profile.tax_regime);
  const regimeFits = personKind(profile.rfc) ? regimeFitsRfc(profile.rfc, profile.tax_regime) : regimeKnown;
  if (!regimeFits) problems.push({ field: 'tax_regime', code: 'regime_not_for_person' });
  if (!useAllowed(profile.tax_regime, profile.cfdi_use)) {
    problems.push({ field: 'cfdi_use', code: 'use_not_for_regime' });
  }
  return problems;
}
