import type { TaxProfileProblem } from '@vendo/core/contract';
import type { Lang } from '../domain/lang.ts';
import { problem } from './problem.ts';

/**
 * Issue 37 point 3: a tax profile refused, in the contract's error shape (spec §8). `error` is
 * tax_profile_invalid with its message as a map field → messages (spec §7's `error.message.email`, which the
 * client reads as field errors); `errors` lists each problem with its own code, taxProfileProblems' code, under
 * its field, so a client can word each one itself.
 */
export function taxProfileRefusal(problems: readonly TaxProfileProblem[], lang: Lang) {
  const errors = problems.map(({ field, code }) => problem(422, code, { field }).body(lang).error);
  const byField: Record<string, string[]> = {};
  for (const [index, { field }] of problems.entries()) {
    const message = errors[index]?.message;
    const words = typeof message === 'string' ? [message] : (message?.[field] ?? []);
    byField[field] = [...(byField[field] ?? []), ...words];
  }
  const head = problem(422, 'tax_profile_invalid').body(lang).error;
  return { error: { ...head, message: byField }, errors };
}
