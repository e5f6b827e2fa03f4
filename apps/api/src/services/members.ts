import type { CommunityMember, Gender } from '@vendo/core/contract';
import type { Db } from '../db/database.ts';
import type { Clock } from '../domain/clock.ts';
import { refuse } from '../domain/errors.ts';
import type { Lang } from '../domain/lang.ts';
import { newToken, sha256 } from './crypto.ts';
import { lastTransaction } from './last-transaction.ts';
import { balanceCents, toPesos } from './ledger.ts';
import type { Phone } from './otp.ts';
import { creditedReferences } from './pending-top-ups.ts';
import { restockAlertsOf } from './restock-alerts.ts';

/** A new member for this phone; null when the phone already belongs to one. */
export async function createMember(db: Db, who: Phone): Promise<number | null> {
  const inserted = await db
    .insertInto('members')
    .values({ country: who.country, phone: who.phone })
    .onConflict((oc) => oc.columns(['country', 'phone']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

export async function findOrCreateMember(db: Db, who: Phone): Promise<number> {
  const created = await createMember(db, who);
  if (created !== null) return created;
  const row = await db
    .selectFrom('members')
    .select('id')
    .where('country', '=', who.country)
    .where('phone', '=', who.phone)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A fresh token for every sign-in; only its hash is kept. */
export async function startSession(db: Db, memberId: number, at: Date): Promise<string> {
  const token = newToken();
  await db
    .insertInto('sessions')
    .values({ token_hash: sha256(token), member_id: memberId, created_at: at })
    .execute();
  return token;
}

export async function endSession(db: Db, tokenHash: string, at: Date): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: at }).where('token_hash', '=', tokenHash).execute();
}

/** The member a live (not revoked) session belongs to, or null. */
export async function sessionMember(db: Db, tokenHash: string): Promise<number | null> {
  const session = await db
    .selectFrom('sessions')
    .select('member_id')
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return session?.member_id ?? null;
}

const isoDate = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
};

/** The member as spec §3 describes them, balance from the ledger. */
export async function memberView(db: Db, clock: Clock, memberId: number, lang: Lang): Promise<CommunityMember> {
  const member = await db.selectFrom('members').selectAll().where('id', '=', memberId).executeTakeFirst();
  if (!member) throw refuse('not_found');
  return {
    id: member.id,
    name: member.name,
    email: member.email,
    birth_date: isoDate(member.birth_date),
    gender: member.gender as Gender | null,
    // The spec's one balance is the MXN one; the others are listed by /balances (issue 32 point 5).
    balance: toPesos(await balanceCents(db, memberId)),
    phone: member.phone,
    last_transaction: await lastTransaction(db, memberId, lang),
    rfid_key: member.rfid_key,
    rfid_id: member.rfid_id,
    facebook_uid: member.facebook_uid,
    auto_top_up: member.auto_top_up,
    restock_alerts: await restockAlertsOf(db, clock, memberId),
    email_confirmed: member.email !== null && member.email_confirmed_at !== null,
    send_receipts: member.receipts_by_email,
    credited_references: await creditedReferences(db, memberId, clock.now()),
  };
}

/** Keeps the language a request of the member carried (a deal's or a profile's `locale`): e-mails use it. */
export async function rememberLocale(db: Db, memberId: number, locale: 'es' | 'en'): Promise<void> {
  await db
    .updateTable('members')
    .set({ locale })
    .where('id', '=', memberId)
    .where((eb) => eb.or([eb('locale', 'is', null), eb('locale', '!=', locale)]))
    .execute();
}
