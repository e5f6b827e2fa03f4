import type { SnapshotFrom } from 'xstate';
import type { ReceiptKind } from '../../contract/index.ts';
import type { ReceiptMachine } from './receipt.machine.ts';

/** What the receipt screen shows: the receipt once read, or why not. */
export function receiptView(snapshot: SnapshotFrom<ReceiptMachine>) {
  return {
    loading: snapshot.matches('loading'),
    receipt: snapshot.context.receipt,
    problem: snapshot.matches('failed') ? snapshot.context.problem : null,
    mailing: snapshot.matches({ shown: 'mailing' }),
    mailed: snapshot.matches({ shown: 'mailed' }),
    mailProblem: snapshot.context.mailProblem,
  };
}

export type ReceiptView = ReturnType<typeof receiptView>;

/** A receipt's address segment (`/receipt/deal/7`, `/receipt/top-up/7`) and the kind it names. */
const segments: Record<string, ReceiptKind> = { deal: 'deal', 'top-up': 'top_up' };

/** The kind a receipt address names, or null for one it does not (issue 35 point 3). */
export const receiptKindOf = (segment: string): ReceiptKind | null => segments[segment] ?? null;

/** The address segment of a kind of receipt. */
export const receiptSegmentOf = (kind: ReceiptKind): string => (kind === 'deal' ? 'deal' : 'top-up');
