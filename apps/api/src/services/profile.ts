import type { calls } from '@vendo/core/contract';
import type * as z from 'zod/mini';
import type { Db } from '../db/database.ts';
import type { Clock } from '../domain/clock.ts';
import { refuse } from '../domain/errors.ts';

type ProfileBody = z.output<NonNullable<(typeof calls)['updateMember']['body']>>;

/** A real calendar day in the past: 31/02 and tomorrow are refused. */
function isRealPastDate(text: string, today: Date): boolean {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && date.getTime() < today.getTime() && year >= 1900;
}

export async function updateProfile(db: Db, clock: Clock, memberId: number, body: ProfileBody): Promise<void> {
  const now = clock.now();
  if (!isRealPastDate(body.birth_date, now)) throw refuse('birth_date_invalid');
  const email = body.email.trim().toLowerCase();
  const current = await db.selectFrom('members').select('email').where('id', '=', memberId).executeTakeFirstOrThrow();
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
  await db
    .updateTable('members')
    .set({
      name: body.name.trim(),
      gender: body.gender,
      email,
      birth_date: body.birth_date,
      ...(body.facebook_uid !== undefined ? { facebook_uid: body.facebook_uid } : {}),
      // The reference API sends no real email: it records when a confirmation would have gone out.
      ...(emailChanged || body.resend_email_confirmation ? { email_confirmation_sent_at: now } : {}),
    })
    .where('id', '=', memberId)
    .execute();
}
