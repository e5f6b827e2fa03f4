import { calls } from '@vendo/core/contract';
import { Hono } from 'hono';
import { memberOf, ownMember } from '../http/auth.ts';
import type { AppEnv } from '../http/env.ts';
import { idParam, readBody } from '../http/validate.ts';
import { cancelCardLinks, currentCardLink, startCardLink } from '../services/card-links.ts';
import { addRfid, listRfids, removeRfid } from '../services/rfids.ts';
import type { Deps } from './deps.ts';

/** The /api/v4/ calls: RFID cards and devices, and pending employee-card links. */
export function rfidRoutes({ db, clock, machines, limits }: Pick<Deps, 'db' | 'clock' | 'machines' | 'limits'>) {
  const app = new Hono<AppEnv>();

  app.get('/community_member_rfids', async (c) => {
    return c.json({ community_member_rfids: await listRfids(db, memberOf(c)) });
  });

  app.post('/community_member_rfids', async (c) => {
    const memberId = memberOf(c);
    const body = await readBody(c, calls.createRfid.body);
    await limits.take('rfidAddsPerMember', memberId);
    const row = await addRfid(db, clock, memberId, body);
    return c.json({ community_member_rfid: row, community_member_rfids: await listRfids(db, memberId) }, 201);
  });

  app.delete('/community_member_rfids/:id', async (c) => {
    const memberId = memberOf(c);
    await removeRfid(db, memberId, idParam(c, 'id'));
    return c.body(null, 204);
  });

  app.post('/community_members/:id/pending_card_links', async (c) => {
    const memberId = ownMember(c, idParam(c, 'id'));
    const body = await readBody(c, calls.createCardLink.body);
    await limits.take('cardLinksPerMember', memberId);
    const link = await startCardLink({ db, clock, machines }, memberId, body.product_server_id);
    return c.json({ pending_card_link: link }, 201);
  });

  app.get('/community_members/:id/pending_card_links/:pendingId', async (c) => {
    const memberId = ownMember(c, idParam(c, 'id'));
    return c.json({ pending_card_link: await currentCardLink(db, clock, memberId, idParam(c, 'pendingId')) });
  });

  app.delete('/community_members/:id/pending_card_links', async (c) => {
    const memberId = ownMember(c, idParam(c, 'id'));
    await cancelCardLinks(db, clock, memberId);
    return c.body(null, 204);
  });

  return app;
}
