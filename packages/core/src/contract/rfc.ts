import { Rfc } from '@nodecfdi/rfc';
import { shapeProblems } from './tax-profile.ts';
import { normalRfc, type RfcProblem, type TaxProfileDraft, type TaxProfileProblem } from './tax-profile-schema.ts';

/**
 * What is wrong with an RFC for an invoice in a member's name, as the kept library `@nodecfdi/rfc` reads it (its
 * shape, date and check digit). The generic RFCs (público en general and extranjero) are refused: they invoice
 * nobody in particular, so an invoice with them is worth nothing to the member. They are tested first because the
 * generic national one does not carry a valid check digit. Kept apart from the wire's schema (tax-profile.ts) so
 * only the tax details form and the server load the library.
 */
export function rfcProblem(rfc: string): RfcProblem | null {
  const parsed = Rfc.parseOrNull(normalRfc(rfc));
  if (!parsed) return 'rfc_format';
  if (parsed.isGeneric() || parsed.isForeign()) return 'rfc_generic';
  if (!parsed.doesCheckSumMatch()) return 'rfc_check_digit';
  return null;
}

/** Every problem of a profile, each with the field the form shows it under. */
export function taxProfileProblems(profile: TaxProfileDraft): TaxProfileProblem[] {
  const rfc = rfcProblem(profile.rfc);
  const others = shapeProblems(profile).filter((problem) => problem.field !== 'rfc');
  return rfc ? [{ field: 'rfc', code: rfc }, ...others] : others;
}
