import type { SnapshotFrom } from 'xstate';
import { minutesToWait } from '../../rules/sign-in-errors.ts';
import type { LoginMachine } from './login.machine.ts';

export type LoginScreen = 'phone' | 'code' | 'completeProfile' | 'addCardPrompt' | 'done';

/** The screen the login flow is on, and the login modal's step (spec §2: 0 phone, 1 code, 2 no cards, 3 profile). */
export function loginView(snapshot: SnapshotFrom<LoginMachine>) {
  const { context } = snapshot;
  const screen: LoginScreen =
    snapshot.matches('phone') || snapshot.matches('sendingCode')
      ? 'phone'
      : snapshot.matches('code') || snapshot.matches('resending') || snapshot.matches('verifying')
        ? 'code'
        : snapshot.matches('completeProfile')
          ? 'completeProfile'
          : snapshot.matches('addCardPrompt')
            ? 'addCardPrompt'
            : 'done';
  const step = ({ phone: 0, code: 1, addCardPrompt: 2, completeProfile: 3, done: 3 } as const)[screen];
  return {
    screen,
    step,
    country: context.country,
    phone: context.phone,
    privacyAccepted: context.privacyAccepted,
    problems: context.problems,
    code: context.code,
    resendIn: context.resendIn,
    canResend: snapshot.matches({ code: 'resendable' }),
    busy:
      snapshot.matches('sendingCode') ||
      snapshot.matches('verifying') ||
      snapshot.matches('resending') ||
      snapshot.matches('signedIn') ||
      snapshot.matches('checkingCards'),
    error: context.error,
    retryAfter: context.retryAfter,
    /** When a lock or a limit lifts, in minutes; null for any other failure. */
    waitMinutes: minutesToWait(context.error, context.retryAfter),
  };
}

export type LoginView = ReturnType<typeof loginView>;
