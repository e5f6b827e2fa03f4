import type { SnapshotFrom } from 'xstate';
import { fromMinorUnits, type PendingTopUp, referenceDigits, timeLeft, toMinorUnits } from '../../contract/index.ts';
import type { PendingTopUpsMachine } from './pending-top-ups.machine.ts';

/** What "Pagos pendientes" shows: nothing while unread or where the provider keeps no references. */
export function pendingTopUpsView(snapshot: SnapshotFrom<PendingTopUpsMachine>) {
  return {
    loading: snapshot.matches('loading') && snapshot.context.references === null,
    none: snapshot.matches('none'),
    problem: snapshot.matches('failed') ? snapshot.context.problem : null,
    references: snapshot.context.references ?? [],
  };
}

export type PendingTopUpsView = ReturnType<typeof pendingTopUpsView>;

/**
 * Issue 37 point 1: one reference as the member reads it now. A reference past its `expires_at` reads expired
 * whatever the last read said (the screen may have stayed open), with the time left otherwise, and the digits
 * its barcode carries.
 */
export function pendingReference(reference: PendingTopUp, now: Date) {
  const left = timeLeft(new Date(reference.expires_at), now);
  const status = reference.status === 'pending' && left.expired ? 'expired' : reference.status;
  return { ...reference, status, left, digits: referenceDigits(reference.reference) };
}

/** What the references still payable now will credit in one currency ("$100.00 por acreditar"), to the centavo. */
export function pendingTotal(references: readonly PendingTopUp[], currency: string, now: Date): number {
  const cents = references
    .filter((reference) => reference.currency === currency && pendingReference(reference, now).status === 'pending')
    .reduce((sum, reference) => sum + toMinorUnits(reference.amount, currency), 0);
  return fromMinorUnits(cents, currency);
}
