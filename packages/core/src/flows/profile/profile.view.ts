import type { SnapshotFrom } from 'xstate';
import { checkProfile } from '../../rules/profile-form.ts';
import type { ProfileMachine } from './profile.machine.ts';

/** What the edit-profile screen shows: the form, each field's problem once the member tried, and the modals. */
export function profileView(snapshot: SnapshotFrom<ProfileMachine>) {
  const { context } = snapshot;
  const problems = context.showProblems
    ? checkProfile(context.form, { employeeMachine: context.employeeMachine, now: context.now })
    : {};
  if (context.noEmailToVerify && !problems.email) problems.email = 'email_not_saved';
  if (context.emailInUse !== null && context.emailInUse === context.form.email.trim()) problems.email = 'email_in_use';
  return {
    form: context.form,
    problems,
    employeeMachine: context.employeeMachine,
    saving: snapshot.matches('saving'),
    resending: snapshot.matches('resending'),
    resent: context.resent,
    /** Issue 35 point 4: "send me every receipt", null where the provider has no such choice. */
    sendReceipts: context.sendReceipts,
    /** The member's e-mail is confirmed (the receipts go there), where the provider says. */
    emailConfirmed: context.member.email_confirmed ?? null,
    confirmEmail: snapshot.matches('confirmEmail'),
    saved: snapshot.matches('saved'),
    error: context.error,
  };
}

export type ProfileView = ReturnType<typeof profileView>;
