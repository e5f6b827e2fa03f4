import { assign, fromPromise, setup } from 'xstate';
import type { ApiError } from '../../api/api-error.ts';
import { isUnanswered } from '../../api/error-checks.ts';
import type { Invoice, InvoiceFiles } from '../../contract/index.ts';
import { failure } from '../actor-failure.ts';

export interface TopUpInvoiceInput {
  readonly memberId: number;
  readonly topUpId: number;
}

/**
 * What the provider says of a top-up's invoice: the one asked for, until when one may be asked, and whether a
 * balance refund gave back some of the top-up (then it is not invoiced; a provider may not say).
 */
export interface InvoiceRead {
  readonly invoice: Invoice | null;
  readonly invoiceable_until: string | null;
  readonly refunded?: boolean | undefined;
}

export type InvoiceFileFormat = 'xml' | 'pdf';

/** Why a call of the flow came to nothing: no answer, or anything else. */
export type InvoiceCallProblem = 'unreachable' | 'failed';

/** Issue 37 point 3: why an issued invoice was not e-mailed (as a receipt's e-mail, issue 35 point 4). */
export type InvoiceMailProblem = 'notConfirmed' | 'tooOften' | 'failed';

export interface TopUpInvoiceContext extends TopUpInvoiceInput {
  readonly invoice: Invoice | null;
  readonly invoiceableUntil: string | null;
  readonly refunded: boolean;
  readonly files: InvoiceFiles | null;
  /** The file the member asked for last, and how many times they asked: each ask saves it once. */
  readonly wanted: { readonly format: InvoiceFileFormat; readonly count: number } | null;
  readonly problem: InvoiceCallProblem | null;
  readonly mailProblem: InvoiceMailProblem | null;
}

export type TopUpInvoiceEvent =
  | { type: 'invoice.requested' }
  | { type: 'invoice.reloaded' }
  | { type: 'files.requested'; format: InvoiceFileFormat }
  | { type: 'email.requested' };

const problemOf = (error: ApiError): InvoiceCallProblem => (isUnanswered(error) ? 'unreachable' : 'failed');

function mailProblemOf(error: ApiError): InvoiceMailProblem {
  if (error.error_code === 'email_not_confirmed') return 'notConfirmed';
  return error.status === 429 ? 'tooOften' : 'failed';
}

const refusedWith = (code: string) => (_: unknown, error: ApiError) =>
  error.status === 422 && error.error_code === code;

/**
 * Issue 37 point 3: the invoice (CFDI) of one credited top-up, on its receipt. Read once: none asked yet and the
 * Mexico City month still open (`none`), the month over (`closed`), some of it given back by a balance refund
 * (`refunded`, read so or refused 422 top_up_refunded), `issued`, or `failed` with the PAC's reason. Asking stamps it, or says why not: a member without a tax profile is sent to write one
 * (`profileNeeded`). A provider without invoices answers 404 to any of these calls: `unavailable`, and the
 * receipt shows nothing of invoices.
 */
