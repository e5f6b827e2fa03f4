import type { Db } from '../db/database.ts';

/** Sends a text message. The reference API's default writes to a dev outbox; a real gateway can replace it. */
export interface SmsSender {
  send(message: { to: string; body: string; code: string }): Promise<void>;
}

export function outboxSmsSender(db: Db, log: (line: string) => void = console.log): SmsSender {
  return {
    async send({ to, body, code }) {
      await db.insertInto('sms_outbox').values({ to_phone: to, body, code }).execute();
      log(`sms to ${to}: ${body}`);
    },
  };
}
