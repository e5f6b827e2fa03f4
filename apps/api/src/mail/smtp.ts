import { createTransport } from 'nodemailer';
import type { Logger } from '../log.ts';
import { type MailSender, maskedEmail } from './mail-sender.ts';

/**
 * E-mail through the SMTP server VENDO_SMTP_URL names (`smtp://user:password@host:587`, or `smtps://` for TLS
 * from the start), with nodemailer: kept, and it writes the MIME (text and HTML alternatives, encoded headers)
 * that a home-made client would get wrong. Its own logging stays off: it would print addresses and bodies.
 */
export function smtpMailSender(settings: { url: string; from: string }, log: Logger): MailSender {
  const transport = createTransport(settings.url, { from: settings.from });
  return {
    async send({ to, subject, text, html, kind, attachments = [] }) {
      try {
        await transport.sendMail({
          to,
          subject,
          text,
          html,
          attachments: attachments.map(({ filename, contentType, content }) => ({
            filename,
            contentType,
            content: Buffer.from(content),
          })),
        });
      } catch (failure) {
        // The error may quote the server's answer, which can name the address: only its code is kept.
        const code = (failure as { code?: unknown }).code;
        log.error({ to: maskedEmail(to), kind, code: typeof code === 'string' ? code : 'unknown' }, 'mail not sent');
        throw new Error(`the SMTP server did not take the mail (${typeof code === 'string' ? code : 'unknown'})`);
      }
      log.info({ to: maskedEmail(to), kind }, 'mail sent');
    },
  };
}
