import { type Receipt, type ReceiptKind, receiptPagePath } from '@vendo/core/contract';
import type { Db } from '../db/database.ts';
import { DomainError, refuse } from '../domain/errors.ts';
import type { Lang } from '../domain/lang.ts';
import type { Job } from '../jobs/scheduler.ts';
import type { MailSender } from '../mail/mail-sender.ts';
import { receiptMessage } from '../mail/receipt-message.ts';
import { dealReceipt, type ReceiptReading, topUpReceipt } from './receipts.ts';

type ReceiptMailJob = Extract<Job, { kind: 'receipt_mail' }>;
type ReceiptMailLimitName = 'receiptMailsPerMember' | 'receiptMailsPerReceipt';

/** The limits on receipts a member asks to be e-mailed (rateLimits in http/rate-limits.ts); a spent one throws. */
export interface ReceiptMailLimits {
  takeAll(takes: readonly (readonly [ReceiptMailLimitName, string | number])[]): Promise<void>;
}

/** What sending a receipt needs: reading it (its folio is issued then, if it was not), and the mail port. */
export interface ReceiptMailing extends ReceiptReading {
  readonly mail: MailSender;
  /** Deps.publicOrigin: the receipt's link starts with it, never with a request's Host. */
  publicOrigin(): string;
}

/** What asking for a receipt by e-mail needs: reading it, and the limits. The job sends it. */
export interface ReceiptAsking extends ReceiptReading {
  readonly limits: ReceiptMailLimits;
}

const receiptOf = (deps: ReceiptReading, memberId: number, kind: ReceiptKind, id: number): Promise<Receipt> =>
  kind === 'deal' ? dealReceipt(deps, memberId, id) : topUpReceipt(deps, memberId, id);

/** The member's address when it is confirmed, their language (the last they used, else Spanish) and setting. */
async function addressOf(db: Db, memberId: number) {
  const member = await db
    .selectFrom('members')
    .select(['email', 'email_confirmed_at', 'locale', 'receipts_by_email'])
    .where('id', '=', memberId)
    .executeTakeFirst();
  if (!member?.email || member.email_confirmed_at === null) return null;
  return { email: member.email, lang: (member.locale ?? 'es') satisfies Lang, everyReceipt: member.receipts_by_email };
}

/**
 * Issue 35 point 4, "Enviar a mi correo": queues the e-mail of one of the member's receipts. A receipt that is
 * not theirs, or not issued (a deal not delivered, a top-up not credited), is not_found, as reading it is; an
 * address missing or unconfirmed is email_not_confirmed. Only then is the ask counted (10 an hour, each receipt
 * once a minute; past either, 429 receipt_mail_limited and nothing queued). The job sends it a moment later.
 */
export async function askReceiptMail(deps: ReceiptAsking, memberId: number, kind: ReceiptKind, id: number) {
  await receiptOf(deps, memberId, kind, id);
  if (!(await addressOf(deps.db, memberId))) throw refuse('email_not_confirmed');
  await deps.limits.takeAll([
    ['receiptMailsPerMember', memberId],
    ['receiptMailsPerReceipt', `${memberId}:${kind}:${id}`],
  ]);
  await deps.jobs.at(deps.clock.now(), { kind: 'receipt_mail', receipt: kind, id, memberId, reason: 'asked' });
}

/**
 * The receipt_mail job: e-mails the receipt to the member's address as it is when the job runs. It sends
 * nothing when the address is no longer confirmed, or, for a receipt sent because the member gets every one,
 * when they have turned that off since. A mail server's failure throws, so the job queue tries again (on
 * PostgreSQL; the timers of embedded PGlite log it); whatever moved the money committed long before.
 */
export async function sendReceiptMail(deps: ReceiptMailing, job: ReceiptMailJob): Promise<void> {
  const address = await addressOf(deps.db, job.memberId);
  if (!address || (job.reason === 'every_receipt' && !address.everyReceipt)) return;
  let receipt: Receipt;
  try {
    receipt = await receiptOf(deps, job.memberId, job.receipt, job.id);
  } catch (failure) {
    // Nothing to send: a receipt that is not issued is not issued however often the job is tried.
    if (failure instanceof DomainError && failure.code === 'not_found') return;
    throw failure;
  }
  const link = new URL(receiptPagePath(job.receipt, job.id), deps.publicOrigin()).href;
  await deps.mail.send(receiptMessage(address.email, receipt, link, address.lang));
}
