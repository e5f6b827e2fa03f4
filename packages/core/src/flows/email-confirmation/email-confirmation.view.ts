import type { SnapshotFrom } from 'xstate';
import type { EmailConfirmationMachine } from './email-confirmation.machine.ts';

/** What the confirm-email page shows: the check under way, the address confirmed, or why not. */
export function emailConfirmationView(snapshot: SnapshotFrom<EmailConfirmationMachine>) {
  return {
    confirming: snapshot.matches('confirming') || snapshot.matches('starting'),
    confirmed: snapshot.matches('confirmed'),
    /** The link carries no token: nothing to confirm. */
    missing: snapshot.matches('missing'),
    problem: snapshot.matches('failed') ? snapshot.context.problem : null,
  };
}

export type EmailConfirmationView = ReturnType<typeof emailConfirmationView>;
