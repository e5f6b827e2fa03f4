import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { Clock } from '../domain/clock.ts';
import { refuse } from '../domain/errors.ts';
import { assertRoomForCard } from './cards.ts';
import { newDigits, sha256 } from './crypto.ts';

/** Voucher authorization codes are single use and live 10 minutes. */
export const voucherCodeMinutes = 10;

/**
 * The most authorization codes alive at once, whoever asked (the page is anonymous): past it none
 * is handed out until some expire, so the table cannot grow without end (issue 32 point 8). Expired
 * and used codes are removed by the clean-up job (services/clean-up.ts).
 */
export const maxLiveVoucherCodes = 10_000;

/** A new authorization code, or null while maxLiveVoucherCodes are alive. */
export async function issueVoucherCode(db: Db, clock: Clock): Promise<string | null> {
  const now = clock.now();
  const { live } = await db
    .selectFrom('voucher_codes')
    .select((eb) => eb.fn.countAll<string>().as('live'))
    .where('used_at', 'is', null)
    .where('created_at', '>', new Date(now.getTime() - voucherCodeMinutes * 60_000))
    .executeTakeFirstOrThrow();
  if (Number(live) >= maxLiveVoucherCodes) return null;
  const code = randomBytes(16).toString('base64url');
  await db
    .insertInto('voucher_codes')
    .values({ code_hash: sha256(code), created_at: now })
    .execute();
  return code;
}

/** Exchanges an authorization code for a saved meal-voucher card (brand edenred). */
export async function redeemVoucherCode(db: Db, clock: Clock, memberId: number, code: string) {
  const now = clock.now();
  const oldest = new Date(now.getTime() - voucherCodeMinutes * 60_000);
  return db.transaction().execute(async (tx) => {
    const spent = await tx
      .updateTable('voucher_codes')
      .set({ used_at: now })
      .where('code_hash', '=', sha256(code))
      .where('used_at', 'is', null)
      .where('created_at', '>', oldest)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) throw refuse('voucher_code_invalid');
    await assertRoomForCard(tx, memberId);
    const token = `tok_edenred_${randomBytes(10).toString('hex')}`;
    const last4 = newDigits(4);
    await tx
      .insertInto('provider_tokens')
      .values({ id: token, brand: 'edenred', last4, holder_name: 'Edenred', outcome: 'approved' })
      .execute();
    return tx
      .insertInto('credit_cards')
      .values({ member_id: memberId, brand: 'edenred', last4, holder_name: 'Edenred', provider_token: token })
      .returning(['id', 'brand', 'last4'])
      .executeTakeFirstOrThrow();
  });
}
