import type { Db } from '../db/database.ts';
import type { Scheduler } from '../jobs/scheduler.ts';

/**
 * Issue 35 point 4, "send me every receipt": called inside the transaction that settles a deal as delivered or
 * credits a top-up. When the member has the setting on and a confirmed address, the receipt's e-mail becomes a
 * job of that same transaction: it exists only if the money moved, and no crash after the commit loses it.
 * Keyed by the receipt, so it is queued once. Sending is the job's (services/receipt-mail.ts), after the commit:
 * a mail server that is down never undoes a settlement. Lives apart from receipt-mail.ts, which reads receipts
 * (and so settlement): settlement and card charges call this without importing what imports them.
 */
export async function mailEveryReceipt(
  tx: Db,
  jobs: Pick<Scheduler, 'at'>,
  receipt: { readonly kind: 'deal' | 'top_up'; readonly id: number; readonly memberId: number },
  at: Date,
): Promise<void> {
  const member = await tx
    .selectFrom('members')
    .select('id')
    .where('id', '=', receipt.memberId)
    .where('receipts_by_email', '=', true)
    .where('email', 'is not', null)
    .where('email_confirmed_at', 'is not', null)
    .executeTakeFirst();
  if (!member) return;
  await jobs.at(
    at,
    {
      kind: 'receipt_mail',
      receipt: receipt.kind,
      id: receipt.id,
      memberId: receipt.memberId,
      reason: 'every_receipt',
    },
    { key: `receipt_mail:${receipt.kind}:${receipt.id}`, within: tx },
  );
}
