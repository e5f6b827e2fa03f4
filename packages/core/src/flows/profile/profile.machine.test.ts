import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { httpError } from '../../api/api-error.ts';
import { examples } from '../../contract/examples.ts';
import { toldSession } from '../../test-support/told-session.ts';
import { profileMachine, type updateBody } from './profile.machine.ts';
import { profileView } from './profile.view.ts';

const member = { ...examples.member, facebook_uid: null };
const now = new Date('2026-11-21T12:00:00');
const line = { method: 'PATCH', path: '/community_members/17' };

function start(
  options: {
    employeeMachine?: boolean;
    save?: () => Promise<void>;
    email?: string | null;
    sendReceipts?: boolean;
  } = {},
) {
  const sent: unknown[] = [];
  // The session the flow tells once the profile is saved: what it was told, in order.
  const { session, told } = toldSession();
  const actor = createActor(
    profileMachine.provide({
      actors: {
        save: fromPromise(async ({ input }: { input: { memberId: number; body: ReturnType<typeof updateBody> } }) => {
          sent.push(input.body);
          if (options.save) await options.save();
        }),
      },
    }),
    {
      input: {
        member: {
          ...member,
          ...(options.email === undefined ? {} : { email: options.email }),
          ...(options.sendReceipts === undefined ? {} : { send_receipts: options.sendReceipts }),
        },
        employeeMachine: options.employeeMachine ?? false,
        now,
        session,
        locale: 'en',
      },
    },
  ).start();
  const change = (field: 'name' | 'email' | 'birthDate' | 'employeeNumber', value: string) =>
    actor.send({ type: 'field.changed', field, value });
  return { actor, sent, told, change, view: () => profileView(actor.getSnapshot()) };
}

