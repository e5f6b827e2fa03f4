import type { Db } from '../db/database.ts';
import type { Clock } from '../domain/clock.ts';
import { DomainError, refuse } from '../domain/errors.ts';
import type { Job, Scheduler } from '../jobs/scheduler.ts';
import { invoiceMessage } from '../mail/invoice-message.ts';
import type { MailSender } from '../mail/mail-sender.ts';
import { filesOf, issuedInvoiceOf } from './invoice-files.ts';
import { invoiceView } from './invoice-view.ts';

type InvoiceMailJob = Extract<Job, { kind: 'invoice_mail' }>;
type InvoiceMailLimitName = 'invoiceMailsPerMember' | 'invoiceMailsPerInvoice';

/** What asking for an invoice by e-mail needs: the database, the clock, the limits, and the queue. */
export interface InvoiceMailAsking {
  readonly db: Db;
  readonly clock: Clock;
  readonly limits: { takeAll(takes: readonly (readonly [InvoiceMailLimitName, string | number])[]): Promise<void> };
  readonly jobs: Pick<Scheduler, 'at'>;
}

/** What sending one needs: the database, the clock, the mail port and the issuer's name the e-mail gives. */
export interface InvoiceMailing {
  readonly db: Db;
  readonly clock: Clock;
  readonly mail: MailSender;
  readonly issuerName: string;
}

/** The member's address when it is confirmed, and their language (the last they used, else Spanish). */
async function addressOf(db: Db, memberId: number) {
  const member = await db
    .selectFrom('members')
    .select(['email', 'email_confirmed_at', 'locale'])
    .where('id', '=', memberId)
    .executeTakeFirst();
  if (!member?.email || member.email_confirmed_at === null) return null;
  return { email: member.email, lang: member.locale ?? 'es' };
}

/**
 * Issue 37 point 3: queues the e-mail of one of the member's issued invoices, as a receipt's is queued. Every ask
 * is counted first against the member's limit (10 an hour), so the checks behind it cannot be run unbounded;
 * then another member's is not_found, one not issued invoice_not_issued, an address missing or unconfirmed
 * email_not_confirmed; then each invoice once a minute. Past either limit, 429 invoice_mail_limited and nothing
 * queued. The job sends it a moment later.
 */
export async function askInvoiceMail(deps: InvoiceMailAsking, memberId: number, invoiceId: number) {
  await deps.limits.takeAll([['invoiceMailsPerMember', memberId]]);
  await issuedInvoiceOf(deps.db, memberId, invoiceId);
  if (!(await addressOf(deps.db, memberId))) throw refuse('email_not_confirmed');
  await deps.limits.takeAll([['invoiceMailsPerInvoice', `${memberId}:${invoiceId}`]]);
  await deps.jobs.at(deps.clock.now(), { kind: 'invoice_mail', invoiceId, memberId });
}

/**
 * The invoice_mail job: e-mails the invoice, XML and PDF attached, to the member's address as it is when the job
 * runs (nothing when it is no longer confirmed), in their language, and notes when. A mail server's failure
 * throws, so the queue tries again.
 */
export async function sendInvoiceMail(deps: InvoiceMailing, job: InvoiceMailJob): Promise<void> {
  const address = await addressOf(deps.db, job.memberId);
  if (!address) return;
  let invoice: Awaited<ReturnType<typeof issuedInvoiceOf>>;
  try {
    invoice = await issuedInvoiceOf(deps.db, job.memberId, job.invoiceId);
  } catch (failure) {
    // Nothing to send, however often the job is tried: the member or the invoice is gone.
    if (failure instanceof DomainError) return;
    throw failure;
  }
  const files = await filesOf(invoice, address.lang);
  const mail = { invoice: invoiceView(invoice), issuerName: deps.issuerName, ...files };
  await deps.mail.send(invoiceMessage(address.email, mail, address.lang));
  await deps.db.updateTable('invoices').set({ emailed_at: deps.clock.now() }).where('id', '=', invoice.id).execute();
}
