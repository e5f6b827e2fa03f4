import type { Deal } from '@vendo/core/contract';
import { type Notifications, worldResetChannel } from '../db/notifications.ts';
import { dealBehind, type TimelineStep } from '../domain/timeline.ts';
import { type Cache, createCache } from './cache.ts';

/** Deals one process keeps; beyond this many the oldest are read again from the database. */
export const dealCacheCapacity = 50_000;

/** A deal as its last database read found it, with what tells whether that answer still holds. */
export interface DealSnapshot {
  readonly memberId: number;
  readonly machineId: number;
  readonly startedAt: number;
  readonly timeline: readonly TimelineStep[];
  readonly connectTimeoutMs: number;
  readonly settled: boolean;
  readonly deal: Deal;
}

/**
 * A deal changes only by following its timeline (settlement.ts writes the status the timeline gives
 * for the moment), and never once settled. So a snapshot answers a poll for as long as the timeline
 * still gives the status it holds: the database is read again only when the machine moved on, which
 * is when the deal must be brought up to date anyway. Ids of deals are never reused (seed.ts
 * `reseed`), so a snapshot never answers for another deal.
 */
export function stillHolds(snapshot: DealSnapshot, now: Date): boolean {
  if (snapshot.settled) return true;
  const { timeline, startedAt, connectTimeoutMs } = snapshot;
  return !dealBehind({ timeline, startedAt, connectTimeoutMs, status: snapshot.deal.delivery_status }, now);
}

/** The deals this process keeps, forgotten when the demo world is loaded again through any process. */
export async function createDealCache(notifications: Notifications): Promise<Cache<number, DealSnapshot>> {
  const deals = createCache<number, DealSnapshot>({ capacity: dealCacheCapacity });
  await notifications.subscribe(worldResetChannel, () => deals.clear());
  return deals;
}
