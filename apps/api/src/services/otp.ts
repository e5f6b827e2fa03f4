import type { Db } from '../db/database.ts';
import type { Clock } from '../domain/clock.ts';
import { refuse } from '../domain/errors.ts';
import type { Lang } from '../domain/lang.ts';
import type { SmsSender } from '../sim/sms.ts';
import { hmac, newCode, newToken, sameHex, sha256 } from './crypto.ts';

/**
 * Sign-in code rules (spec §5, §9; "Rules it keeps" (docs/reference-api.md)). How often codes may be sent: rateLimits.
 * Issue 32 points 1 and 2: a code is bound to the request that asked for it. The send answers a
 * challenge; a check that names it is compared with that code only, so a stranger only ever guesses
 * codes they asked for themselves, and can spend nothing of the owner's.
 */
export const otpRules = {
  lifetimeMinutes: 10,
  /** Checks naming a code's challenge compared with it at most: a wrong one at this count kills it. */
  checksPerCode: 5,
  /**
   * Checks without a challenge (an app that does not send it back) compared with the number's newest code
   * at most. Counted apart: they never kill the code for the app that holds its challenge.
   */
  openChecksPerCode: 3,
} as const;

type CodeLimitName =
  | 'codeSendsPerAddress'
  | 'codeSendsPerPhone'
  | 'codeSendsPerPhonePerDay'
  | 'codeConfirmsPerAddress'
  | 'textsPerCountryPerHour'
  | 'textsPerCountryPerDay'
  | 'textsPerHour'
  | 'textsPerDay';

/** The limits on sending and checking codes (rateLimits in http/rate-limits.ts); a spent one throws. */
export interface CodeLimits {
  take(name: CodeLimitName, key: string): Promise<void>;
  takeAll(takes: readonly (readonly [CodeLimitName, string])[]): Promise<void>;
  forget(name: CodeLimitName, key: string): Promise<boolean>;
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

/**
 * Texts a fresh code and answers its challenge. The answer is the same for known and unknown numbers:
 * members are made when a code is confirmed, not when one is asked for. A new code leaves older ones
 * alive: each answers to its own challenge, so a stranger's send never spends the owner's code.
 */
export async function sendCode(
  db: Db,
  sms: SmsSender,
  clock: Clock,
  limits: CodeLimits,
  codeKey: CodeKey,
  request: { who: Phone; address: string; lang: Lang },
): Promise<{ challenge: string }> {
  const { who, address, lang } = request;
  await limits.take('codeSendsPerAddress', address);
  // All or none: a send refused by one cap uses up nothing of the number's limits or the others.
  await limits.takeAll([
    ['codeSendsPerPhone', e164(who)],
    ['codeSendsPerPhonePerDay', e164(who)],
    ['textsPerCountryPerHour', who.country],
    ['textsPerCountryPerDay', who.country],
    ['textsPerHour', 'all'],
    ['textsPerDay', 'all'],
  ]);
  const code = newCode();
  const challenge = newToken();
  const secret = await codeKey();
  const now = clock.now();
  await db
    .insertInto('otp_codes')
    .values({
      country: who.country,
      phone: who.phone,
      code_hash: hmac(secret, `${e164(who)}:${code}`),
      challenge_hash: sha256(challenge),
      ip: address,
      created_at: now,
      expires_at: new Date(now.getTime() + otpRules.lifetimeMinutes * 60_000),
    })
    .execute();
  await sms.send({ to: e164(who), body: smsText[lang](code), code });
  return { challenge };
}

/**
 * Checks a code; on success the code is spent, and with it every other live code of the number. With a
 * challenge, only that challenge's code is compared; without one, the number's newest. Each check
 * first takes one of the code's checks in a single conditional UPDATE, so however many arrive at once,
 * at most otpRules.checksPerCode (otpRules.openChecksPerCode without a challenge) are ever compared.
 * A check that finds no live code is refused and counts toward nothing, from any client.
 */
export async function checkCode(
  db: Db,
  clock: Clock,
  limits: CodeLimits,
  codeKey: CodeKey,
  request: { who: Phone; address: string; code: string; challenge?: string | undefined },
): Promise<void> {
  const { who, code, challenge } = request;
  await limits.take('codeConfirmsPerAddress', request.address);
  const now = clock.now();
  const bound = challenge !== undefined;
  const target = await db
    .selectFrom('otp_codes')
    .select(['id', 'code_hash'])
    .where('country', '=', who.country)
    .where('phone', '=', who.phone)
    .$if(bound, (query) => query.where('challenge_hash', '=', sha256(challenge ?? '')))
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!target) throw refuse('code_expired');
  const claimed = await db
    .updateTable('otp_codes')
    .set((eb) => (bound ? { checks: eb('checks', '+', 1) } : { open_checks: eb('open_checks', '+', 1) }))
    .where('id', '=', target.id)
    .where(bound ? 'checks' : 'open_checks', '<', bound ? otpRules.checksPerCode : otpRules.openChecksPerCode)
    .where('used_at', 'is', null)
    .where('killed_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['checks', 'open_checks'])
    .executeTakeFirst();
  if (!claimed) throw refuse(await whyNotLive(db, target.id, now, bound));
  const secret = await codeKey();
  if (!sameHex(target.code_hash, hmac(secret, `${e164(who)}:${code}`))) {
    if (!bound) throw refuse(claimed.open_checks >= otpRules.openChecksPerCode ? 'code_killed' : 'code_wrong');
    const last = claimed.checks >= otpRules.checksPerCode;
    if (last) await db.updateTable('otp_codes').set({ killed_at: now }).where('id', '=', target.id).execute();
    throw refuse(last ? 'code_killed' : 'code_wrong');
  }
  const spent = await db
    .updateTable('otp_codes')
    .set({ used_at: now })
    .where('id', '=', target.id)
    .where('used_at', 'is', null)
    .where('killed_at', 'is', null)
    .executeTakeFirst();
  // Two confirmations racing for one code: only the first spends it.
  if (Number(spent.numUpdatedRows) !== 1) throw refuse('code_expired');
  // Signed in: codes asked for meanwhile (by the member or by anyone) take no more guesses.
  await db
    .updateTable('otp_codes')
    .set({ killed_at: now })
    .where('country', '=', who.country)
    .where('phone', '=', who.phone)
    .where('used_at', 'is', null)
    .where('killed_at', 'is', null)
    .execute();
}

/** Why a code takes no more checks of this kind: used up by wrong checks, or spent or out of time. */
async function whyNotLive(db: Db, id: number, now: Date, bound: boolean) {
  const row = await db
    .selectFrom('otp_codes')
    .select(['checks', 'open_checks', 'killed_at', 'used_at', 'expires_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const usedUp = bound ? row.checks >= otpRules.checksPerCode : row.open_checks >= otpRules.openChecksPerCode;
  const killed = row.killed_at !== null || usedUp;
  return killed && !row.used_at && row.expires_at > now ? 'code_killed' : 'code_expired';
}

/**
 * An operator lifts a number's limits on codes before their windows end: strangers can use them up
 * ("Rules it keeps" (docs/reference-api.md)). False when the number had used none of them.
 */
export async function liftPhoneLimits(limits: CodeLimits, who: Phone): Promise<boolean> {
  const lifted = await Promise.all([
    limits.forget('codeSendsPerPhone', e164(who)),
    limits.forget('codeSendsPerPhonePerDay', e164(who)),
  ]);
  return lifted.some(Boolean);
}
