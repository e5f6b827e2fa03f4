import type { MiddlewareHandler } from 'hono';
import type { Db } from '../db/database.ts';
import { sha256 } from '../services/crypto.ts';
import { sessionMember } from '../services/members.ts';
import type { SessionCache } from '../services/session-cache.ts';
import type { AppEnv } from './env.ts';
import { problem } from './problem.ts';

const scheme = /^Token token=(\S+)$/;

/**
 * Reads "Token token={token}" (spec §7) and sets the member; never refuses by itself.
 * The session is read from the database, or from this process's copy while sign-outs are sure to
 * reach it (session-cache.ts): a sign-out or a revocation made through any replica is refused by all
 * of them as soon as its announcement arrives, milliseconds after it commits (issue 16 point 1).
 */
export function identify(db: Db, sessions: SessionCache): MiddlewareHandler<AppEnv> {
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
  sessions: SessionCache,
  token: string,
): Promise<{ memberId: number; tokenHash: string } | null> {
  const tokenHash = sha256(token);
  const memberId = await sessions.memberOf(tokenHash, () => sessionMember(db, tokenHash));
  return memberId === null ? null : { memberId, tokenHash };
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
