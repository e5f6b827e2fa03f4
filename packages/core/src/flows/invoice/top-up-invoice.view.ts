import type { SnapshotFrom } from 'xstate';
import type { InvoiceFiles } from '../../contract/index.ts';
import type { InvoiceFileFormat, TopUpInvoiceMachine } from './top-up-invoice.machine.ts';

/**
 * What a top-up's receipt shows of its invoice: nothing where the provider has none (`unavailable`, or while it
 * is read), else the state it is in and what the member can do there.
 */
export function topUpInvoiceView(snapshot: SnapshotFrom<TopUpInvoiceMachine>) {
  const { context } = snapshot;
  const issued = snapshot.matches('issued');
  return {
    hidden: snapshot.matches('loading') || snapshot.matches('unavailable'),
    loadFailed: snapshot.matches('loadFailed'),
    canRequest: snapshot.matches('none'),
    requesting: snapshot.matches('requesting'),
    closed: snapshot.matches('closed'),
    /** Some of the top-up's money went back by a balance refund: it is not invoiced. */
    refunded: snapshot.matches('refunded'),
    profileNeeded: snapshot.matches('profileNeeded'),
    /** Refused by the invoicing service: why, in the member's language, and the same ask again. */
    failure: snapshot.matches('failed') ? (context.invoice?.failure ?? null) : null,
    issued: issued ? context.invoice : null,
    downloading: snapshot.matches({ issued: 'downloading' }),
    /** The files, once read, and the one the member asked for last: the screen saves it once per ask. */
    files: context.files,
    wanted: context.wanted,
    emailing: snapshot.matches({ issued: 'emailing' }),
    emailed: snapshot.matches({ issued: 'emailed' }),
    mailProblem: issued ? context.mailProblem : null,
    problem: context.problem,
  };
}

export type TopUpInvoiceView = ReturnType<typeof topUpInvoiceView>;

/**
 * An invoice file as the browser saves it: its name with the format's extension, its type, and its content:
 * the XML as text, the PDF as the base64 the provider sent it in (`text` null).
 */
export function invoiceFile(files: InvoiceFiles, format: InvoiceFileFormat) {
  return format === 'xml'
    ? { name: `${files.file_name}.xml`, type: 'application/xml', text: files.xml, base64: '' }
    : { name: `${files.file_name}.pdf`, type: 'application/pdf', text: null, base64: files.pdf_base64 };
}
