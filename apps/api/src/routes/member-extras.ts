import { calls } from '@vendo/core/contract';
import { Hono } from 'hono';
import { ownMember } from '../http/auth.ts';
import type { AppEnv } from '../http/env.ts';
import { problem } from '../http/problem.ts';
import { idParam, readBody } from '../http/validate.ts';
import { addRating, displaysRatingModal, messagesFor, saveRatingModalChoice } from '../services/member-extras.ts';
import { balancesWithPending } from '../services/pending-top-ups.ts';
import { addRestockAlert, removeRestockAlert } from '../services/restock-alerts.ts';
import type { Deps } from './deps.ts';

/** Balances, configuration, ratings, custom messages and restock alerts: small reads and writes of the member's own. */
export function memberExtraRoutes({ db, clock, limits }: Deps) {
  const app = new Hono<AppEnv>();

  app.get('/community_members/:id/balances', async (c) => {
    const memberId = ownMember(c, idParam(c, 'id'));
    return c.json({ balances: await balancesWithPending(db, memberId, clock.now()) });
  });

  app.get('/community_members/:id/community_member_configurations', async (c) => {
    const memberId = ownMember(c, idParam(c, 'id'));
    const displayRatingModal = await displaysRatingModal(db, memberId);
    return c.json({ community_member_configuration: { displayRatingModal } });
  });

  app.post('/community_members/:id/community_member_configurations', async (c) => {
    const memberId = ownMember(c, idParam(c, 'id'));
    const body = await readBody(c, calls.saveConfiguration.body);
    await saveRatingModalChoice(db, memberId, body.displayRatingModal);
    return c.json({ community_member_configuration: { displayRatingModal: body.displayRatingModal } });
  });

  app.post('/ratings', async (c) => {
    const body = await readBody(c, calls.createRating.body);
    const memberId = ownMember(c, body.community_member_id);
    const row = await addRating(db, clock, memberId, body.rating);
    return c.json({ rating: { id: row.id, community_member_id: memberId, rating: row.rating } }, 201);
  });

  app.get('/community_member_messages', async (c) => {
    const id = Number(c.req.query('community_member_id'));
    if (!Number.isInteger(id) || id <= 0) throw problem(404, 'not_found');
    const memberId = ownMember(c, id);
    return c.json({ community_member_messages: await messagesFor(db, memberId) });
  });

  app.post('/community_members/:id/restock_alerts', async (c) => {
    const memberId = ownMember(c, idParam(c, 'id'));
    const body = await readBody(c, calls.createRestockAlert.body);
    await limits.take('restockAlertsPerMember', memberId);
    const target = { machineId: body.product_server_id, productId: body.product_id };
    return c.json({ restock_alert: await addRestockAlert(db, clock, memberId, target) }, 201);
  });

  app.delete('/community_members/:id/restock_alerts/:alertId', async (c) => {
    const memberId = ownMember(c, idParam(c, 'id'));
    await limits.take('restockAlertsPerMember', memberId);
    await removeRestockAlert(db, memberId, idParam(c, 'alertId'));
    return c.body(null, 204);
  });

  return app;
}
