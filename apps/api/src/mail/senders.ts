import { defaultMailFrom, type ServerConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Logger } from '../log.ts';
import { allOf, type MailSender } from './mail-sender.ts';
import { outboxMailSender } from './outbox.ts';
import { smtpMailSender } from './smtp.ts';

/**
 * The server's e-mail (issue 35 point 4): kept in the dev outbox where the dev control is on, and sent through
 * the SMTP server where VENDO_SMTP_URL names one; both, one, or neither (then only a log line, the address masked).
 */
export function mailSenderFor(config: Pick<ServerConfig, 'devControl' | 'mail'>, db: Db, log: Logger): MailSender {
  const senders: MailSender[] = [];
  if (config.devControl !== 'off') senders.push(outboxMailSender(db, log));
  const smtpUrl = config.mail?.smtpUrl;
  if (smtpUrl) senders.push(smtpMailSender({ url: smtpUrl, from: config.mail?.from ?? defaultMailFrom }, log));
  return allOf(senders, log);
}
