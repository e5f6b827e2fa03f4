import { dealPages } from '@vendo/core/contract';
import { Hono } from 'hono';
import { ownMember } from '../http/auth.ts';
import type { AppEnv } from '../http/env.ts';
import { idParam, pageParam } from '../http/validate.ts';
import { memberStatement } from '../services/statement.ts';
import type { Deps } from './deps.ts';

/** Issue 35 point 5: the member's purchases and top-ups as a statement, a page at a time (page 1 without one). */
export function statementRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.get('/community_members/:id/statement', async (c) => {
    const memberId = ownMember(c, idParam(c, 'id'));
    const page = pageParam(c, dealPages.last);
    await deps.limits.take('statementPagesPerMember', memberId);
    const { entries, months, nextPage, timeZone } = await memberStatement(deps, memberId, page);
    return c.json({ entries, months, next_page: nextPage, time_zone: timeZone });
  });

  return app;
}
