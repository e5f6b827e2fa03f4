import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { profileWith } from '../testing/mail.ts';
import { smtpSink } from '../testing/smtp-sink.ts';

// Issue 35 point 4: with VENDO_SMTP_URL set, e-mail leaves through nodemailer. A local SMTP sink (smtp-server
// on 127.0.0.1, a free port) takes what the server sends, and the test reads it as a mail client would.

const sink = smtpSink();
let t: TestServer;
beforeAll(async () => {
  const port = await sink.listen();
  t = await startTestServer(undefined, undefined, undefined, {
    mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Vendo <no-reply@vendo.example>' },
  });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

let people = 0;
/** A member saves a profile with a new address, in `locale`: the confirmation e-mail goes out. */
async function saveNewAddress(locale: 'es' | 'en') {
  const member = await t.member(`+52559500${String(++people).padStart(4, '0')}`);
  const email = `smtp${people}@correo.example`;
  const arrived = sink.next();
  const saved = await t.api(member.token).members.update(member.id, profileWith(email, { locale }));
  expect(saved.ok).toBe(true);
  return { email, mail: await arrived };
}

describe('e-mail through an SMTP server (issue 35 point 4)', () => {
  it.each([
    ['es', 'Confirma tu correo en Vendo', 'Confirmar mi correo'],
    ['en', 'Confirm your email for Vendo', 'Confirm my email'],
  ] as const)(
    'the sink receives the %s confirmation with its subject, a text part and an HTML part',
    async (locale, subject, button) => {
      const { email, mail } = await saveNewAddress(locale);

      expect(mail.subject).toBe(subject);
      expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(email);
      expect(mail.text).toMatch(new RegExp(`${t.url}/confirm-email\\?token=[\\w-]{43}`));
      expect(mail.html || '').toContain(button);
      expect(mail.html || '').toMatch(new RegExp(`href="${t.url}/confirm-email\\?token=[\\w-]{43}"`));
    },
  );

  it('sends from VENDO_MAIL_FROM', async () => {
    const { mail } = await saveNewAddress('es');

    expect(mail.from?.value).toEqual([{ name: 'Vendo', address: 'no-reply@vendo.example' }]);
  });

  it('writes the same link in both parts', async () => {
    const { mail } = await saveNewAddress('es');

    const inText = /token=([\w-]+)/.exec(mail.text ?? '')?.[1];
    const inHtml = /token=([\w-]+)/.exec(mail.html || '')?.[1];
    expect(inText).toBeDefined();
    expect(inHtml).toBe(inText);
  });
});

describe('a confirmation the SMTP server refuses (issue 35 point 4)', () => {
  it('leaves the profile saved and answered as saved: the member asks for the e-mail again', async () => {
    const member = await t.member(`+52559500${String(++people).padStart(4, '0')}`);
    const email = `rechazado${people}@correo.example`;
    sink.state.refusing = true;

    const saved = await t
      .api(member.token)
      .members.update(member.id, profileWith(email))
      .finally(() => {
        sink.state.refusing = false;
      });

    expect(saved.ok).toBe(true);
    const read = await t.api(member.token).members.get(member.id);
    expect(read.ok && [read.value.community_member.email, read.value.community_member.email_confirmed]).toEqual([
      email,
      false,
    ]);
  });
});
