import { type Notifications, sessionEndedChannel, worldResetChannel } from '../db/notifications.ts';
import { createCache } from './cache.ts';

/** Sessions one process keeps: beyond this many tokens the oldest are read again from the database. */
export const sessionCacheCapacity = 100_000;

/**
 * How long a session is kept without asking the database again (5 to 10 s, spread at random). Sign-outs reach every process as
 * messages; this only bounds what a message lost without trace (a connection dying silently, before
 * its check finds it) could leave behind.
 */
export const sessionCacheTtlMs = 10_000;

export interface SessionCache {
  /**
   * The member a token's live session belongs to: this process's copy while messages vouch for it,
   * otherwise `read` (the database), whose answer is kept only when no sign-out was heard meanwhile.
   */
  memberOf(tokenHash: string, read: () => Promise<number | null>): Promise<number | null>;
  /**
   * This process ended a session: its copies go at once. The announcement reaches the other processes
   * milliseconds later, and this one too, but a request the member sends right after the sign-out's answer
   * may come first.
   */
  ended(): void;
}

/**
 * Sessions kept in this process and dropped as soon as any process signs one out or revokes it (a
 * trigger on `sessions` announces it; issue 16 point 1), or when announcements may have been missed.
 * Dropping all of them on any sign-out keeps the rule simple to trust: sign-outs are rare next to
 * the polls this saves a database read each.
 */
export async function createSessionCache(
  notifications: Notifications,
  limits: { capacity: number; ttlMs: number } = { capacity: sessionCacheCapacity, ttlMs: sessionCacheTtlMs },
): Promise<SessionCache> {
  // Members' tokens read in the same second (a busy minute, a restart) come due over 5 to 10 s.
  const sessions = createCache<string, number>({ ...limits, spread: 0.5 });
  // Counts what could have ended a session; a read that saw it change cannot be kept.
  let changes = 0;
  const forget = () => {
    changes++;
    sessions.clear();
  };
  await notifications.subscribe(sessionEndedChannel, forget);
  await notifications.subscribe(worldResetChannel, forget);
  notifications.onGap(forget);
  return {
    ended: forget,
    async memberOf(tokenHash, read) {
      if (notifications.reliable()) {
        const kept = sessions.get(tokenHash);
        if (kept !== undefined) return kept;
      }
      const before = changes;
      const memberId = await read();
      if (memberId !== null && changes === before && notifications.reliable()) sessions.set(tokenHash, memberId);
      return memberId;
    },
  };
}
