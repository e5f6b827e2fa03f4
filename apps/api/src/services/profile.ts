import type { calls } from '@vendo/core/contract';
import type * as z from 'zod/mini';
import { refuse } from '../domain/errors.ts';
import type { Lang } from '../domain/lang.ts';
import {
  type ConfirmationDeps,
  isLimitRefusal,
  sendSavedConfirmation,
  takeConfirmationSend,
} from './email-confirmation.ts';

type ProfileBody = z.output<NonNullable<(typeof calls)['updateMember']['body']>>;

/** A real calendar day in the past: 31/02 and tomorrow are refused. */
function isRealPastDate(text: string, today: Date): boolean {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && date.getTime() < today.getTime() && year >= 1900;
}

/**
 * Saves the profile. A new address is unconfirmed, and the link that confirms it is e-mailed (issue 35 point
 * 4), as it is again on `resend_email_confirmation` while the address is unconfirmed; in the language of the
 * request's `locale` (kept as the member's), else the member's last, else `requestLang`. A resend past the
 * member's limits is refused (`email_confirmation_limited`); a new address past them is saved, unsent.
 */
export async function updateProfile(
  deps: ConfirmationDeps,
  memberId: number,
  body: ProfileBody,
  requestLang: Lang,
): Promise<void> {
  const { db } = deps;
  const now = deps.clock.now();
  if (!isRealPastDate(body.birth_date, now)) throw refuse('birth_date_invalid');
  const email = body.email.trim().toLowerCase();
  const current = await db
    .selectFrom('members')
    .select(['email', 'email_confirmed_at', 'locale', 'name'])
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  const taken = await db
    .selectFrom('members')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
    .where('id', '!=', memberId)
    .executeTakeFirst();
  if (taken) {
    throw refuse('email_in_use');
  }
  const emailChanged = current.email?.toLowerCase() !== email;
  const confirmed = !emailChanged && current.email_confirmed_at !== null;
  const wanted = (emailChanged || body.resend_email_confirmation === true) && !confirmed;
  // What the member typed is saved even past the send limits: a new address is kept unconfirmed, its link not
  // sent, and they ask again once the limit allows. Only a resend asked for is refused.
  const sends =
    wanted &&
    (await takeConfirmationSend(deps.limits, memberId).then(
      () => true,
      (refusal: unknown) => {
        if (emailChanged && isLimitRefusal(refusal)) return false;
        throw refusal;
      },
    ));
  await db
    .updateTable('members')
    .set({
      name: body.name.trim(),
      gender: body.gender,
      email,
      birth_date: body.birth_date,
      ...(body.facebook_uid !== undefined ? { facebook_uid: body.facebook_uid } : {}),
      ...(body.locale !== undefined ? { locale: body.locale } : {}),
      // Issue 35 point 4: "send me every receipt"; a save that leaves it out (another provider's app) keeps it.
      ...(body.send_receipts !== undefined ? { receipts_by_email: body.send_receipts } : {}),
      ...(emailChanged ? { email_confirmed_at: null } : {}),
      ...(sends ? { email_confirmation_sent_at: now } : {}),
      // Issue 37 point 4: a SPEI refund goes to an account in the member's name, so a changed name waits before
      // one; the first name a member gives is no change.
      ...(nameChanged(current.name, body.name) ? { name_changed_at: now } : {}),
    })
    .where('id', '=', memberId)
    .execute();
  if (sends) await sendSavedConfirmation(deps, memberId, email, body.locale ?? current.locale ?? requestLang);
}

/** Whether a profile save changes a name the member had already given (a first one changes nothing). */
const nameChanged = (before: string | null, after: string) =>
  (before ?? '').trim() !== '' && (before ?? '').trim() !== after.trim();
