import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLog } from '../testing/captured-log.ts';
import type { TestServer } from '../testing/harness.ts';
import { linkToken, mailTo, profileWith, unlimitedMailServer } from '../testing/mail.ts';
import { confirmationMessage } from './confirmation-message.ts';
import { mailSenderFor } from './senders.ts';

// Issue 35 point 4: where the dev control is on, every e-mail is kept in the dev outbox and read through
// GET /__dev/mail?to=<address> (the last 20, the latest first), as texts are through /__dev/sms.

let t: TestServer;
beforeAll(async () => {
  t = await unlimitedMailServer();
});
afterAll(() => t.close());

let people = 0;
const newMember = () => t.member(`+52559600${String(++people).padStart(4, '0')}`);

describe('the dev outbox of e-mails (issue 35 point 4)', () => {
  it('keeps the confirmation e-mail a profile save sends: its kind, subject, text and HTML', async () => {
    const member = await newMember();

    await t.api(member.token).members.update(member.id, profileWith('buzon@correo.example'));

    const [mail, ...others] = await mailTo(t, 'buzon@correo.example');
    expect(others).toEqual([]);
    expect(mail).toMatchObject({ kind: 'email_confirmation', subject: 'Confirma tu correo en Vendo' });
    expect(mail?.text).toContain('/confirm-email?token=');
    expect(mail?.html).toContain('<a href=');
    expect(Date.parse(mail?.sent_at ?? '')).not.toBeNaN();
  });

  it('answers the last 20 for an address, the latest first', async () => {
    const member = await newMember();
    const api = t.api(member.token);
    await api.members.update(member.id, profileWith('muchos@correo.example'));
    for (let resend = 0; resend < 21; resend++) {
      await api.members.update(member.id, profileWith('muchos@correo.example', { resend_email_confirmation: true }));
    }

    const mails = await mailTo(t, 'muchos@correo.example');

    expect(mails).toHaveLength(20);
    const sentAt = mails.map((mail) => Date.parse(mail.sent_at));
    expect(sentAt).toEqual([...sentAt].sort((a, b) => b - a));
    // The first is the newest: its link is the one that still works.
    expect((await t.api().members.confirmEmail({ token: linkToken(mails[0]) })).ok).toBe(true);
  });

  it('finds an address whatever capitals the query writes it in, as the profile keeps it in lowercase', async () => {
    const member = await newMember();

    await t.api(member.token).members.update(member.id, profileWith('Mayusculas@Correo.example'));

    expect(await mailTo(t, 'MAYUSCULAS@correo.EXAMPLE')).toHaveLength(1);
  });

  it('answers nothing for an address that was sent nothing', async () => {
    expect(await mailTo(t, 'nadie@correo.example')).toEqual([]);
  });
});

describe('without the dev control (issue 35 point 4)', () => {
  it('keeps nothing and logs the address masked, when no SMTP server is set either', async () => {
    const log = capturedLog('info');
    const mail = mailSenderFor({ devControl: 'off' }, t.server.deps.db, log.logger);

    await mail.send(
      confirmationMessage('apagado@correo.example', { url: 'https://vendo.example/x', validHours: 48 }, 'es'),
    );

    expect(await mailTo(t, 'apagado@correo.example')).toEqual([]);
    expect(log.entries()).toContainEqual(
      expect.objectContaining({ msg: 'mail not sent (no outbox and no SMTP server)', to: 'a******@c*****.example' }),
    );
  });
});
