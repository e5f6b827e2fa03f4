import * as z from 'zod/mini';

/**
 * Issue 37 point 3: the member's tax profile as the wire carries it, and what the invoicing service answers
 * instead of an invoice. Kept apart from SAT's catalogues (tax-profile.ts) and the RFC library (rfc.ts): the api
 * client reads answers with these schemas on every screen, so they carry neither.
 */

export const RfcProblem = z.enum(['rfc_format', 'rfc_check_digit', 'rfc_generic']);
export type RfcProblem = z.infer<typeof RfcProblem>;

/** RFCs are written in capitals; what a member types is read the same way. */
export const normalRfc = (rfc: string) => rfc.trim().toUpperCase();

/**
 * An RFC's shape: 4 letters (a persona física) or 3 (a persona moral), the date of birth or of incorporation
 * (YYMMDD) and a 3-character homoclave. Its check digit and date are the kept library's to judge (rfc.ts), which
 * the form and the server run; the wire's schema needs only this shape, so the app's api client carries no library.
 */
export const rfcPattern = /^([A-ZÑ&]{3,4})(\d{6})([A-Z\d]{3})$/;

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

export interface TaxProfileDraft {
  rfc: string;
  name: string;
  postal_code: string;
  tax_regime: string;
  cfdi_use: string;
}

/**
 * A tax profile on the wire, normalised (RFC and name in capitals) and of the right shape. Which regime fits the
 * RFC and which use the regime is SAT's catalogues' to say (shapeProblems, taxProfileProblems): the form and the
 * server judge them; the schema the api client reads answers with carries neither catalogue nor library.
 */
export const TaxProfile = z.object({
  rfc: z.string().check(z.trim(), z.toUpperCase(), z.regex(rfcPattern, 'rfc_format')),
  name: z
    .string()
    .check(z.overwrite(taxName), z.minLength(1, 'name_required'), z.maxLength(taxNameMaxLength, 'name_too_long')),
  postal_code: z.string().check(z.trim(), z.regex(postalCodePattern, 'postal_code_format')),
  tax_regime: z.string().check(z.regex(/^\d{3}$/, 'regime_not_for_person')),
  cfdi_use: z.string().check(z.regex(/^[A-Z]{1,2}\d{2}$/, 'use_not_for_regime')),
});
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
