import { assign, fromPromise, setup } from 'xstate';
import type { ApiError } from '../../api/api-error.ts';
import { isUnanswered } from '../../api/error-checks.ts';
import type { Receipt, ReceiptKind } from '../../contract/index.ts';
import { failure } from '../actor-failure.ts';

export interface ReceiptInput {
  readonly memberId: number;
  readonly kind: ReceiptKind;
  /** The deal's or the top-up's id. */
  readonly id: number;
}

/**
 * Why a receipt is not shown: there is none (a purchase not delivered, a top-up not credited, another
 * member's, or a provider without receipts: 404), the server did not answer, or anything else.
 */
export type ReceiptProblem = 'missing' | 'unreachable' | 'failed';

/**
 * Issue 35 point 4: why a receipt was not e-mailed: the member's address is missing or not confirmed, it was
 * asked too often, or anything else.
 */
export type ReceiptMailProblem = 'notConfirmed' | 'tooOften' | 'tooMany' | 'failed';

export interface ReceiptContext extends ReceiptInput {
  readonly receipt: Receipt | null;
  readonly problem: ReceiptProblem | null;
  readonly mailProblem: ReceiptMailProblem | null;
}

export type ReceiptEvent = { type: 'receipt.retried' } | { type: 'receipt.mailed' };

/** A receipt is e-mailed at most once a minute: a longer wait is the member's receipts of the hour spent. */
const RECEIPT_MAIL_WAIT_SECONDS = 60;

/** Asked again within the receipt's minute (`tooOften`), or past the member's receipts of the hour (`tooMany`). */
function mailProblemOf(error: ApiError): ReceiptMailProblem {
  if (error.error_code === 'email_not_confirmed') return 'notConfirmed';
  if (error.status !== 429) return 'failed';
  return (error.retry_after ?? 0) > RECEIPT_MAIL_WAIT_SECONDS ? 'tooMany' : 'tooOften';
}

const problemOf = (error: ApiError): ReceiptProblem =>
  error.status === 404 ? 'missing' : isUnanswered(error) ? 'unreachable' : 'failed';

/** Issue 35 point 3: one receipt, read once; a read the server did not answer can be tried again. */
export const receiptMachine = setup({
  types: {} as { context: ReceiptContext; events: ReceiptEvent; input: ReceiptInput },
  actors: {
    loadReceipt: fromPromise<Receipt, ReceiptInput>(() => Promise.reject(new Error('receipt: provide loadReceipt'))),
    mailReceipt: fromPromise<void, ReceiptInput>(() => Promise.reject(new Error('receipt: provide mailReceipt'))),
  },
  actions: {
    keepReceipt: assign((_, receipt: Receipt) => ({ receipt, problem: null })),
    keepProblem: assign((_, error: ApiError) => ({ problem: problemOf(error) })),
    keepMailProblem: assign((_, error: ApiError) => ({ mailProblem: mailProblemOf(error) })),
    forgetMailProblem: assign({ mailProblem: null }),
  },
}).createMachine({
  id: 'receipt',
  context: ({ input }) => ({ ...input, receipt: null, problem: null, mailProblem: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadReceipt',
        input: ({ context }) => ({ memberId: context.memberId, kind: context.kind, id: context.id }),
        onDone: { target: 'shown', actions: { type: 'keepReceipt', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'keepProblem', params: failure } },
      },
    },
    shown: {
      initial: 'idle',
      states: {
        idle: { on: { 'receipt.mailed': 'mailing' } },
        // Issue 35 point 4: "Enviar a mi correo"; sent once the provider has it on its way.
        mailing: {
          entry: 'forgetMailProblem',
          invoke: {
            src: 'mailReceipt',
            input: ({ context }) => ({ memberId: context.memberId, kind: context.kind, id: context.id }),
            onDone: 'mailed',
            onError: { target: 'idle', actions: { type: 'keepMailProblem', params: failure } },
          },
        },
        mailed: { on: { 'receipt.mailed': 'mailing' } },
      },
    },
    failed: { on: { 'receipt.retried': 'loading' } },
  },
});

export type ReceiptMachine = typeof receiptMachine;
