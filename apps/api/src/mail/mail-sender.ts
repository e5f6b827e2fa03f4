import type { Logger } from '../log.ts';

/** What an e-mail is for: its outbox rows and log lines name it. */
export type MailKind = 'email_confirmation' | 'receipt' | 'invoice';

/** A file sent with an e-mail (issue 37 point 3: an invoice's XML and PDF). */
export interface MailAttachment {
  readonly filename: string;
  readonly contentType: string;
  readonly content: Uint8Array;
}

/** One e-mail: a text part and an HTML part saying the same, in the member's language. */
export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly kind: MailKind;
  readonly attachments?: readonly MailAttachment[];
}

/**
 * Sends an e-mail (issue 35 point 4). The reference API keeps each one in a dev outbox where the dev control
 * is on, and sends it through an SMTP server where VENDO_SMTP_URL names one; another transport can replace either.
 */
export interface MailSender {
  send(message: MailMessage): Promise<void>;
}

/**
 * ana.lopez@vendo.mx → a********@v****.mx: enough to tell messages apart in a log, not to reach the member.
 * The first letter of the name and of the domain, and the domain's ending.
 */
export function maskedEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '*'.repeat(Math.min(address.length, 8));
  const name = address.slice(0, at);
  const domain = address.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const ending = dot > 0 ? domain.slice(dot) : '';
  const hide = (part: string) => `${part.slice(0, 1)}${'*'.repeat(Math.max(part.length - 1, 1))}`;
  return `${hide(name)}@${hide(host)}${ending}`;
}

/** Every sender in turn: the dev outbox, then the SMTP server (server.ts picks which are there). */
export function allOf(senders: readonly MailSender[], log: Logger): MailSender {
  return {
    async send(message) {
      for (const sender of senders) await sender.send(message);
      if (senders.length === 0) {
        log.info({ to: maskedEmail(message.to), kind: message.kind }, 'mail not sent (no outbox and no SMTP server)');
      }
    },
  };
}
