import type * as z from 'zod/mini';
import type { ApiError } from '../../api/api-error.ts';
import type { CommunityMember, Locale, UpdateMemberBody as UpdateMemberSchema } from '../../contract/index.ts';
import type { ProfileField, ProfileForm } from '../../rules/profile-form.ts';
import type { RefreshesMember } from '../member-refresh.ts';

/** The session, when given, is told to read the member again once the profile is saved. */
export interface ProfileInput extends RefreshesMember {
  readonly member: CommunityMember;
  /** Spec §6: the chosen machine asks for an employee number. */
  readonly employeeMachine: boolean;
  readonly now: Date;
  /** The language the app speaks: sent with the profile, so the provider's e-mails use it (issue 35 point 4). */
  readonly locale?: Locale;
}

export interface ProfileContext extends ProfileInput {
  readonly form: ProfileForm;
  readonly showProblems: boolean;
  /** The email the API said is already someone else's. */
  readonly emailInUse: string | null;
  readonly error: ApiError | null;
  readonly resent: boolean;
  /** The member asked to resend the verification with no email saved: the email field says so. */
  readonly noEmailToVerify: boolean;
  /**
   * Issue 35 point 4: "send me every receipt", as the form has it; null where the provider says nothing of
   * it (the form offers no such choice and the save sends none).
   */
  readonly sendReceipts: boolean | null;
}

export type ProfileEvent =
  | { type: 'field.changed'; field: ProfileField; value: string }
  | { type: 'receipts.toggled'; on: boolean }
  | { type: 'profile.submitted' }
  | { type: 'email.resend' }
  | { type: 'confirm.closed' };

export type UpdateMemberBody = z.infer<typeof UpdateMemberSchema>;

export interface SaveProfileInput {
  memberId: number;
  body: UpdateMemberBody;
}
