import type { Db } from '../db/database.ts';
import type { Clock } from '../domain/clock.ts';
import { refuse } from '../domain/errors.ts';

const rfidColumns = ['id', 'name', 'rfid_key', 'rfid_id'] as const;

/** The most RFID cards and devices one member keeps (issue 32 point 8): the list every answer carries stays short. */
export const maxRfidsPerMember = 20;

/** The member's RFID cards and devices, oldest first. */
export function listRfids(db: Db, memberId: number) {
  return db.selectFrom('rfids').select(rfidColumns).where('member_id', '=', memberId).orderBy('id', 'asc').execute();
}

/**
 * Adds a card or device by its id; an id already linked to anyone is refused, and so is one past
 * maxRfidsPerMember. The member's row stays locked from the count to the insert, so adds sent at the
 * same moment cannot pass the cap together.
 */
export async function addRfid(
  db: Db,
  clock: Clock,
  memberId: number,
  rfid: { name: string; rfid_id: string; rfid_key: string },
) {
  return db.transaction().execute(async (tx) => {
    await tx.selectFrom('members').select('id').where('id', '=', memberId).forUpdate().execute();
    const { count } = await tx
      .selectFrom('rfids')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= maxRfidsPerMember) throw refuse('rfid_limit_reached', { maximum: maxRfidsPerMember });
    const row = await tx
      .insertInto('rfids')
      .values({
        member_id: memberId,
        name: rfid.name.trim(),
        rfid_id: rfid.rfid_id,
        rfid_key: rfid.rfid_key,
        created_at: clock.now(),
      })
      .onConflict((oc) => oc.column('rfid_id').doNothing())
      .returning(rfidColumns)
      .executeTakeFirst();
    if (!row) throw refuse('rfid_in_use');
    return row;
  });
}

/** Removes one of the member's cards or devices; another member's is not found. */
export async function removeRfid(db: Db, memberId: number, id: number): Promise<void> {
  const removed = await db
    .deleteFrom('rfids')
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) !== 1) throw refuse('not_found');
}
