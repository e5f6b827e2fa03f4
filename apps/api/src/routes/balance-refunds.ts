import { calls } from '@vendo/core/contract';
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as z from 'zod/mini';
import { ownMember } from '../http/auth.ts';
import type { AppEnv } from '../http/env.ts';
import { once } from '../http/idempotency.ts';
import { problem } from '../http/problem.ts';
import { idParam, parsedBody, readBody } from '../http/validate.ts';
import { signatureOf } from '../http/webhook-signature.ts';
import {
  balanceRefundPlan,
  balanceRefundsOf,
  listBalanceRefunds,
  requestBalanceRefund,
} from '../services/balance-refunds.ts';
import type { Deps } from './deps.ts';
import { deliverSpeiTransferNotice } from './spei.ts';

/** Issue 37 point 4: the member's own money given back — its plan, the refunds asked for, a new one (idempotent). */
export function balanceRefundRoutes(deps: Deps) {
  const { db, clock, limits } = deps;
  const app = new Hono<AppEnv>();

  app.get('/community_members/:id/balance_refunds/plan', async (c) => {
    const memberId = ownMember(c, idParam(c, 'id'));
    const query = parsedBody({ currency: c.req.query('currency') }, calls.getBalanceRefundPlan.query);
    await limits.take('balanceRefundPlanReadsPerMember', memberId);
    return c.json({ plan: await balanceRefundPlan(db, clock, memberId, query.currency.toUpperCase()) });
  });

  app.get('/community_members/:id/balance_refunds', async (c) => {
    const memberId = ownMember(c, idParam(c, 'id'));
    await limits.take('balanceRefundReadsPerMember', memberId);
    return c.json({ balance_refunds: await listBalanceRefunds(deps, memberId) });
  });

  app.post('/community_members/:id/balance_refunds', async (c) => {
    const memberId = ownMember(c, idParam(c, 'id'));
    const body = await readBody(c, calls.createBalanceRefund.body);
    const key = c.req.header('Idempotency-Key');
    const answer = await once(db, clock, { memberId, key, request: body, lang: c.get('lang') }, async () => {
      await limits.take('balanceRefundRequestsPerMember', memberId);
      const balance_refund = await requestBalanceRefund(deps, {
        memberId,
        currency: body.currency.toUpperCase(),
        amount: body.amount,
        clabe: body.clabe,
        holderName: body.holder_name,
        idempotencyKey: key,
      });
      return { status: 201, body: { balance_refund } };
    });
    return c.json(answer.body as object, answer.status as ContentfulStatusCode);
  });

  return app;
}

const ConfirmBody = z.object({ outcome: z.enum(['done', 'refused']) });

/**
 * `POST /__dev/balance_refunds/:id/confirm`: the bank's word on the refund's SPEI parts sent, as the bank gives it
 * (`done`: settled, `refused`: returned, their money back) — a notice per part, signed with the bank's key and
 * delivered to the bank's own route (`POST /provider/spei/transfers`), so it meets the same checks.
 */
export function devBalanceRefundRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.post('/:id/confirm', async (c) => {
    const body = await readBody(c, ConfirmBody);
    const refund = await deps.db
      .selectFrom('balance_refunds')
      .select(['member_id', 'id'])
      .where('id', '=', idParam(c, 'id'))
      .executeTakeFirst();
    if (!refund) throw problem(404, 'not_found');
    const sent = await deps.db
      .selectFrom('balance_refund_parts')
      .select('tracking_key')
      .where('balance_refund_id', '=', refund.id)
      .where('status', '=', 'sent')
      .where('tracking_key', 'is not', null)
      .execute();
    for (const { tracking_key } of sent) {
      const notice = JSON.stringify({
        tracking_key,
        status: body.outcome === 'done' ? 'settled' : 'returned',
        settled_at: deps.clock.now().toISOString(),
      });
      await deliverSpeiTransferNotice(deps, notice, signatureOf(await deps.speiKey(), notice));
    }
    const [balance_refund] = await balanceRefundsOf(deps.db, refund.member_id, [refund.id]);
    return c.json({ balance_refund });
  });
  return app;
}
