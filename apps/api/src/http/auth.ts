import type { MiddlewareHandler } from 'hono';
import type { Db } from '../db/database.ts';
import { sha256 } from '../services/crypto.ts';
import type { AppEnv } from './env.ts';
import { problem } from './problem.ts';

const scheme = /^Token token=(\S+)$/;

/**
 * Reads "Token token={token}" (spec §7) and sets the member; never refuses by itself.
 * Every request asks the database, never a copy held by this process: a sign-out or a revocation made
 * through any replica is refused by all of them from the next request on (issue 16 point 1). The
 * lookup is one primary-key read, a small part of what any authenticated call does.
 */
export function identify(db: Db): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('memberId', null);
    c.set('tokenHash', null);
    const token = scheme.exec(c.req.header('Authorization') ?? '')?.[1];
    const signedIn = token ? await sessionOf(db, token) : null;
    if (signedIn) {
      c.set('memberId', signedIn.memberId);
      c.set('tokenHash', signedIn.tokenHash);
    }
    await next();
  };
}

/** The live session a token opens, or null (unknown or signed out). */
export async function sessionOf(db: Db, token: string): Promise<{ memberId: number; tokenHash: string } | null> {
  const tokenHash = sha256(token);
  const session = await db
    .selectFrom('sessions')
    .select('member_id')
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return session ? { memberId: session.member_id, tokenHash } : null;
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
