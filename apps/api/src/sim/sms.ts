import type { Db } from '../db/database.ts';
import type { Logger } from '../log.ts';

/** Sends a text message. The reference API's default writes to a dev outbox; a real gateway can replace it. */
export interface SmsSender {
  send(message: { to: string; body: string; code: string }): Promise<void>;
}

/** +525512345678 → +*********5678: enough to tell messages apart in a log, not to reach the member. */
export const maskedPhone = (e164: string) => e164.replace(/\d(?=\d{4})/g, '*');

/**
 * The emulated SMS gateway. With a readable outbox (only where the dev control is on) each message
 * is kept for `/__dev/sms`; without one nothing is kept. Either way the log line names the masked
 * number only (`to`), and neither the body nor the code: a code never reaches a log.
 */
export function emulatedSmsSender(db: Db, options: { readableOutbox: boolean; log: Logger }): SmsSender {
  const { log } = options;
  return {
    async send({ to, body, code }) {
      if (options.readableOutbox) {
        await db.insertInto('sms_outbox').values({ to_phone: to, body, code }).execute();
        log.info({ to: maskedPhone(to) }, 'sms in the dev outbox');
      } else {
        log.info({ to: maskedPhone(to) }, 'sms not sent (no SMS gateway in this reference API)');
      }
    },
  };
}

/** The last 20 texts the outbox kept for a number, the latest first (`/__dev/sms`). */
export async function outboxFor(db: Db, phone: string) {
  return db
    .selectFrom('sms_outbox')
    .select(['code', 'body', 'created_at'])
    .where('to_phone', '=', phone)
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
}