export const topUpInvoiceMachine = setup({
  types: {} as { context: TopUpInvoiceContext; events: TopUpInvoiceEvent; input: TopUpInvoiceInput },
  actors: {
    loadInvoice: fromPromise<InvoiceRead, TopUpInvoiceInput>(() =>
      Promise.reject(new Error('invoice: provide loadInvoice')),
    ),
    requestInvoice: fromPromise<Invoice, TopUpInvoiceInput>(() =>
      Promise.reject(new Error('invoice: provide requestInvoice')),
    ),
    loadFiles: fromPromise<InvoiceFiles, TopUpInvoiceInput & { invoiceId: number }>(() =>
      Promise.reject(new Error('invoice: provide loadFiles')),
    ),
    emailInvoice: fromPromise<void, TopUpInvoiceInput & { invoiceId: number }>(() =>
      Promise.reject(new Error('invoice: provide emailInvoice')),
    ),
  },
  guards: {
    notProvided: (_, error: ApiError) => error.status === 404,
    windowClosed: refusedWith('invoice_window_closed'),
    profileMissing: refusedWith('tax_profile_missing'),
    refundedRefusal: refusedWith('top_up_refunded'),
    issued: ({ context }) => context.invoice?.status === 'issued',
    failed: ({ context }) => context.invoice?.status === 'failed',
    open: ({ context }) => context.invoiceableUntil !== null,
    refunded: ({ context }) => context.refunded,
    hasFiles: ({ context }) => context.files !== null,
  },
  actions: {
    keepRead: assign((_, read: InvoiceRead) => ({
      invoice: read.invoice,
      invoiceableUntil: read.invoiceable_until,
      refunded: read.refunded === true,
      problem: null,
    })),
    keepInvoice: assign((_, invoice: Invoice) => ({ invoice, problem: null })),
    keepFiles: assign((_, files: InvoiceFiles) => ({ files, problem: null })),
    want: assign(({ context, event }) =>
      event.type === 'files.requested'
        ? { wanted: { format: event.format, count: (context.wanted?.count ?? 0) + 1 }, problem: null }
        : {},
    ),
    keepProblem: assign((_, error: ApiError) => ({ problem: problemOf(error) })),
    keepMailProblem: assign((_, error: ApiError) => ({ mailProblem: mailProblemOf(error) })),
    forgetProblems: assign({ problem: null, mailProblem: null }),
  },
}).createMachine({
  id: 'topUpInvoice',
  context: ({ input }) => ({
    ...input,
    invoice: null,
    invoiceableUntil: null,
    refunded: false,
    files: null,
    wanted: null,
    problem: null,
    mailProblem: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadInvoice',
        input: ({ context }) => ({ memberId: context.memberId, topUpId: context.topUpId }),
        onDone: { target: 'deciding', actions: { type: 'keepRead', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'notProvided', params: failure }, target: 'unavailable' },
          { target: 'loadFailed', actions: { type: 'keepProblem', params: failure } },
        ],
      },
    },
    deciding: {
      always: [
        { guard: 'issued', target: 'issued' },
        { guard: 'failed', target: 'failed' },
        { guard: 'open', target: 'none' },
        { guard: 'refunded', target: 'refunded' },
        { target: 'closed' },
      ],
    },
    loadFailed: { on: { 'invoice.reloaded': 'loading' } },
    none: { on: { 'invoice.requested': 'requesting' } },
    requesting: {
      entry: 'forgetProblems',
      invoke: {
        src: 'requestInvoice',
        input: ({ context }) => ({ memberId: context.memberId, topUpId: context.topUpId }),
        onDone: { target: 'deciding', actions: { type: 'keepInvoice', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'notProvided', params: failure }, target: 'unavailable' },
          { guard: { type: 'windowClosed', params: failure }, target: 'closed' },
          { guard: { type: 'refundedRefusal', params: failure }, target: 'refunded' },
          { guard: { type: 'profileMissing', params: failure }, target: 'profileNeeded' },
          // The last answer still holds: asked again from where the member asked.
          { guard: 'failed', target: 'failed', actions: { type: 'keepProblem', params: failure } },
          { target: 'none', actions: { type: 'keepProblem', params: failure } },
        ],
      },
    },
    // The screen leads to the tax-profile form, and back here to ask once it is saved.
    profileNeeded: { on: { 'invoice.requested': 'requesting' } },
    // Refused by the PAC (or it did not answer): the reason, and the same ask once the data is corrected.
    failed: { on: { 'invoice.requested': 'requesting' } },
    closed: {},
    // Some of the top-up's money went back to the member (a balance refund): it is not invoiced.
    refunded: {},
    issued: {
      initial: 'idle',
      on: {
        'files.requested': [
          { guard: 'hasFiles', target: '.idle', actions: 'want' },
          { target: '.downloading', actions: 'want' },
        ],
      },
      states: {
        idle: { on: { 'email.requested': 'emailing' } },
        downloading: {
          invoke: {
            src: 'loadFiles',
            input: ({ context }) => ({
              memberId: context.memberId,
              topUpId: context.topUpId,
              invoiceId: context.invoice?.id ?? 0,
            }),
            onDone: { target: 'idle', actions: { type: 'keepFiles', params: ({ event }) => event.output } },
            onError: [
              { guard: { type: 'notProvided', params: failure }, target: '#topUpInvoice.unavailable' },
              { target: 'idle', actions: { type: 'keepProblem', params: failure } },
            ],
          },
        },
        emailing: {
          entry: 'forgetProblems',
          invoke: {
            src: 'emailInvoice',
            input: ({ context }) => ({
              memberId: context.memberId,
              topUpId: context.topUpId,
              invoiceId: context.invoice?.id ?? 0,
            }),
            onDone: 'emailed',
            onError: [
              { guard: { type: 'notProvided', params: failure }, target: '#topUpInvoice.unavailable' },
              { target: 'idle', actions: { type: 'keepMailProblem', params: failure } },
            ],
          },
        },
        emailed: { on: { 'email.requested': 'emailing' } },
      },
    },
    unavailable: { type: 'final' },
  },
});

export type TopUpInvoiceMachine = typeof topUpInvoiceMachine;
