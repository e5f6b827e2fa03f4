import type { SnapshotFrom } from 'xstate';
import type { TaxProfileField } from '../../contract/index.ts';
import { regimesFor, taxProfileProblems, usesFor } from '../../contract/index.ts';
import type { TaxProfileMachine } from './tax-profile.machine.ts';

/**
 * What the tax-profile screen shows: the form, the first problem of each field (the client's once the member
 * tried to save, the provider's as it answered), and the choices SAT's catalogues leave: the regimes of a
 * 13- or 12-character RFC, and the CFDI uses the chosen regime allows.
 */
export function taxProfileView(snapshot: SnapshotFrom<TaxProfileMachine>) {
  const { context } = snapshot;
  const problems: Partial<Record<TaxProfileField, string>> = {};
  const listed = [...context.serverProblems, ...(context.showProblems ? taxProfileProblems(context.form) : [])];
  for (const { field, code } of listed) problems[field] ??= code;
  return {
    loading: snapshot.matches('loading'),
    loadFailed: snapshot.matches('loadFailed'),
    unavailable: snapshot.matches('unavailable'),
    form: context.form,
    problems,
    regimes: regimesFor(context.form.rfc),
    uses: context.form.tax_regime ? usesFor(context.form.tax_regime) : [],
    saving: snapshot.matches('saving'),
    saved: snapshot.matches('saved'),
    failure: snapshot.matches('editing') ? context.failure : null,
  };
}

export type TaxProfileView = ReturnType<typeof taxProfileView>;
