import type { SnapshotFrom } from 'xstate';
import type { VoucherMachine } from './voucher.machine.ts';

/** What the voucher callback shows: progress, then the card added or why it was refused. */
export function voucherView(snapshot: SnapshotFrom<VoucherMachine>) {
  const { context } = snapshot;
  return {
    added: snapshot.matches('added'),
    refused: snapshot.matches('refused'),
    error: context.error,
    problem: context.problem,
  };
}

export type VoucherView = ReturnType<typeof voucherView>;
