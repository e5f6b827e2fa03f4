import type { Db } from '../db/database.ts';
import type { Clock } from '../domain/clock.ts';
import { refuse } from '../domain/errors.ts';
import { cardLinkBehind, cardLinkFinished, statusAt } from '../domain/timeline.ts';
import type { MachineRunner } from '../sim/machine-runner.ts';
import { newDigits } from './crypto.ts';
import { machineById } from './machines.ts';

/** What a pending card link shows the member (spec §3): never its timeline. */
const linkView = (link: { id: number; status: string; rfid_key: string | null; user_code: string }) => {
  const { id, status, rfid_key, user_code } = link;
  return { id, status, rfid_key, user_code };
};

/**
 * Starts linking the member's employee card at a machine with an RFID reader: the machine's
 * statuses follow from the timeline it gives the link, and it says when each step is due. A member
 * has one link on its way at a time (issue 32 point 8): starting one cancels the ones before.
 */
export async function startCardLink(
  deps: { db: Db; clock: Clock; machines: Pick<MachineRunner, 'cardLinkTimeline' | 'watchCardLink'> },
  memberId: number,
  machineId: number,
) {
  const { db, machines } = deps;
  const machine = await machineById(db, machineId);
  if (!machine.has_rfid) throw refuse('machine_without_rfid');
  const now = deps.clock.now();
  const link = await db.transaction().execute(async (tx) => {
    // Under the member's row lock: two starts at the same moment leave one link on its way, not two.
    await tx.selectFrom('members').select('id').where('id', '=', memberId).forUpdate().execute();
    await cancelCardLinks(tx, deps.clock, memberId);
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
  return linkView(link);
}

/** One of the member's card links as it stands now, brought up to its timeline first when it moved on. */
export async function currentCardLink(db: Db, clock: Clock, memberId: number, linkId: number) {
  const find = () =>
    db
      .selectFrom('card_links')
      .select(['id', 'status', 'rfid_key', 'user_code', 'timeline', 'started_at', 'cancelled_at'])
      .where('id', '=', linkId)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
  let link = await find();
  if (!link || link.cancelled_at) throw refuse('not_found');
  if (
    cardLinkBehind({ timeline: link.timeline, startedAt: link.started_at.getTime(), status: link.status }, clock.now())
  ) {
    await settleCardLink(db, clock, link.id);
    link = (await find()) ?? link;
  }
  return linkView(link);
}

/** Cancels the member's card links still on their way. */
export async function cancelCardLinks(db: Db, clock: Clock, memberId: number): Promise<void> {
  await db
    .updateTable('card_links')
    .set({ cancelled_at: clock.now() })
    .where('member_id', '=', memberId)
    .where('cancelled_at', 'is', null)
    .where('status', 'in', ['in_progress', 'waiting', 'authenticated'])
    .execute();
}

/** Brings a pending card link up to its timeline; a link that reaches `linked` gives the member the card. */
export async function settleCardLink(db: Db, clock: Clock, linkId: number) {
  const now = clock.now();
  await db.transaction().execute(async (tx) => {
    const link = await tx.selectFrom('card_links').selectAll().where('id', '=', linkId).forUpdate().executeTakeFirst();
    if (!link || link.cancelled_at || cardLinkFinished(link.status)) return;
    const status = statusAt<string>(link.timeline, now.getTime() - link.started_at.getTime());
    if (status === link.status) return;
    const rfidKey = status === 'linked' ? (link.rfid_key ?? newDigits(8)) : link.rfid_key;
    await tx.updateTable('card_links').set({ status, rfid_key: rfidKey }).where('id', '=', link.id).execute();
    if (status !== 'linked' || !rfidKey) return;
    const rfidId = newDigits(10);
    // Spec §1: a member has a single employee card. The member row names the current one; a new link
    // replaces it (issue 15 point 12), so linking again never leaves two.
    const previous = await tx
      .selectFrom('members')
      .select('rfid_id')
      .where('id', '=', link.member_id)
      .executeTakeFirst();
    if (previous?.rfid_id) {
      await tx
        .deleteFrom('rfids')
        .where('member_id', '=', link.member_id)
        .where('rfid_id', '=', previous.rfid_id)
        .execute();
    }
    await tx
      .updateTable('members')
      .set({ rfid_key: rfidKey, rfid_id: rfidId })
      .where('id', '=', link.member_id)
      .execute();
    await tx
      .insertInto('rfids')
      .values({
        member_id: link.member_id,
        name: 'Tarjeta de empleado',
        rfid_id: rfidId,
        rfid_key: rfidKey,
        created_at: now,
      })
      .execute();
  });
}
