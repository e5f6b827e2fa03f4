import type { ActorRef, Snapshot } from 'xstate';
import type { CommunityMember, SignedInMember } from '../../contract/index.ts';
import type { SignInField, SignInProblem } from '../../rules/sign-in.ts';
import type { SignInErrorCode } from '../../rules/sign-in-errors.ts';

export interface LoginContext {
  /** The session a confirmed sign-in starts (LoginInput.session). */
  readonly session: SessionStarter | undefined;
  readonly country: string;
  readonly phone: string;
  readonly privacyAccepted: boolean;
  readonly problems: Partial<Record<SignInField, SignInProblem>>;
  readonly code: string;
  /** Seconds until a new code may be asked for (spec §4: 60). */
  readonly resendIn: number;
  readonly error: SignInErrorCode | null;
  /** Seconds the server asked to wait, when it refused for too many attempts. */
  readonly retryAfter: number | null;
  readonly member: SignedInMember | null;
  readonly next: LoginNext;
  /** The flow was started on the code screen (LoginInput.resendIn). */
  readonly codeSentBefore: boolean;
  /** The challenge the last send answered, sent back with the code (issue 32 points 1, 2); null without one. */
  readonly challenge: string | null;
}

/**
 * Where a sign-in starts. Empty for a fresh form; a front end whose page could be used before the flow's
 * code arrived (a server-drawn `/` sent by the browser itself) starts it from that page's state: the form
 * as it was refused, or the code screen of a code already sent.
 */
export interface LoginInput {
  readonly country?: string;
  readonly phone?: string;
  readonly privacyAccepted?: boolean;
  /** The form's problems or the refusal of a send, as the page showed them. */
  readonly problems?: Partial<Record<SignInField, SignInProblem>>;
  readonly error?: SignInErrorCode | null;
  readonly retryAfter?: number | null;
  /** A code was already sent to this phone: the flow starts on the code screen, this many seconds from a resend. */
  readonly resendIn?: number;
  /** The challenge that code's send answered. */
  readonly challenge?: string;
  /**
   * The session the confirmed sign-in starts, the moment the code is confirmed and before any prompt
   * (spec §4 session). Never part of a page's state: the front end adds it when it runs the flow.
   */
  readonly session?: SessionStarter | undefined;
}

/** A session a sign-in starts: its token and member. */
export type SessionStarter = ActorRef<
  Snapshot<unknown>,
  { type: 'session.started'; token: string; member: CommunityMember }
>;

export type LoginEvent =
  | { type: 'country.changed'; country: string }
  | { type: 'phone.changed'; phone: string }
  | { type: 'privacy.changed'; accepted: boolean }
  | { type: 'phone.submitted' }
  | { type: 'code.changed'; code: string }
  | { type: 'code.submitted' }
  | { type: 'code.resend' }
  | { type: 'phone.edit' }
  | { type: 'profile.complete' }
  | { type: 'card.add' }
  | { type: 'prompt.skipped' };

/** Where the member goes once signed in (spec §4 login flow). */
export type LoginNext = 'home' | 'editProfile' | 'addCard';

export interface LoginOutput {
  readonly next: LoginNext;
}

/** The phone a code is asked for and confirmed on. */
export interface Phone {
  country: string;
  phone: string;
}

/** A code to check: the phone, the digits, and the challenge of its send when the provider answered one. */
export interface CodeCheck extends Phone {
  code: string;
  challenge: string | null;
}
