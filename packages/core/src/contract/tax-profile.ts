import { Rfc } from '@nodecfdi/rfc';
import * as z from 'zod/mini';
import { type CfdiUse, cfdiUses, type TaxRegime, taxRegimes } from './sat-catalogs.ts';

/**
 * Issue 37 point 3: the member's tax profile, what an invoice (CFDI 4.0) in their name needs. SAT checks the
 * receptor against its register, so the form catches here what it can know without SAT: the RFC's shape and
 * check digit, and which regimes and uses fit together (catalogues in sat-catalogs.ts).
 */

export type PersonKind = 'fisica' | 'moral';

export const RfcProblem = z.enum(['rfc_format', 'rfc_check_digit', 'rfc_generic']);
export type RfcProblem = z.infer<typeof RfcProblem>;

/** RFCs are written in capitals; what a member types is read the same way. */
export const normalRfc = (rfc: string) => rfc.trim().toUpperCase();

const parsedRfc = (rfc: string) => Rfc.parseOrNull(normalRfc(rfc));

/**
 * What is wrong with an RFC for an invoice in a member's name. The generic RFCs (público en general and
 * extranjero) are refused: they invoice nobody in particular, so an invoice with them is worth nothing to the
 * member. They are tested first because the generic national one does not carry a valid check digit.
 */
export function rfcProblem(rfc: string): RfcProblem | null {
  const parsed = parsedRfc(rfc);
  if (!parsed) return 'rfc_format';
  if (parsed.isGeneric() || parsed.isForeign()) return 'rfc_generic';
  if (!parsed.doesCheckSumMatch()) return 'rfc_check_digit';
  return null;
}

/** 13 characters: a persona física; 12: a persona moral; anything unreadable: null. */
export function personKind(rfc: string): PersonKind | null {
  const parsed = parsedRfc(rfc);
  if (!parsed) return null;
  return parsed.isFisica() ? 'fisica' : 'moral';
}

/** The regimes SAT allows for the RFC's kind of person (none for an unreadable RFC). */
export function regimesFor(rfc: string): TaxRegime[] {
  const kind = personKind(rfc);
  if (!kind) return [];
  return taxRegimes.filter((entry) => entry[kind]);
}

/** The CFDI uses SAT allows a receptor in this regime. */
export const usesFor = (regime: string): CfdiUse[] => cfdiUses.filter((use) => use.regimes.includes(regime));

export const useAllowed = (regime: string, use: string) => usesFor(regime).some((entry) => entry.code === use);

const regimeFitsRfc = (rfc: string, regime: string) => regimesFor(rfc).some((entry) => entry.code === regime);

// A company type written after the name: SAT registers the name without it since CFDI 4.0.
const companyType =
  /[\s,]+(S\.?\s?A\.?\s?(B\.?|P\.?\s?I\.?(\s?B\.?)?)?\s?DE\s?C\.?\s?V\.?|S\.?\s?DE\s?R\.?\s?L\.?(\s?DE\s?C\.?\s?V\.?)?|S\.\s?C\.|A\.\s?C\.)$/;

/**
 * A name as SAT registers it: trimmed, single spaces, capitals (accents and Ñ kept, as in the Constancia de
 * Situación Fiscal), and without a trailing company type such as "SA DE CV" or "S. DE R.L. DE C.V.". Bare
 * "SA", "SC" or "AC" are left alone: they could end a person's name.
 */
export const taxName = (name: string) => name.trim().replace(/\s+/g, ' ').toUpperCase().replace(companyType, '').trim();

export const TaxProfileProblemCode = z.enum([
  'rfc_format',
  'rfc_check_digit',
  'rfc_generic',
  'name_required',
  'name_too_long',
  'postal_code_format',
  'regime_not_for_person',
  'use_not_for_regime',
]);
export type TaxProfileProblemCode = z.infer<typeof TaxProfileProblemCode>;

export type TaxProfileField = 'rfc' | 'name' | 'postal_code' | 'tax_regime' | 'cfdi_use';
export interface TaxProfileProblem {
  field: TaxProfileField;
  code: TaxProfileProblemCode;
}

export const taxNameMaxLength = 254;
export const postalCodePattern = /^\d{5}$/;

interface TaxProfileInput {
  rfc: string;
  name: string;
  postal_code: string;
  tax_regime: string;
  cfdi_use: string;
}

/** Every problem of a profile, each with the field the form shows it under. */
export function taxProfileProblems(profile: TaxProfileInput): TaxProfileProblem[] {
  const problems: TaxProfileProblem[] = [];
  const rfc = rfcProblem(profile.rfc);
  if (rfc) problems.push({ field: 'rfc', code: rfc });
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

/** A tax profile on the wire, normalised (RFC and name in capitals) and consistent. */
export const TaxProfile = z
  .object({
    rfc: z.string().check(z.trim(), z.toUpperCase()),
    name: z.string().check(z.overwrite(taxName)),
    postal_code: z.string().check(z.trim()),
    tax_regime: z.string(),
    cfdi_use: z.string(),
  })
  .check(
    z.superRefine((profile, context) => {
      for (const problem of taxProfileProblems(profile)) {
        context.addIssue({ code: 'custom', message: problem.code, path: [problem.field], input: profile });
      }
    }),
  );
export type TaxProfile = z.infer<typeof TaxProfile>;

/** What the invoicing service (a PAC, relaying SAT's validations) can answer instead of an invoice. */
export const InvoiceFailure = z.enum([
  'rfc_not_registered',
  'name_mismatch',
  'postal_code_mismatch',
  'regime_mismatch',
  'use_not_allowed',
  'pac_unavailable',
]);
export type InvoiceFailure = z.infer<typeof InvoiceFailure>;
