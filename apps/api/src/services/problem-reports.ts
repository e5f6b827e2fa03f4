import { deliveryStatus, fromMinorUnits, type ProblemReport, type ProblemReportBody } from '@vendo/core/contract';
import type { Db } from '../db/database.ts';
import type { Clock } from '../domain/clock.ts';
import { refuse } from '../domain/errors.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { giveBackBonus } from './bonus.ts';
import { book } from './ledger.ts';
import { stampOnHeldReward, takeBackStamps } from './stamps.ts';

/** Bounds of the automatic refund ("Rules it keeps" (docs/reference-api.md)): past them a report waits for a person. */
export const refundRules = {
  /** Automatic refunds one member gets per window. */
  refundsPerWindow: 2,
  windowDays: 30,
  /** The largest deal refunded without review, in minor units of its currency (centavos for MXN). */
  maxAutomaticCents: 10_000,
} as const;

interface ReportRow {
  id: number;
  deal_id: number;
  reason: ProblemReport['reason'];
  refunded_cents: number;
  outcome: ProblemReport['outcome'];
  created_at: Date;
}

/** A report as the member reads it; its refund is in the deal's currency (issue 32 point 5). */
const view = (row: ReportRow, currency: string): ProblemReport => ({
  id: row.id,
  deal_id: row.deal_id,
  reason: row.reason,
  refunded: fromMinorUnits(row.refunded_cents, currency),
  outcome: row.outcome,
  created_at: row.created_at.toISOString(),
});

/**
 * A member's report on one of their deals. A deal that was charged (the machine said delivered) but
 * that the member did not get is refunded to the balance at once, within refundRules; past them the
 * report is kept for review and says so. One report per deal, so a resent report changes nothing.
 */
export async function reportProblem(
  db: Db,
  clock: Clock,
  memberId: number,
  dealId: number,
  body: ProblemReportBody,
  refunds: Pick<Metrics['refunds'], 'inc'>,
): Promise<ProblemReport> {
  // Counted once decided and committed: a report sent again finds the first and counts nothing.
  const { report, decided } = await db.transaction().execute(async (tx) => {
    // The member's reports are decided one at a time, so reports sent together cannot pass the bounds.
    await tx.selectFrom('members').select('id').where('id', '=', memberId).forUpdate().execute();
    const deal = await tx
      .selectFrom('deals')
      .select(['id', 'delivery_status', 'charged_cents', 'bonus_charged_cents', 'settled_at', 'currency'])
      .where('id', '=', dealId)
      .where('member_id', '=', memberId)
      .forUpdate()
      .executeTakeFirst();
    if (!deal) throw refuse('not_found');
    const columns = ['id', 'deal_id', 'reason', 'refunded_cents', 'outcome', 'created_at'] as const;
    const earlier = await tx
      .selectFrom('problem_reports')
      .select(columns)
      .where('deal_id', '=', dealId)
      .executeTakeFirst();
    if (earlier) return { report: view(earlier, deal.currency), decided: null };
    const now = clock.now();
    const refundable =
      body.reason === 'not_delivered' &&
      deal.settled_at &&
      deal.delivery_status === deliveryStatus.delivered &&
      deal.charged_cents > 0;
    const withinBounds =
      refundable &&
      deal.charged_cents <= refundRules.maxAutomaticCents &&
      (await recentRefunds(tx, memberId, now)) < refundRules.refundsPerWindow &&
      // Issue 36: a stamp on a card whose reward a purchase on its way holds cannot be settled yet.
      !(await stampOnHeldReward(tx, { id: deal.id, memberId }));
    const refund = withinBounds ? deal.charged_cents : 0;
    const outcome: ProblemReport['outcome'] = withinBounds ? 'refunded' : refundable ? 'in_review' : 'recorded';
    if (refund > 0) {
      // Issue 36: the own part back as own money, the part bonus credit paid back to its lots (never as money,
      // never to a card), and the stamps the purchase earned taken back while their card is not redeemed.
      const own = refund - deal.bonus_charged_cents;
      if (own > 0)
        await book(tx, {
          memberId,
          cents: own,
          currency: deal.currency,
          kind: 'refund',
          reference: String(deal.id),
          at: now,
        });
      const purchase = { id: deal.id, memberId, currency: deal.currency };
      await giveBackBonus(tx, purchase, deal.bonus_charged_cents, 'bonus_refund', now);
      await takeBackStamps(tx, purchase, now);
    }
    const row = await tx
      .insertInto('problem_reports')
      .values({
        deal_id: dealId,
        member_id: memberId,
        reason: body.reason,
        comment: body.comment ?? null,
        refunded_cents: refund,
        outcome,
        created_at: now,
      })
      .returning(columns)
      .executeTakeFirstOrThrow();
    return { report: view(row, deal.currency), decided: outcome };
  });
  if (decided) refunds.inc({ outcome: decided });
  return report;
}

/** Automatic refunds the member had in the last refundRules.windowDays. */
async function recentRefunds(tx: Pick<Db, 'selectFrom'>, memberId: number, now: Date): Promise<number> {
  const row = await tx
    .selectFrom('problem_reports')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('member_id', '=', memberId)
    .where('outcome', '=', 'refunded')
    .where('created_at', '>', new Date(now.getTime() - refundRules.windowDays * 86_400_000))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
