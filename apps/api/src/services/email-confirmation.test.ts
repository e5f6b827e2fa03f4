import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../testing/harness.ts';
import { linkToken, mailTo, profileWith, unlimitedMailServer } from '../testing/mail.ts';
import { emailConfirmationRules } from './email-confirmation.ts';

// Issue 35 point 4: the profile's e-mail is confirmed by the link a confirmation e-mail carries. The limits
// on sending are lifted here (email-confirmation-limits.test.ts pins them): these tests send several a minute.

let t: TestServer;
beforeAll(async () => {
  t = await unlimitedMailServer();
});
afterAll(() => t.close());

let people = 0;
/** A new member who saved a profile with a fresh address: one confirmation e-mail sent to it. */
async function memberWithNewAddress(extra: Record<string, unknown> = {}) {
  const member = await t.member(`+52559200${String(++people).padStart(4, '0')}`);
  const email = `miembro${people}@correo.example`;
  const saved = await t.api(member.token).members.update(member.id, profileWith(email, extra));
  if (!saved.ok) throw new Error(`profile not saved: ${saved.error.error_code}`);
  return { ...member, email };
}

const confirmedOf = async (member: { id: number; token: string }) => {
  const read = await t.api(member.token).members.get(member.id);
  return read.ok ? read.value.community_member.email_confirmed : 'unread';
};

/** Confirms as the link's page does: signed out, from any device. */
const confirm = (token: string) => t.api().members.confirmEmail({ token });

describe('a confirmation link confirms the address it was sent to (issue 35 point 4)', () => {
  it('a new address is unconfirmed until its link is opened', async () => {
    const member = await memberWithNewAddress();

    expect(await confirmedOf(member)).toBe(false);
  });

  it('a good link answers 204 without sign-in, and the member shows the address confirmed', async () => {
    const member = await memberWithNewAddress();
    const token = linkToken((await mailTo(t, member.email))[0]);

    const result = await confirm(token);

    expect(result).toEqual({ ok: true, value: undefined });
    expect(await confirmedOf(member)).toBe(true);
  });

  it('a link already used is refused as email_confirmation_invalid (one use)', async () => {
    const member = await memberWithNewAddress();
    const token = linkToken((await mailTo(t, member.email))[0]);
    await confirm(token);

    const again = await confirm(token);

    expect(again).toMatchObject({ ok: false, error: { status: 422, error_code: 'email_confirmation_invalid' } });
  });

  it('an unknown token is refused as email_confirmation_invalid', async () => {
    const result = await confirm('Xq2v9Zr0bM2kT7wLpA4sHcJ8nE5uYd1gF6iK3oR7tWm');

    expect(result).toMatchObject({ ok: false, error: { status: 422, error_code: 'email_confirmation_invalid' } });
  });

  it('a link past its 48 hours is refused as email_confirmation_expired, and the address stays unconfirmed', async () => {
    const member = await memberWithNewAddress();
    const token = linkToken((await mailTo(t, member.email))[0]);
    t.clock.advance(emailConfirmationRules.validHours * 3_600_000 + 1_000);

    const result = await confirm(token);

    expect(result).toMatchObject({ ok: false, error: { status: 422, error_code: 'email_confirmation_expired' } });
    expect(await confirmedOf(member)).toBe(false);
  });

  it('a link still within its 48 hours confirms', async () => {
    const member = await memberWithNewAddress();
    const token = linkToken((await mailTo(t, member.email))[0]);
    t.clock.advance(emailConfirmationRules.validHours * 3_600_000 - 60_000);

    const result = await confirm(token);

    expect(result.ok).toBe(true);
  });

  it('a newer link replaces the older one: the older is refused as email_confirmation_invalid', async () => {
    const member = await memberWithNewAddress();
    const older = linkToken((await mailTo(t, member.email))[0]);
    await t.api(member.token).members.update(member.id, profileWith(member.email, { resend_email_confirmation: true }));

    const result = await confirm(older);

    expect(result).toMatchObject({ ok: false, error: { error_code: 'email_confirmation_invalid' } });
    expect((await confirm(linkToken((await mailTo(t, member.email))[0]))).ok).toBe(true);
  });

  it("names the link's page on the public origin, never the request's Host", async () => {
    const member = await memberWithNewAddress();

    const [mail] = await mailTo(t, member.email);

    expect(mail?.text).toContain(`${t.url}/confirm-email?token=`);
    expect(mail?.html).toContain(`href="${t.url}/confirm-email?token=`);
  });
});

describe('a changed address is unconfirmed again (issue 35 point 4)', () => {
  it('a confirmed member who changes the address shows it unconfirmed, and a link goes to the new one', async () => {
    const member = await memberWithNewAddress();
    await confirm(linkToken((await mailTo(t, member.email))[0]));
    const changed = `otro${people}@correo.example`;

    await t.api(member.token).members.update(member.id, profileWith(changed));

    expect(await confirmedOf(member)).toBe(false);
    expect(await mailTo(t, changed)).toHaveLength(1);
  });

  it('the same address written in other capitals is no change: it stays confirmed and no e-mail goes out', async () => {
    const member = await memberWithNewAddress();
    await confirm(linkToken((await mailTo(t, member.email))[0]));

    await t.api(member.token).members.update(member.id, profileWith(member.email.toUpperCase()));

    expect(await confirmedOf(member)).toBe(true);
    expect(await mailTo(t, member.email)).toHaveLength(1);
  });
});

describe('resend email verification (issue 35 point 4)', () => {
  it('sends another link to an unconfirmed address', async () => {
    const member = await memberWithNewAddress();

    await t.api(member.token).members.update(member.id, profileWith(member.email, { resend_email_confirmation: true }));

    expect(await mailTo(t, member.email)).toHaveLength(2);
  });

  it('sends nothing to an address already confirmed', async () => {
    const member = await memberWithNewAddress();
    await confirm(linkToken((await mailTo(t, member.email))[0]));

    const saved = await t
      .api(member.token)
      .members.update(member.id, profileWith(member.email, { resend_email_confirmation: true }));

    expect(saved.ok).toBe(true);
    expect(await mailTo(t, member.email)).toHaveLength(1);
  });
});
