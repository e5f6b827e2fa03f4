import { calls, dealPages } from '@vendo/core/contract';
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { memberOf, ownMember } from '../http/auth.ts';
import type { AppEnv } from '../http/env.ts';
import { once } from '../http/idempotency.ts';
import { sizedJson } from '../http/response-headers.ts';
import { idParam, pageParam, readBody } from '../http/validate.ts';
import { createDeal, currentDeal, listDeals } from '../services/deals.ts';
import { rememberLocale } from '../services/members.ts';
import { reportProblem } from '../services/problem-reports.ts';
import type { Deps } from './deps.ts';

export function dealRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.get('/community_members/:id/deals', async (c) => {
    const memberId = ownMember(c, idParam(c, 'id'));
    const page = pageParam(c, dealPages.last);
    // Without a page, the spec's call as any client knows it: the newest deals, unpaged.
    if (page === undefined) return c.json({ deals: (await listDeals(deps, memberId)).deals });
    const { deals, nextPage } = await listDeals(deps, memberId, page);
    return c.json({ deals, next_page: nextPage });
  });

  app.post('/community_members/:id/deals/:dealId/problem_reports', async (c) => {
    const memberId = ownMember(c, idParam(c, 'id'));
    const body = await readBody(c, calls.reportDealProblem.body);
    await deps.limits.take('problemReportsPerMember', memberId);
    const report = await reportProblem(deps.db, deps.clock, memberId, idParam(c, 'dealId'), body, deps.metrics.refunds);
    return c.json({ problem_report: report }, 201);
  });

  app.post('/product_servers/:id/deals', async (c) => {
    const memberId = memberOf(c);
    const machineId = idParam(c, 'id');
    const body = await readBody(c, calls.createDeal.body);
    await rememberLocale(deps.db, memberId, body.locale);
    const idempotencyKey = c.req.header('Idempotency-Key');
    const answer = await once(
      deps.db,
      deps.clock,
      { memberId, key: idempotencyKey, request: { machineId, body }, lang: c.get('lang') },
      async () => {
        await deps.limits.take('dealsPerMember', memberId);
        const outcome = await createDeal(deps, memberId, machineId, body, {
          origin: deps.publicOrigin(),
          idempotencyKey,
        });
        // A dev script's refusal is answered as the machine's backend would: its error object, 422.
        return 'deal' in outcome
          ? { status: 201, body: { deal: outcome.deal } }
          : { status: 422, body: { error: outcome.scriptedRefusal } };
      },
    );
    return c.json(answer.body as object, answer.status as ContentfulStatusCode);
  });

  app.get('/product_servers/:id/deals/:dealId', async (c) => {
    const memberId = memberOf(c);
    return sizedJson(c, { deal: await currentDeal(deps, memberId, idParam(c, 'id'), idParam(c, 'dealId')) });
  });

  return app;
}
