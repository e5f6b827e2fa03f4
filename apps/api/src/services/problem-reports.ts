import type { ProblemReport, ProblemReportBody } from '@vendo/core/contract';
import type { Db } from '../db/database.ts';
import { problem } from '../http/problem.ts';
import type { Clock } from './clock.ts';
import { book, toPesos } from './ledger.ts';

interface ReportRow {
  id: number;
  deal_id: number;
  reason: ProblemReport['reason'];
  refunded_cents: number;
  created_at: Date;
}

const view = (row: ReportRow): ProblemReport => ({
  id: row.id,
  deal_id: row.deal_id,
  reason: row.reason,
  refunded: toPesos(row.refunded_cents),
  created_at: row.created_at.toISOString(),
});

/**
 * A member's report on one of their deals. A deal that was charged (the
 * machine said delivered) but that the member did not get is refunded to the
 * balance; one report per deal, so the refund happens once whatever is resent.
 */
export async function reportProblem(
  db: Db,
  clock: Clock,
  memberId: number,
  dealId: number,
  body: ProblemReportBody,
): Promise<ProblemReport> {
  return db.transaction().execute(async (tx) => {
    const deal = await tx
      .selectFrom('deals')
      .select(['id', 'delivery_status', 'charged_cents', 'settled_at'])
      .where('id', '=', dealId)
      .where('member_id', '=', memberId)
      .forUpdate()
      .executeTakeFirst();
    if (!deal) throw problem(404, 'not_found');
    const columns = ['id', 'deal_id', 'reason', 'refunded_cents', 'created_at'] as const;
    const earlier = await tx
      .selectFrom('problem_reports')
      .select(columns)
      .where('deal_id', '=', dealId)
      .executeTakeFirst();
    if (earlier) return view(earlier);
    const refund =
      body.reason === 'not_delivered' && deal.settled_at && deal.delivery_status === 0 ? deal.charged_cents : 0;
    const now = clock.now();
    if (refund > 0) {
      await book(tx, { memberId, cents: refund, kind: 'refund', reference: String(deal.id), at: now });
    }
    const row = await tx
      .insertInto('problem_reports')
      .values({
        deal_id: dealId,
        member_id: memberId,
        reason: body.reason,
        comment: body.comment ?? null,
        refunded_cents: refund,
        created_at: now,
      })
      .returning(columns)
      .executeTakeFirstOrThrow();
    return view(row);
  });
}
