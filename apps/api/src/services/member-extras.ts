import type { Db } from '../db/database.ts';
import type { Clock } from '../domain/clock.ts';

/** Whether the app shows the member the rating modal: yes until they say otherwise. */
export async function displaysRatingModal(db: Db, memberId: number): Promise<boolean> {
  const row = await db
    .selectFrom('member_configurations')
    .select('display_rating_modal')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row?.display_rating_modal ?? true;
}

export async function saveRatingModalChoice(db: Db, memberId: number, display: boolean): Promise<void> {
  await db
    .insertInto('member_configurations')
    .values({ member_id: memberId, display_rating_modal: display })
    .onConflict((oc) => oc.column('member_id').doUpdateSet({ display_rating_modal: display }))
    .execute();
}

export async function addRating(db: Db, clock: Clock, memberId: number, rating: number) {
  return db
    .insertInto('ratings')
    .values({ member_id: memberId, rating, created_at: clock.now() })
    .returning(['id', 'rating'])
    .executeTakeFirstOrThrow();
}

/** The member's own messages and those addressed to every member, oldest first. */
export async function messagesFor(db: Db, memberId: number) {
  return db
    .selectFrom('messages')
    .select(['id', 'title', 'summary', 'description', 'image_url', 'action_button_text', 'action_url'])
    .where((eb) => eb.or([eb('member_id', '=', memberId), eb('member_id', 'is', null)]))
    .orderBy('id', 'asc')
    .execute();
}
