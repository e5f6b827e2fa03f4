import { TaxProfile, type TaxProfileProblem, taxProfileProblems } from '@vendo/core/contract';
import * as z from 'zod/mini';
import type { Db } from '../db/database.ts';
import type { Clock } from '../domain/clock.ts';

/** The member's tax profile as the contract answers it; null until they saved one. */
export async function taxProfileOf(db: Db, memberId: number): Promise<TaxProfile | null> {
  const row = await db
    .selectFrom('tax_profiles')
    .select(['rfc', 'name', 'postal_code', 'tax_regime', 'cfdi_use'])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row ?? null;
}

/** The fields a profile is judged on: five strings of sane length, whatever they say. */
export const TaxProfileFields = z.object({
  rfc: z.string().check(z.maxLength(20)),
  name: z.string().check(z.maxLength(400)),
  postal_code: z.string().check(z.maxLength(10)),
  tax_regime: z.string().check(z.maxLength(10)),
  cfdi_use: z.string().check(z.maxLength(10)),
});
export type TaxProfileFields = z.infer<typeof TaxProfileFields>;

export type TaxProfileSaved = { ok: true; profile: TaxProfile } | { ok: false; problems: TaxProfileProblem[] };

/**
 * Issue 37 point 3: saves the member's tax profile, one each, replacing the one before. Judged by the contract's
 * own rules (taxProfileProblems: the RFC's format and check digit, a generic RFC, the name, the postal code, the
 * regime for the kind of person, the use for the regime), every problem at once, so the form shows each under
 * its field; kept as the contract normalises it (RFC and name in capitals, the company type dropped).
 */
export async function saveTaxProfile(
  deps: { db: Db; clock: Clock },
  memberId: number,
  fields: TaxProfileFields,
): Promise<TaxProfileSaved> {
  const problems = taxProfileProblems(fields);
  const parsed = z.safeParse(TaxProfile, fields);
  if (problems.length > 0 || !parsed.success) return { ok: false, problems };
  const profile = parsed.data;
  const row = { ...profile, updated_at: deps.clock.now() };
  await deps.db
    .insertInto('tax_profiles')
    .values({ member_id: memberId, ...row })
    .onConflict((conflict) => conflict.column('member_id').doUpdateSet(row))
    .execute();
  return { ok: true, profile };
}
