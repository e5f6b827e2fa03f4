import type { Db } from '../db/database.ts';
import type { Logger } from '../log.ts';
import { type MailSender, maskedEmail } from './mail-sender.ts';

/**
 * The dev outbox (only where the dev control is on): each e-mail is kept for `/__dev/mail`. The log line
 * names the masked address and the kind only, never the subject, a body or the link it carries.
 */
export function outboxMailSender(db: Db, log: Logger): MailSender {
  return {
    async send({ to, subject, text, html, kind, attachments = [] }) {
      // Attachments kept whole (base64), so a journey can open what the member would.
      const files = attachments.map(({ filename, contentType, content }) => ({
        filename,
        content_type: contentType,
        content_base64: Buffer.from(content).toString('base64'),
      }));
      await db
        .insertInto('mail_outbox')
        .values({ to_address: to, kind, subject, text_body: text, html_body: html, attachments: JSON.stringify(files) })
        .execute();
      log.info({ to: maskedEmail(to), kind }, 'mail in the dev outbox');
    },
  };
}

/** The last 20 e-mails the outbox kept for an address, the latest first (`/__dev/mail`). */
export async function mailOutboxFor(db: Db, address: string) {
  return db
    .selectFrom('mail_outbox')
    .select(['kind', 'subject', 'text_body', 'html_body', 'attachments', 'created_at'])
    .where('to_address', '=', address)
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
}
