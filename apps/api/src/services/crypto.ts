import { createHmac, hash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database.ts';

export const sha256 = (text: string) => hash('sha256', text, 'hex');

/** A fresh session token: 256 random bits. */
export const newToken = () => randomBytes(32).toString('base64url');

/** A 4-digit code from the CSPRNG (spec §9: the code is 4 digits). */
export const newCode = () => randomInt(0, 10_000).toString().padStart(4, '0');

export const newDigits = (length: number) => Array.from({ length }, () => randomInt(0, 10).toString()).join('');

export function hmac(key: string, text: string): string {
  return createHmac('sha256', key).update(text).digest('hex');
}

export function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * A key of the server's, made once per database and kept in it: `hmac` (sign-in codes), `spei` (the emulated
 * bank's notices, issue 37 point 2). Used only where the environment names no key of its own.
 */
export async function serverSecret(db: Db, name: 'hmac' | 'spei' = 'hmac'): Promise<string> {
  await db
    .insertInto('server_secrets')
    .values({ name, value: randomBytes(32).toString('hex') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
