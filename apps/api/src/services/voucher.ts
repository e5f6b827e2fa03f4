import type { Db } from '../db/database.ts';
import { refuse } from '../domain/errors.ts';
import type { VoucherProvider } from '../sim/voucher-provider.ts';
import { assertRoomForCard } from './cards.ts';

/**
 * Exchanges an authorization code for a saved meal-voucher card (brand edenred). A full wallet is refused
 * before the code is spent (`card_limit_reached`, whatever the code), and the room is checked again as the
 * card is saved. The provider spends its code in a transaction of its own, as a real one would: a card
 * added by the member in the moment between can still fill the wallet, and that code is then used up.
 */
export async function redeemVoucherCode(
  db: Db,
  vouchers: Pick<VoucherProvider, 'exchange'>,
  memberId: number,
  code: string,
) {
  await db.transaction().execute((tx) => assertRoomForCard(tx, memberId));
  const card = await vouchers.exchange(code);
  if (!card) throw refuse('voucher_code_invalid');
  return db.transaction().execute(async (tx) => {
    await assertRoomForCard(tx, memberId);
    return tx
      .insertInto('credit_cards')
      .values({
        member_id: memberId,
        brand: 'edenred',
        last4: card.last4,
        holder_name: card.holderName,
        provider_token: card.token,
      })
      .returning(['id', 'brand', 'last4'])
      .executeTakeFirstOrThrow();
  });
}
