import type { CreditCard } from '@vendo/core/contract';
import type { Db } from '../db/database.ts';
import type { Clock } from '../domain/clock.ts';
import { refuse } from '../domain/errors.ts';

type CardRow = { id: number; brand: string; last4: string };

/** The most saved cards (meal-voucher cards included) one member keeps (issue 32 point 8). */
export const maxSavedCards = 10;

/**
 * Refuses a card past maxSavedCards. Call it in the transaction that saves the card: the member's
 * row stays locked until it commits, so cards saved at the same moment cannot pass the cap together.
 */
export async function assertRoomForCard(tx: Db, memberId: number): Promise<void> {
  await tx.selectFrom('members').select('id').where('id', '=', memberId).forUpdate().execute();
  const { count } = await tx
    .selectFrom('credit_cards')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  if (Number(count) >= maxSavedCards) throw refuse('card_limit_reached', { maximum: maxSavedCards });
}

export const cardView = (row: CardRow): CreditCard => ({
  id: row.id,
  card_number: `************${row.last4}`,
  brand: row.brand as CreditCard['brand'],
});

/** One of the member's saved (not deleted) cards, or 404. */
export async function ownCard(db: Db, memberId: number, cardId: number) {
  const card = await db
    .selectFrom('credit_cards')
    .selectAll()
    .where('id', '=', cardId)
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!card) throw refuse('card_not_found');
  return card;
}

export async function listCards(db: Db, memberId: number): Promise<CreditCard[]> {
  const rows = await db
    .selectFrom('credit_cards')
    .select(['id', 'brand', 'last4'])
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .orderBy('id', 'asc')
    .execute();
  return rows.map(cardView);
}

/** Saves a card the provider verified, within maxSavedCards (checked in the same transaction). */
export async function saveCard(
  db: Db,
  memberId: number,
  card: { brand: string; last4: string; token: string; holderName: string },
): Promise<CreditCard> {
  const row = await db.transaction().execute(async (tx) => {
    await assertRoomForCard(tx, memberId);
    return tx
      .insertInto('credit_cards')
      .values({
        member_id: memberId,
        brand: card.brand,
        last4: card.last4,
        holder_name: card.holderName,
        provider_token: card.token,
      })
      .returning(['id', 'brand', 'last4'])
      .executeTakeFirstOrThrow();
  });
  return cardView(row);
}

/** Deletes one of the member's saved cards (card_not_found when it is not theirs): the row stays, marked. */
export async function deleteCard(db: Db, clock: Clock, memberId: number, cardId: number): Promise<void> {
  const card = await ownCard(db, memberId, cardId);
  await db.updateTable('credit_cards').set({ deleted_at: clock.now() }).where('id', '=', card.id).execute();
}