describe('spec §5 profile save', () => {
  it('issue 15 point 14: resending the verification with no email saved says so on the email field, sending nothing', () => {
    const flow = start({ email: null });
    flow.actor.send({ type: 'email.resend' });
    expect(flow.sent).toEqual([]);
    expect(flow.view().problems.email).toBe('email_not_saved');
    flow.change('email', 'ana@example.mx');
    expect(flow.view().problems.email).toBeUndefined();
  });

  it('sends the PATCH with the birth date as YYYY-MM-DD and no employee number when there is none', async () => {
    const flow = start();
    flow.actor.send({ type: 'profile.submitted' });
    await waitFor(flow.actor, (snapshot) => snapshot.status === 'done');
    expect(flow.sent).toEqual([
      { name: 'Ana López', gender: 'Mujer', email: 'ana@example.mx', birth_date: '1990-04-12', locale: 'en' },
    ]);
  });

  it('carries the employee number as facebook_uid on an employee-number machine', async () => {
    const flow = start({ employeeMachine: true });
    flow.change('employeeNumber', '87654321');
    flow.actor.send({ type: 'profile.submitted' });
    await waitFor(flow.actor, (snapshot) => snapshot.status === 'done');
    expect(flow.sent[0]).toMatchObject({ facebook_uid: '87654321' });
  });

  it('flags a bad field and sends nothing, keeping what was typed', () => {
    const flow = start();
    flow.change('birthDate', '31/02/1990');
    flow.actor.send({ type: 'profile.submitted' });
    expect(flow.view()).toMatchObject({
      problems: { birthDate: 'birth_date_invalid' },
      form: { birthDate: '31/02/1990' },
    });
    expect(flow.sent).toEqual([]);
  });

  it('a changed email opens the confirm-your-email modal', async () => {
    const flow = start();
    flow.change('email', 'ana.nueva@vendo.mx');
    flow.actor.send({ type: 'profile.submitted' });
    await waitFor(flow.actor, (snapshot) => snapshot.matches('confirmEmail'));
    flow.actor.send({ type: 'confirm.closed' });
    expect(flow.view().saved).toBe(true);
  });

  it('an email in use is said on the email field until it changes', async () => {
    const inUse = httpError(line, 422, { error: { message: { email: ['This email is already in use'] } } }, null);
    const flow = start({ save: () => Promise.reject(inUse) });
    flow.change('email', 'otra@vendo.mx');
    flow.actor.send({ type: 'profile.submitted' });
    await waitFor(flow.actor, (snapshot) => snapshot.matches('editing') && snapshot.context.emailInUse !== null);
    expect(flow.view().problems.email).toBe('email_in_use');
    flow.change('email', 'otra2@vendo.mx');
    expect(flow.view().problems.email).toBeUndefined();
  });

  it('an API failure keeps the form and says so', async () => {
    const flow = start({ save: () => Promise.reject(httpError(line, 503, {}, null)) });
    flow.change('name', 'Ana María');
    flow.actor.send({ type: 'profile.submitted' });
    await waitFor(flow.actor, (snapshot) => snapshot.context.error !== null);
    expect(flow.view()).toMatchObject({ form: { name: 'Ana María' }, saved: false });
  });

  it('issue 34 point 1: tells the session to read the member again once the profile is saved, not before', async () => {
    let answer = () => {};
    const flow = start({ save: () => new Promise<void>((resolve) => (answer = resolve)) });
    flow.actor.send({ type: 'profile.submitted' });
    await waitFor(flow.actor, (snapshot) => snapshot.matches('saving'));
    expect(flow.told).toEqual([]);
    answer();
    await waitFor(flow.actor, (snapshot) => snapshot.status === 'done');
    expect(flow.told).toEqual([{ type: 'member.refresh' }]);
  });

  it('issue 34 point 1: with a changed email, tells the session once the confirm-your-email modal is closed', async () => {
    const flow = start();
    flow.change('email', 'ana.nueva@vendo.mx');
    flow.actor.send({ type: 'profile.submitted' });
    await waitFor(flow.actor, (snapshot) => snapshot.matches('confirmEmail'));
    expect(flow.told).toEqual([]);
    flow.actor.send({ type: 'confirm.closed' });
    expect(flow.told).toEqual([{ type: 'member.refresh' }]);
  });

  it('issue 34 point 1: a failed save or a resent verification tells the session nothing', async () => {
    const flow = start({ save: () => Promise.reject(httpError(line, 503, {}, null)) });
    flow.actor.send({ type: 'profile.submitted' });
    await waitFor(flow.actor, (snapshot) => snapshot.context.error !== null);
    const resent = start();
    resent.actor.send({ type: 'email.resend' });
    await waitFor(resent.actor, (snapshot) => snapshot.context.resent);
    expect(flow.told).toEqual([]);
    expect(resent.told).toEqual([]);
  });

  it('resends the email verification with resend_email_confirmation', async () => {
    const flow = start();
    flow.actor.send({ type: 'email.resend' });
    await waitFor(flow.actor, (snapshot) => snapshot.context.resent);
    expect(flow.sent[0]).toMatchObject({ resend_email_confirmation: true, email: 'ana@example.mx' });
  });
});

describe('issue 35 point 4: receipts by e-mail, and the language e-mails are written in', () => {
  it('saves "send me every receipt" as the member set it, with the language the app speaks', async () => {
    const flow = start({ sendReceipts: false });

    flow.actor.send({ type: 'receipts.toggled', on: true });
    flow.actor.send({ type: 'profile.submitted' });
    await waitFor(flow.actor, (snapshot) => snapshot.matches('saved'));

    expect(flow.sent[0]).toMatchObject({ send_receipts: true, locale: 'en' });
  });

  it('sends no such choice to a provider that says nothing of it', async () => {
    const flow = start();

    flow.actor.send({ type: 'profile.submitted' });
    await waitFor(flow.actor, (snapshot) => snapshot.matches('saved'));

    expect([flow.view().sendReceipts, flow.sent[0]]).toEqual([
      null,
      expect.not.objectContaining({ send_receipts: expect.anything() }),
    ]);
  });
});
