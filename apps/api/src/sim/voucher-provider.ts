import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { Clock } from '../domain/clock.ts';

/** Voucher authorization codes are single use and live 10 minutes. */
export const voucherCodeMinutes = 10;

/**
 * The most authorization codes alive at once, whoever asked (the page is anonymous): past it none
 * is handed out until some expire, so the table cannot grow without end (issue 32 point 8).
 */
export const maxLiveVoucherCodes = 10_000;

/** The provider keeps a code's hash, never the code. */
const codeHash = (code: string) => createHash('sha256').update(code).digest('hex');

/** A meal-voucher card as the provider names it: its token, and what the member sees of it. */
export interface VoucherCard {
  readonly token: string;
  readonly last4: string;
  readonly holderName: string;
}

/**
 * The meal-voucher provider (Edenred): its authorization page hands out single-use codes, which Vendo
 * exchanges for a card token. Its codes and tokens are its own tables; Vendo's services see only this.
 */
export interface VoucherProvider {
  /** A new authorization code, or null while maxLiveVoucherCodes are alive. */
  authorize(): Promise<string | null>;
  /** The card a code stands for, spending the code; null for a code unknown, used or past its 10 minutes. */
  exchange(code: string): Promise<VoucherCard | null>;
  /** Removes the codes past their life, used or not; answers how many went. */
  forgetOldCodes(): Promise<number>;
}

/** The emulated provider, on the reference API's database. */
export function emulatedVoucherProvider(db: Db, clock: Clock): VoucherProvider {
  const oldest = () => new Date(clock.now().getTime() - voucherCodeMinutes * 60_000);
  return {
    async authorize() {
      const { live } = await db
        .selectFrom('voucher_codes')
        .select((eb) => eb.fn.countAll<string>().as('live'))
        .where('used_at', 'is', null)
        .where('created_at', '>', oldest())
        .executeTakeFirstOrThrow();
      if (Number(live) >= maxLiveVoucherCodes) return null;
      const code = randomBytes(16).toString('base64url');
      await db
        .insertInto('voucher_codes')
        .values({ code_hash: codeHash(code), created_at: clock.now() })
        .execute();
      return code;
    },
    async exchange(code) {
      return db.transaction().execute(async (tx) => {
        const spent = await tx
          .updateTable('voucher_codes')
          .set({ used_at: clock.now() })
          .where('code_hash', '=', codeHash(code))
          .where('used_at', 'is', null)
          .where('created_at', '>', oldest())
          .executeTakeFirst();
        if (Number(spent.numUpdatedRows) !== 1) return null;
        const card = {
          token: `tok_edenred_${randomBytes(10).toString('hex')}`,
          last4: String(randomInt(0, 10_000)).padStart(4, '0'),
          holderName: 'Edenred',
        };
        await tx
          .insertInto('provider_tokens')
          .values({
            id: card.token,
            brand: 'edenred',
            last4: card.last4,
            holder_name: card.holderName,
            outcome: 'approved',
          })
          .execute();
        return card;
      });
    },
    async forgetOldCodes() {
      const removed = await db.deleteFrom('voucher_codes').where('created_at', '<', oldest()).executeTakeFirst();
      return Number(removed.numDeletedRows);
    },
  };
}
