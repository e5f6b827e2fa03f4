import { Hono } from 'hono';
import { ownMember } from '../http/auth.ts';
import type { AppEnv } from '../http/env.ts';
import { problem } from '../http/problem.ts';
import { idParam } from '../http/validate.ts';
import { memberRewards } from '../services/rewards.ts';
import type { Deps } from './deps.ts';

/** Issue 36: the reward programs, the member's progress on them and their bonus credit, all or one machine's. */
export function rewardRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.get('/community_members/:id/rewards', async (c) => {
    const memberId = ownMember(c, idParam(c, 'id'));
    const machine = c.req.query('product_server_id');
    if (machine !== undefined && (!/^[1-9]\d{0,9}$/.test(machine) || Number(machine) > 2_147_483_647)) {
      throw problem(422, 'invalid_request', { description: 'product_server_id: a machine id' });
    }
    const machineId = machine === undefined ? undefined : Number(machine);
    await deps.limits.take('rewardReadsPerMember', memberId);
    return c.json(await memberRewards(deps.db, memberId, deps.clock.now(), machineId));
  });

  return app;
}
