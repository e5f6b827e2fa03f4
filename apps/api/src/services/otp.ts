import type { Db } from '../db/database.ts';
import type { Clock } from '../domain/clock.ts';
import { refuse } from '../domain/errors.ts';
import type { Lang } from '../domain/lang.ts';
import type { SmsSender } from '../sim/sms.ts';
import { hmac, newCode, sameHex } from './crypto.ts';

/** Sign-in code rules (spec §5, §9; README "Rules it keeps"). How often codes may be sent or checked: rateLimits. */
export const otpRules = {
  lifetimeMinutes: 10,
  /** At most this many checks are ever compared with one code; a wrong one at this count kills it. */
  checksPerCode: 6,
  /** Consecutive wrong checks of live codes that lock the number. */
  failuresThatLock: 100,
  /** A lock lifts by itself after this long (an operator can lift it sooner). */
  lockMinutes: 60,
} as const;

/** The limits on sending and checking codes (rateLimits in http/rate-limits.ts); a spent one throws. */
export interface CodeLimits {
  take(
    name: 'codeSendsPerAddress' | 'codeSendsPerPhone' | 'codeConfirmsPerAddress' | 'codeConfirmsPerPhone',
    key: string,
  ): Promise<void>;
}

/** The key sign-in codes are hashed with (Deps.codeKey). */
export type CodeKey = () => Promise<string>;

export interface Phone {
  readonly country: string;
  readonly phone: string;
}

const e164 = ({ country, phone }: Phone) => `${country}${phone}`;

const smsText: Record<Lang, (code: string) => string> = {
  es: (code) => `Tu código de Vendo es ${code}. Vence en 10 minutos. No lo compartas.`,
  en: (code) => `Your Vendo code is ${code}. It expires in 10 minutes. Do not share it.`,
};

/** A locked number answers 423 with the seconds until the lock lifts. */
async function assertNotLocked(db: Db, clock: Clock, who: Phone) {
  const lock = await db
    .selectFrom('phone_locks')
    .select('locked_until')
    .where('country', '=', who.country)
    .where('phone', '=', who.phone)
    .executeTakeFirst();
  const left = (lock?.locked_until?.getTime() ?? 0) - clock.now().getTime();
  if (left > 0) throw refuse('phone_locked', { retry_after: Math.ceil(left / 1000) });
}

/**
 * Texts a fresh code. The answer is the same for known and unknown numbers:
 * members are made when a code is confirmed, not when one is asked for.
 */
export async function sendCode(
  db: Db,
  sms: SmsSender,
  clock: Clock,
  limits: CodeLimits,
  codeKey: CodeKey,
  request: { who: Phone; address: string; lang: Lang },
) {
  const { who, address, lang } = request;
  await assertNotLocked(db, clock, who);
  await limits.take('codeSendsPerAddress', address);
  await limits.take('codeSendsPerPhone', e164(who));
  const code = newCode();
  const secret = await codeKey();
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
        ip: address,
        created_at: now,
        expires_at: new Date(now.getTime() + otpRules.lifetimeMinutes * 60_000),
      })
      .execute();
  });
  await sms.send({ to: e164(who), body: smsText[lang](code), code });
}

/** A wrong check of a live code: the 100th in a row locks the number for otpRules.lockMinutes. */
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
      .set({
        locked_at: now,
        locked_until: new Date(now.getTime() + otpRules.lockMinutes * 60_000),
        consecutive_failures: 0,
      })
      .where('country', '=', who.country)
      .where('phone', '=', who.phone)
      .execute();
  }
}

/**
 * Checks a code; on success the code is spent and the phone's failure count starts again.
 * Each check first takes one of the code's checks in a single conditional UPDATE, so however
 * many arrive at once, at most otpRules.checksPerCode are ever compared with the code.
 * Checks against no live code (none sent, spent, expired or killed) are refused without
 * counting toward the lock: nobody can lock a number they cannot receive codes for.
 */
export async function checkCode(
  db: Db,
  clock: Clock,
  limits: CodeLimits,
  codeKey: CodeKey,
  request: { who: Phone; address: string; code: string },
): Promise<void> {
  const { who, code } = request;
  await assertNotLocked(db, clock, who);
  await limits.take('codeConfirmsPerAddress', request.address);
  await limits.take('codeConfirmsPerPhone', e164(who));
  const now = clock.now();
  const latest = await db
    .selectFrom('otp_codes')
    .select(['id', 'code_hash'])
    .where('country', '=', who.country)
    .where('phone', '=', who.phone)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest) throw refuse('code_expired');
  const claimed = await db
    .updateTable('otp_codes')
    .set((eb) => ({ checks: eb('checks', '+', 1) }))
    .where('id', '=', latest.id)
    .where('checks', '<', otpRules.checksPerCode)
    .where('used_at', 'is', null)
    .where('killed_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('checks')
    .executeTakeFirst();
  if (!claimed) throw refuse(await whyNotLive(db, latest.id, now));
  const secret = await codeKey();
  if (!sameHex(latest.code_hash, hmac(secret, `${e164(who)}:${code}`))) {
    const last = claimed.checks >= otpRules.checksPerCode;
    if (last) await db.updateTable('otp_codes').set({ killed_at: now }).where('id', '=', latest.id).execute();
    await countFailure(db, who, now);
    throw refuse(last ? 'code_killed' : 'code_wrong');
  }
  const spent = await db
    .updateTable('otp_codes')
    .set({ used_at: now })
    .where('id', '=', latest.id)
    .where('used_at', 'is', null)
    .where('killed_at', 'is', null)
    .executeTakeFirst();
  // Two confirmations racing for one code: only the first spends it.
  if (Number(spent.numUpdatedRows) !== 1) throw refuse('code_expired');
  await db
    .updateTable('phone_locks')
    .set({ consecutive_failures: 0 })
    .where('country', '=', who.country)
    .where('phone', '=', who.phone)
    .execute();
}

/** Why the latest code takes no more checks: used up by wrong checks, or spent or out of time. */
async function whyNotLive(db: Db, id: number, now: Date) {
  const row = await db
    .selectFrom('otp_codes')
    .select(['checks', 'killed_at', 'used_at', 'expires_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const killed = row.killed_at !== null || row.checks >= otpRules.checksPerCode;
  return killed && !row.used_at && row.expires_at > now ? 'code_killed' : 'code_expired';
}

/** An operator lifts the lock of a number before it lifts by itself. */
export async function unlockPhone(db: Db, who: Phone): Promise<boolean> {
  const result = await db
    .updateTable('phone_locks')
    .set({ locked_at: null, locked_until: null, consecutive_failures: 0 })
    .where('country', '=', who.country)
    .where('phone', '=', who.phone)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
