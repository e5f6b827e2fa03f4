import type { Db } from '../db/database.ts';
import type { Clock } from '../domain/clock.ts';
import { refuse } from '../domain/errors.ts';

const rfidColumns = ['id', 'name', 'rfid_key', 'rfid_id'] as const;

/** The member's RFID cards and devices, oldest first. */
export function listRfids(db: Db, memberId: number) {
  return db.selectFrom('rfids').select(rfidColumns).where('member_id', '=', memberId).orderBy('id', 'asc').execute();
}

/** Adds a card or device by its id; an id already linked to anyone is refused. */
export async function addRfid(
  db: Db,
  clock: Clock,
  memberId: number,
  rfid: { name: string; rfid_id: string; rfid_key: string },
) {
  const row = await db
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
