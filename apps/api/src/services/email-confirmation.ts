import { CONFIRM_EMAIL_PATH } from '@vendo/core';
import type { Db } from '../db/database.ts';
import type { Clock } from '../domain/clock.ts';
import { refuse } from '../domain/errors.ts';
import type { Lang } from '../domain/lang.ts';
import type { Logger } from '../log.ts';
import { confirmationMessage } from '../mail/confirmation-message.ts';
import { type MailSender, maskedEmail } from '../mail/mail-sender.ts';
import { newToken, sha256 } from './crypto.ts';

/**
 * Issue 35 point 4, "Rules it keeps" (docs/reference-api.md): a confirmation link lives 48 hours and works
 * once; a newer one replaces it. How often one is sent: rateLimits (emailConfirmationsPerMember…).
 */
export const emailConfirmationRules = { validHours: 48 } as const;

type ConfirmationLimitName = 'emailConfirmationsPerMember' | 'emailConfirmationsPerMemberPerDay';

/** The limits on confirmation e-mails (rateLimits in http/rate-limits.ts); a spent one throws. */
export interface ConfirmationLimits {
  takeAll(takes: readonly (readonly [ConfirmationLimitName, number])[]): Promise<void>;
}

export interface ConfirmationDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly mail: MailSender;
  readonly limits: ConfirmationLimits;
  /** Deps.publicOrigin: the link starts with it, never with a request's Host. */
  publicOrigin(): string;
  /** Where a confirmation the mail server refused is told (the address masked, never the link). */
  readonly log: Pick<Logger, 'error'>;
}

/** A refusal of the limits (429): what a spent limit throws (http/rate-limits.ts). */
export const isLimitRefusal = (refusal: unknown) => (refusal as { status?: unknown } | null)?.status === 429;

/** Counts one confirmation e-mail to the member; past a limit it throws `email_confirmation_limited` (429). */
export const takeConfirmationSend = (limits: ConfirmationLimits, memberId: number) =>
  limits.takeAll([
    ['emailConfirmationsPerMember', memberId],
    ['emailConfirmationsPerMemberPerDay', memberId],
  ]);

/**
 * Sends the link that confirms `email` to it, in `lang`. Only the token's hash is kept, with the address it
 * was sent to; the member's earlier link stops working. The caller has counted the send against the limits.
 */
export async function sendEmailConfirmation(deps: ConfirmationDeps, memberId: number, email: string, lang: Lang) {
  const token = newToken();
  const now = deps.clock.now();
  const row = {
    token_hash: sha256(token),
    email,
    expires_at: new Date(now.getTime() + emailConfirmationRules.validHours * 3_600_000),
    created_at: now,
  };
  await deps.db
    .insertInto('email_confirmations')
    .values({ member_id: memberId, ...row })
    .onConflict((oc) => oc.column('member_id').doUpdateSet(row))
    .execute();
  const link = new URL(CONFIRM_EMAIL_PATH, deps.publicOrigin());
  link.searchParams.set('token', token);
  await deps.mail.send(
    confirmationMessage(email, { url: link.href, validHours: emailConfirmationRules.validHours }, lang),
  );
}

/**
 * Confirms the address a link was sent to. The link is spent as it is read (one statement, so two opened at
 * once confirm once); an unknown, spent or replaced link, or one sent to an address the member has since
 * changed, is `email_confirmation_invalid`; one past its 48 hours is `email_confirmation_expired`, and stays so.
 */
export async function confirmEmail(db: Db, clock: Clock, token: string): Promise<void> {
  const now = clock.now();
  await db.transaction().execute(async (tx) => {
    const link = await tx
      .deleteFrom('email_confirmations')
      .where('token_hash', '=', sha256(token))
      .returning(['member_id', 'email', 'expires_at'])
      .executeTakeFirst();
    if (!link) throw refuse('email_confirmation_invalid');
    // Thrown inside the transaction, the link is kept: asked again, it still says it expired.
    if (link.expires_at.getTime() <= now.getTime()) throw refuse('email_confirmation_expired');
    const confirmed = await tx
      .updateTable('members')
      .set({ email_confirmed_at: now })
      .where('id', '=', link.member_id)
      .where((eb) => eb(eb.fn('lower', ['email']), '=', link.email))
      .executeTakeFirst();
    if (confirmed.numUpdatedRows === 0n) throw refuse('email_confirmation_invalid');
  });
}

/**
 * Sends the confirmation of a saved profile. The profile is saved whatever the mail server says: a refused
 * e-mail is logged (the address masked) and the member can ask for it again, rather than being told their
 * saved profile was not.
 */
export async function sendSavedConfirmation(deps: ConfirmationDeps, memberId: number, email: string, lang: Lang) {
  try {
    await sendEmailConfirmation(deps, memberId, email, lang);
  } catch (err) {
    deps.log.error({ err, memberId, to: maskedEmail(email) }, 'confirmation e-mail not sent');
  }
}
