import type { Lang } from '../domain/lang.ts';
import { buttonStyle, escaped, htmlDocument } from './html.ts';
import type { MailMessage } from './mail-sender.ts';

const words = {
  es: {
    subject: 'Confirma tu correo en Vendo',
    greeting: 'Hola:',
    ask: 'Abre este enlace para confirmar que este correo es tuyo:',
    button: 'Confirmar mi correo',
    expiry: (hours: number) => `El enlace sirve una sola vez durante ${hours} horas.`,
    notYou: 'Si no fuiste tú, ignora este correo: nadie usará tu dirección sin confirmarla.',
  },
  en: {
    subject: 'Confirm your email for Vendo',
    greeting: 'Hello,',
    ask: 'Open this link to confirm this email address is yours:',
    button: 'Confirm my email',
    expiry: (hours: number) => `The link works once, for ${hours} hours.`,
    notYou: 'If this was not you, ignore this email: nobody will use your address without confirming it.',
  },
} as const satisfies Record<Lang, Record<string, string | ((hours: number) => string)>>;

/**
 * Issue 35 point 4: the e-mail that confirms an address, in the member's language: a text part and an HTML
 * part, each with the link (`link` is built by the server from its public origin and a random token).
 */
export function confirmationMessage(to: string, link: { url: string; validHours: number }, lang: Lang): MailMessage {
  const w = words[lang];
  const expiry = w.expiry(link.validHours);
  const url = link.url;
  const text = [w.greeting, '', w.ask, url, '', expiry, w.notYou, '', 'Vendo', ''].join('\n');
  const html = htmlDocument(
    lang,
    w.subject,
    `<p>${escaped(w.greeting)}</p>
<p>${escaped(w.ask)}</p>
<p><a href="${escaped(url)}" style="${buttonStyle}">${escaped(w.button)}</a></p>
<p style="word-break: break-all"><a href="${escaped(url)}">${escaped(url)}</a></p>
<p>${escaped(expiry)}<br>${escaped(w.notYou)}</p>
<p>Vendo</p>`,
  );
  return { to, subject: w.subject, text, html, kind: 'email_confirmation' };
}
