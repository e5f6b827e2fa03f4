import type { Db } from '../db/database.ts';
import type { Lang } from '../http/messages.ts';
import { problem } from '../http/problem.ts';
import type { SmsSender } from '../sim/sms.ts';
import { type Clock, minutesAgo } from './clock.ts';
import { hmac, newCode, sameHex, serverSecret } from './crypto.ts';

/** Sign-in code rules (issue: codes live 10 minutes, 6th wrong check kills, 100 failures lock). */
export const otpRules = {
  lifetimeMinutes: 10,
  wrongChecksThatKill: 6,
  failuresThatLock: 100,
  sendsPerPhone: 5,
  sendsPerIp: 30,
  windowMinutes: 10,
} as const;

export interface Phone {
  readonly country: string;
  readonly phone: string;
}

const e164 = ({ country, phone }: Phone) => `${country}${phone}`;

const smsText: Record<Lang, (code: string) => string> = {
  es: (code) => `Tu código de Vendo es ${code}. Vence en 10 minutos. No lo compartas.`,
  en: (code) => `Your Vendo code is ${code}. It expires in 10 minutes. Do not share it.`,
};

async function assertNotLocked(db: Db, who: Phone) {
  const lock = await db
    .selectFrom('phone_locks')
    .select('locked_at')
    .where('country', '=', who.country)
    .where('phone', '=', who.phone)
    .executeTakeFirst();
  if (lock?.locked_at) throw problem(423, 'phone_locked');
}

function retryAfterSeconds(clock: Clock, oldest: Date): string {
  const free = oldest.getTime() + otpRules.windowMinutes * 60_000 - clock.now().getTime();
  return String(Math.max(1, Math.ceil(free / 1000)));
}

/**
 * Texts a fresh code. The answer is the same for known and unknown numbers:
 * members are made when a code is confirmed, not when one is asked for.
 */
export async function sendCode(
  db: Db,
  sms: SmsSender,
  clock: Clock,
  request: { who: Phone; ip: string; lang: Lang; sendsPerIp: number },
) {
  const { who, ip, lang } = request;
  await assertNotLocked(db, who);
  const since = minutesAgo(clock, otpRules.windowMinutes);
  const recent = await db
    .selectFrom('otp_codes')
    .select('created_at')
    .where('country', '=', who.country)
    .where('phone', '=', who.phone)
    .where('created_at', '>', since)
    .orderBy('created_at', 'asc')
    .execute();
  const fromIp = await db
    .selectFrom('otp_codes')
    .select('created_at')
    .where('ip', '=', ip)
    .where('created_at', '>', since)
    .orderBy('created_at', 'asc')
    .execute();
  for (const sent of [recent, fromIp]) {
    const limit = sent === recent ? otpRules.sendsPerPhone : request.sendsPerIp;
    const oldest = sent[0];
    if (sent.length >= limit && oldest) {
      throw problem(429, 'too_many_requests', {}, { 'Retry-After': retryAfterSeconds(clock, oldest.created_at) });
    }
  }
  const code = newCode();
  const secret = await serverSecret(db);
  const now = clock.now();
  await db.transaction().execute(async (tx) => {
    // A new code replaces any older live one.
    await tx
      .updateTable('otp_codes')
      .set({ killed_at: now })
      .where('country', '=', who.country)
      .where('phone', '=', who.phone)
      .where('used_at', 'is', null)
      .where('killed_at', 'is', null)
      .execute();
    await tx
      .insertInto('otp_codes')
      .values({
        country: who.country,
        phone: who.phone,
        code_hash: hmac(secret, `${e164(who)}:${code}`),
        ip,
        created_at: now,
        expires_at: new Date(now.getTime() + otpRules.lifetimeMinutes * 60_000),
      })
      .execute();
  });
  await sms.send({ to: e164(who), body: smsText[lang](code), code });
}

async function countFailure(db: Db, who: Phone, now: Date) {
  const row = await db
    .insertInto('phone_locks')
    .values({ country: who.country, phone: who.phone, consecutive_failures: 1 })
    .onConflict((oc) =>
      oc.columns(['country', 'phone']).doUpdateSet((eb) => ({
        consecutive_failures: eb('phone_locks.consecutive_failures', '+', 1),
      })),
    )
    .returning('consecutive_failures')
    .executeTakeFirstOrThrow();
  if (row.consecutive_failures >= otpRules.failuresThatLock) {
    await db
      .updateTable('phone_locks')
      .set({ locked_at: now })
      .where('country', '=', who.country)
      .where('phone', '=', who.phone)
      .where('locked_at', 'is', null)
      .execute();
  }
}

/** Checks a code; on success the code is spent and the phone's failure count starts again. */
export async function checkCode(db: Db, clock: Clock, who: Phone, code: string): Promise<void> {
  await assertNotLocked(db, who);
  const now = clock.now();
  const live = await db
    .selectFrom('otp_codes')
    .selectAll()
    .where('country', '=', who.country)
    .where('phone', '=', who.phone)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!live || live.used_at || live.expires_at <= now) {
    await countFailure(db, who, now);
    throw problem(422, 'code_expired');
  }
  if (live.killed_at) {
    await countFailure(db, who, now);
    throw problem(422, 'code_killed');
  }
  const secret = await serverSecret(db);
  if (!sameHex(live.code_hash, hmac(secret, `${e164(who)}:${code}`))) {
    const wrong = live.wrong_checks + 1;
    await db
      .updateTable('otp_codes')
      .set({ wrong_checks: wrong, ...(wrong >= otpRules.wrongChecksThatKill ? { killed_at: now } : {}) })
      .where('id', '=', live.id)
      .execute();
    await countFailure(db, who, now);
    throw problem(422, wrong >= otpRules.wrongChecksThatKill ? 'code_killed' : 'code_wrong');
  }
  const spent = await db
    .updateTable('otp_codes')
    .set({ used_at: now })
    .where('id', '=', live.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  // Two confirmations racing for one code: only the first spends it.
  if (Number(spent.numUpdatedRows) !== 1) throw problem(422, 'code_expired');
  await db
    .updateTable('phone_locks')
    .set({ consecutive_failures: 0 })
    .where('country', '=', who.country)
    .where('phone', '=', who.phone)
    .execute();
}

/** An operator lifts the lock of a number (the only way out of one). */
export async function unlockPhone(db: Db, who: Phone): Promise<boolean> {
  const result = await db
    .updateTable('phone_locks')
    .set({ locked_at: null, consecutive_failures: 0 })
    .where('country', '=', who.country)
    .where('phone', '=', who.phone)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
