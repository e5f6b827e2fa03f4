import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../http/rate-limits.ts';
import { fetchFrom, freshAddress, startTestServer, type TestServer } from '../testing/harness.ts';
import { mailTo, profileWith } from '../testing/mail.ts';

// Issue 35 point 4: a client cannot flood an inbox. Confirmation e-mails to one member are limited (one a
// minute, 5 a day), whether the address changed or a resend was asked; past a limit a resend is refused with
// its own code, and a changed address is saved unconfirmed, unsent; opening links is limited per client address.

let people = 0;
const phone = () => `+52559300${String(++people).padStart(4, '0')}`;

describe('confirmation e-mails a member is sent, as the limits stand (issue 35 point 4)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.close());

  it('refuses a second e-mail within a minute: 429 email_confirmation_limited with Retry-After', async () => {
    const member = await t.member(phone());
    const api = t.api(member.token).members;
    await api.update(member.id, profileWith('primero@correo.example'));

    const resent = await api.update(
      member.id,
      profileWith('primero@correo.example', { resend_email_confirmation: true }),
    );

    expect(resent).toMatchObject({ ok: false, error: { status: 429, error_code: 'email_confirmation_limited' } });
    expect(resent.ok ? 0 : resent.error.retry_after).toBeGreaterThan(0);
    expect(resent.ok ? 0 : (resent.error.retry_after ?? 0)).toBeLessThanOrEqual(60);
    expect(await mailTo(t, 'primero@correo.example')).toHaveLength(1);
  });

  it('saves a change of address within that minute, unconfirmed, sending it nothing: what was typed is kept', async () => {
    const member = await t.member(phone());
    const api = t.api(member.token).members;
    await api.update(member.id, profileWith('antes@correo.example'));

    const changed = await api.update(member.id, profileWith('despues@correo.example'));

    expect(changed.ok).toBe(true);
    const read = await api.get(member.id);
    expect(read.ok && [read.value.community_member.email, read.value.community_member.email_confirmed]).toEqual([
      'despues@correo.example',
      false,
    ]);
    expect(await mailTo(t, 'despues@correo.example')).toEqual([]);
  });

  it('counts each member apart: another member is sent theirs', async () => {
    const first = await t.member(phone());
    const second = await t.member(phone());
    await t.api(first.token).members.update(first.id, profileWith('uno@correo.example'));

    const saved = await t.api(second.token).members.update(second.id, profileWith('dos@correo.example'));

    expect(saved.ok).toBe(true);
  });
});

describe('confirmation e-mails a day, and links opened per address (issue 35 point 4)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(undefined, undefined, undefined, {
      rateLimits: {
        // The minute's limit lifted, so a day's sends fit in a test.
        emailConfirmationsPerMember: { ...rateLimits.emailConfirmationsPerMember, points: 1_000 },
        emailConfirmsPerAddress: { ...rateLimits.emailConfirmsPerAddress, points: 3 },
      },
    });
  });
  afterAll(() => t.close());

  it(`refuses the e-mail after ${rateLimits.emailConfirmationsPerMemberPerDay.points} in a day`, async () => {
    const member = await t.member(phone());
    const api = t.api(member.token).members;
    const resend = profileWith('diario@correo.example', { resend_email_confirmation: true });
    for (let sent = 0; sent < rateLimits.emailConfirmationsPerMemberPerDay.points; sent++) {
      expect((await api.update(member.id, resend)).ok).toBe(true);
    }

    const past = await api.update(member.id, resend);

    expect(past).toMatchObject({ ok: false, error: { status: 429, error_code: 'email_confirmation_limited' } });
    expect(await mailTo(t, 'diario@correo.example')).toHaveLength(rateLimits.emailConfirmationsPerMemberPerDay.points);
  });

  it('refuses links opened from one address past its limit with 429 too_many_requests', async () => {
    const address = freshAddress();
    const open = () =>
      fetchFrom(address)(`${t.url}/api/community_members/email_confirmations`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ token: 'Xq2v9Zr0bM2kT7wLpA4sHcJ8nE5uYd1gF6iK3oR7tWm' }),
      });
    for (let opened = 0; opened < 3; opened++) expect((await open()).status).toBe(422);

    const past = await open();

    expect(past.status).toBe(429);
    expect(((await past.json()) as { error: { error_code: string } }).error.error_code).toBe('too_many_requests');
  });
});
