import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** One member's Idempotency-Key, as http/idempotency.ts runs a request once per key. */
export interface KeyRef {
  readonly memberId: number;
  readonly key: string;
}

/** Forgets the key when it was first used before `expired`: it may name a new request now. */
export async function dropExpiredKey(db: Db, { memberId, key }: KeyRef, expired: Date): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('member_id', '=', memberId)
    .where('key', '=', key)
    .where('created_at', '<', expired)
    .execute();
}

/** Claims a key no request holds yet, running until `lease`; false when another request has it. */
export async function claimKey(
  db: Db,
  { memberId, key }: KeyRef,
  claim: { requestHash: string; now: Date; lease: Date },
): Promise<boolean> {
  const claimed = await db
    .insertInto('idempotency_keys')
    .values({
      member_id: memberId,
      key,
      request_hash: claim.requestHash,
      state: 'running',
      created_at: claim.now,
      lease_until: claim.lease,
    })
    .onConflict((oc) => oc.columns(['member_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** What the key's first request was and, once done, what it answered. */
export async function firstUseOf(db: Db, { memberId, key }: KeyRef) {
  return db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'state', 'status_code', 'body', 'lease_until'])
    .where('member_id', '=', memberId)
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
}

/** Takes a running key whose lease ran out (its request died with its process); one replay wins. */
export async function takeOverKey(db: Db, { memberId, key }: KeyRef, now: Date, lease: Date): Promise<boolean> {
  const taken = await db
    .updateTable('idempotency_keys')
    .set({ lease_until: lease })
    .where('member_id', '=', memberId)
    .where('key', '=', key)
    .where('state', '=', 'running')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Frees the key for a retry. */
export async function freeKey(db: Db, { memberId, key }: KeyRef): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('member_id', '=', memberId).where('key', '=', key).execute();
}

/** Keeps the answer a replay of the key gets. */
export async function keepAnswer(
  db: Db,
  { memberId, key }: KeyRef,
  answer: { status: number; body: unknown },
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ state: 'done', status_code: answer.status, body: sql`${JSON.stringify(answer.body)}::jsonb` })
    .where('member_id', '=', memberId)
    .where('key', '=', key)
    .execute();
}
