import type { SnapshotFrom } from 'xstate';
import type { SpeiAccountMachine } from './spei-account.machine.ts';

/** What the top-up screen shows of SPEI: nothing where the provider has none. */
export function speiAccountView(snapshot: SnapshotFrom<SpeiAccountMachine>) {
  return {
    loading: snapshot.matches('loading'),
    none: snapshot.matches('none'),
    account: snapshot.context.account,
    asking: snapshot.matches('opening'),
    problem: snapshot.context.problem,
    failed: snapshot.matches('failed'),
  };
}

export type SpeiAccountView = ReturnType<typeof speiAccountView>;

/** A CLABE as a person reads it aloud or types it: bank, plaza, account, check digit. */
export const groupedClabe = (clabe: string) =>
  clabe.length === 18 ? `${clabe.slice(0, 3)} ${clabe.slice(3, 6)} ${clabe.slice(6, 17)} ${clabe.slice(17)}` : clabe;
