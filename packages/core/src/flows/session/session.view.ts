import type { SnapshotFrom } from 'xstate';
import { isEmployeeNumberMachine, needsEmployeeNumber } from '../../rules/employee-machines.ts';
import type { SessionMachine } from './session.machine.ts';
import type { SessionContext } from './session.types.ts';

/** What screens need from the session: who is signed in, their balance, and the chosen machine. */
export function sessionView(snapshot: SnapshotFrom<SessionMachine>) {
  const { context } = snapshot;
  const shown = shownBalance(context);
  const employeeMachine = isEmployeeNumberMachine(context.machineName);
  const restoring =
    snapshot.matches('restoring') ||
    snapshot.matches({ active: { member: 'loading' } }) ||
    snapshot.matches({ active: { member: 'deciding' } });
  // Signing out counts as signed out at once, so the guard never sends the member back in.
  const signedIn =
    context.token !== null &&
    !snapshot.matches({ active: { member: 'signedOut' } }) &&
    !snapshot.matches({ active: { member: 'signingOut' } });
  return {
    /** Still finding out whether someone is signed in: guards wait. */
    restoring: restoring && context.member === null,
    signedIn,
    member: context.member,
    /** The balance of the chosen machine's currency (issue 32 point 5), else the MXN one. */
    balance: shown.amount,
    /** The currency `balance` is in: write it with this, never with the machine's. */
    currency: shown.currency,
    /** Issue 36: bonus credit in that currency, shown apart from the member's own money; null when none. */
    bonus: shown.bonus ? shown.bonus : null,
    /** Issue 37 point 1: what store references will credit in that currency once paid; null when none. */
    pending: shown.pending ? shown.pending : null,
    cards: context.cards,
    machine: context.machine,
    /** The chosen machine's name, known before its details load (spec §2 /:vendingMachineName reuses it). */
    machineName: context.machineName,
    /** The stored session has been read: until then no machine counts as chosen or not. */
    restored: !snapshot.matches('restoring'),
    machineLoading: snapshot.matches({ active: { machine: 'loading' } }) || snapshot.matches('restoring'),
    machineChosen: context.machineName !== null,
    /** Spec §6: the chosen machine asks for an employee number. */
    employeeMachine,
    /** Spec §2/§6: a member without one on such a machine is kept on /edit-profile until it is filled. */
    // Only while signed in: a member signing out is let go at once (issue 15 point 1: `/` and
    // /edit-profile sent each other back and forth while the token was being revoked).
    needsEmployeeNumber: signedIn && needsEmployeeNumber(employeeMachine, context.member),
    error: context.error,
  };
}

export type SessionView = ReturnType<typeof sessionView>;

/**
 * Issue 32 point 5: on a machine's pages the member sees the balance that pays there, that of its
 * currency (MXN with no machine chosen). A provider that answers no such balance (no /balances, or not
 * that currency) is shown as before: the member's balance, in MXN.
 */
function shownBalance(context: SessionContext): {
  amount: number | null;
  currency: string;
  bonus?: number | undefined;
  pending?: number | undefined;
} {
  const currency = context.machine?.country.currency_iso ?? 'MXN';
  return (
    context.balances?.find((balance) => balance.currency === currency) ?? { amount: context.balance, currency: 'MXN' }
  );
}
