import type { MiddlewareHandler } from 'hono';
import type { Db } from '../db/database.ts';
import type { Cache } from '../services/cache.ts';
import { sha256 } from '../services/crypto.ts';
import type { AppEnv } from './env.ts';
import { problem } from './problem.ts';

const scheme = /^Token token=(\S+)$/;

/**
 * Reads "Token token={token}" (spec §7) and sets the member; never refuses by itself.
 * Resolved tokens are cached briefly so a member polling every second costs one query, not two;
 * a sign-out here drops its entry at once, one in another process is seen within the cache's lifetime.
 */
export function identify(db: Db, sessions: Cache<string, number>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('memberId', null);
    c.set('tokenHash', null);
    const token = scheme.exec(c.req.header('Authorization') ?? '')?.[1];
    const signedIn = token ? await sessionOf(db, sessions, token) : null;
    if (signedIn) {
      c.set('memberId', signedIn.memberId);
      c.set('tokenHash', signedIn.tokenHash);
    }
    await next();
  };
}

/** The live session a token opens, or null (unknown or signed out). */
export async function sessionOf(
  db: Db,
  sessions: Cache<string, number>,
  token: string,
): Promise<{ memberId: number; tokenHash: string } | null> {
  const tokenHash = sha256(token);
  let memberId = sessions.get(tokenHash);
  if (memberId === undefined) {
    const session = await db
      .selectFrom('sessions')
      .select('member_id')
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    memberId = session?.member_id;
    if (memberId !== undefined) sessions.set(tokenHash, memberId);
  }
  return memberId === undefined ? null : { memberId, tokenHash };
}

/** The signed-in member, or 401. */
export function memberOf(c: { get(key: 'memberId'): number | null }): number {
  const memberId = c.get('memberId');
  if (memberId === null) throw problem(401, 'unauthorized');
  return memberId;
}

/** A member may only name themself: any other member id answers 404, as if it did not exist. */
export function ownMember(c: { get(key: 'memberId'): number | null }, pathMemberId: number): number {
  const memberId = memberOf(c);
  if (memberId !== pathMemberId) throw problem(404, 'not_found');
  return memberId;
}
