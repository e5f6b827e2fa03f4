import { callExamples } from '@vendo/core/contract/examples';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../http/rate-limits.ts';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { mailTo, profileWith } from '../testing/mail.ts';

// Issue 35 point 4: e-mails are written in the language the member last used, the `locale` the app sends
// (on a profile save or a purchase), kept on the member; Spanish by default.

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer(undefined, undefined, undefined, {
    rateLimits: { emailConfirmationsPerMember: { ...rateLimits.emailConfirmationsPerMember, points: 1_000 } },
  });
});
afterAll(() => t.close());

const spanish = 'Confirma tu correo en Vendo';
const english = 'Confirm your email for Vendo';

let people = 0;
const newMember = (balance?: number) => t.member(`+52559400${String(++people).padStart(4, '0')}`, balance);
const subjectTo = async (address: string) => (await mailTo(t, address))[0]?.subject;

describe('the language of a confirmation e-mail (issue 35 point 4)', () => {
  it("is the profile save's locale", async () => {
    const member = await newMember();

    await t.api(member.token).members.update(member.id, profileWith('english@correo.example', { locale: 'en' }));

    expect(await subjectTo('english@correo.example')).toBe(english);
  });

  it('is the locale a purchase carried, kept on the member, when the save carries none', async () => {
    const member = await newMember(100);
    const api = t.api(member.token, 'es');
    const machine = await api.machines.findByName('demo');
    const machineId = machine.ok ? machine.value.product_server.id : 0;
    const deal = await api.deals.create(
      machineId,
      { ...callExamples.createDeal.body.good, locale: 'en' },
      { idempotencyKey: `locale-${member.id}` },
    );
    expect(deal.ok).toBe(true);

    await api.members.update(member.id, profileWith('compra@correo.example'));

    expect(await subjectTo('compra@correo.example')).toBe(english);
  });

  it('is the latest locale kept: a save in Spanish after one in English writes in Spanish', async () => {
    const member = await newMember();
    const api = t.api(member.token);
    await api.members.update(member.id, profileWith('cambio@correo.example', { locale: 'en' }));

    await api.members.update(
      member.id,
      profileWith('cambio@correo.example', { locale: 'es', resend_email_confirmation: true }),
    );

    expect((await mailTo(t, 'cambio@correo.example')).map((mail) => mail.subject)).toEqual([spanish, english]);
  });

  it("is the request's language when the member never sent a locale", async () => {
    const member = await newMember();

    await t.api(member.token, 'en').members.update(member.id, profileWith('cabecera@correo.example'));

    expect(await subjectTo('cabecera@correo.example')).toBe(english);
  });

  it('is Spanish by default', async () => {
    const member = await newMember();

    await t.api(member.token, '').members.update(member.id, profileWith('omision@correo.example'));

    expect(await subjectTo('omision@correo.example')).toBe(spanish);
  });
});
