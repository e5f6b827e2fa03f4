import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { Clock } from '../domain/clock.ts';
import { refuse } from '../domain/errors.ts';

/** How long a purchase may hold its member's lock; one whose process died frees it after this. */
export const buyLockSeconds = 30;

/**
 * One purchase at a time per member, across every API process: the lock is a row taken with one
 * conditional upsert before anything is checked, charged or held, and given back after. A second
 * purchase while one is being made is refused (409), however it pays (balance, card, sample, service),
 * with the seconds left on the holder's lease: a client that waits that long finds the lock free,
 * even when the holder's process died (issue 32 point 9).
 */
export async function withBuyLock<T>(db: Db, clock: Clock, memberId: number, purchase: () => Promise<T>): Promise<T> {
  const holder = randomUUID();
  const now = clock.now();
  const taken = await db
    .insertInto('buy_locks')
    .values({ member_id: memberId, holder, lease_until: new Date(now.getTime() + buyLockSeconds * 1000) })
    .onConflict((oc) =>
      oc
        .column('member_id')
        .doUpdateSet({ holder, lease_until: new Date(now.getTime() + buyLockSeconds * 1000) })
        .where('buy_locks.lease_until', '<=', now),
    )
    .returning('holder')
    .executeTakeFirst();
  if (taken?.holder !== holder) {
    const held = await db
      .selectFrom('buy_locks')
      .select('lease_until')
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    // Gone since (the holder finished): a second is enough.
    const leftMs = (held?.lease_until.getTime() ?? now.getTime()) - now.getTime();
    throw refuse('purchase_in_progress', {
      retry_after: Math.min(buyLockSeconds, Math.max(1, Math.ceil(leftMs / 1000))),
    });
  }
  try {
    return await purchase();
  } finally {
    await db.deleteFrom('buy_locks').where('member_id', '=', memberId).where('holder', '=', holder).execute();
  }
}
