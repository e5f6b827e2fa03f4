import { calls } from '@vendo/core/contract';
import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { memberOf, ownMember } from '../http/auth.ts';
import type { AppEnv } from '../http/env.ts';
import { problem } from '../http/problem.ts';
import { idParam, readBody } from '../http/validate.ts';
import { newDigits } from '../services/crypto.ts';
import { machineById } from '../services/machines.ts';
import { settleCardLink } from '../services/settlement.ts';
import { cardLinkFinished, statusAt } from '../sim/timeline.ts';

/** The /api/v4/ calls: RFID cards and devices, and pending employee-card links. */
export function rfidRoutes({ db, clock, machines }: Deps) {
  const app = new Hono<AppEnv>();
  const rfidColumns = ['id', 'name', 'rfid_key', 'rfid_id'] as const;
  const listOf = (memberId: number) =>
    db.selectFrom('rfids').select(rfidColumns).where('member_id', '=', memberId).orderBy('id', 'asc').execute();

  app.get('/community_member_rfids', async (c) => {
    return c.json({ community_member_rfids: await listOf(memberOf(c)) });
  });

  app.post('/community_member_rfids', async (c) => {
    const memberId = memberOf(c);
    const body = await readBody(c, calls.createRfid.body);
    const row = await db
      .insertInto('rfids')
      .values({
        member_id: memberId,
        name: body.name.trim(),
        rfid_id: body.rfid_id,
        rfid_key: body.rfid_key,
        created_at: clock.now(),
      })
      .onConflict((oc) => oc.column('rfid_id').doNothing())
      .returning(rfidColumns)
      .executeTakeFirst();
    if (!row) throw problem(422, 'rfid_in_use');
    return c.json({ community_member_rfid: row, community_member_rfids: await listOf(memberId) }, 201);
  });

  app.delete('/community_member_rfids/:id', async (c) => {
    const memberId = memberOf(c);
    const removed = await db
      .deleteFrom('rfids')
      .where('id', '=', idParam(c, 'id'))
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) !== 1) throw problem(404, 'not_found');
    return c.body(null, 204);
  });

  app.post('/community_members/:id/pending_card_links', async (c) => {
    const memberId = ownMember(c, idParam(c, 'id'));
    const body = await readBody(c, calls.createCardLink.body);
    const machine = await machineById(db, body.product_server_id);
    if (!machine.has_rfid) throw problem(422, 'machine_without_rfid');
    const now = clock.now();
    const link = await db.transaction().execute(async (tx) => {
      const timeline = await machines.cardLinkTimeline(tx, machine, memberId);
      return tx
        .insertInto('card_links')
        .values({
          member_id: memberId,
          machine_id: machine.id,
          status: 'in_progress',
          user_code: newDigits(4),
          timeline: JSON.stringify(timeline),
          started_at: now,
        })
        .returning(['id', 'status', 'rfid_key', 'user_code', 'started_at', 'timeline'])
        .executeTakeFirstOrThrow();
    });
    await machines.watchCardLink(link.id, link.started_at, link.timeline);
    const { id, status, rfid_key, user_code } = link;
    return c.json({ pending_card_link: { id, status, rfid_key, user_code } }, 201);
  });

  app.get('/community_members/:id/pending_card_links/:pendingId', async (c) => {
    const memberId = ownMember(c, idParam(c, 'id'));
    const find = () =>
      db
        .selectFrom('card_links')
        .select(['id', 'status', 'rfid_key', 'user_code', 'timeline', 'started_at', 'cancelled_at'])
        .where('id', '=', idParam(c, 'pendingId'))
        .where('member_id', '=', memberId)
        .executeTakeFirst();
    let link = await find();
    if (!link || link.cancelled_at) throw problem(404, 'not_found');
    const due = statusAt<string>(link.timeline, clock.now().getTime() - link.started_at.getTime());
    if (due !== link.status && !cardLinkFinished(link.status)) {
      await settleCardLink(db, clock, link.id);
      link = (await find()) ?? link;
    }
    const { id, status, rfid_key, user_code } = link;
    return c.json({ pending_card_link: { id, status, rfid_key, user_code } });
  });

  app.delete('/community_members/:id/pending_card_links', async (c) => {
    const memberId = ownMember(c, idParam(c, 'id'));
    await db
      .updateTable('card_links')
      .set({ cancelled_at: clock.now() })
      .where('member_id', '=', memberId)
      .where('cancelled_at', 'is', null)
      .where('status', 'in', ['in_progress', 'waiting', 'authenticated'])
      .execute();
    return c.body(null, 204);
  });

  return app;
}
