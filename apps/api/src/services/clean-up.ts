import type { Db } from '../db/database.ts';
import type { Clock } from '../domain/clock.ts';
import { idempotencyHours } from '../domain/idempotency.ts';
import type { Scheduler } from '../jobs/scheduler.ts';
import type { VoucherProvider } from '../sim/voucher-provider.ts';

/** How often rows past their life are removed, and how long those with no life of their own are kept. */
export const cleanUpRules = {
  everyMinutes: 15,
  /** A card link is long over after a day (the longest a machine script can make one last is under 4 hours). */
  cardLinkHours: 24,
} as const;

/** The clean-up's job: each run arms the next; the key keeps one waiting however many processes run. */
const cleanUpJob = { kind: 'clean_up' } as const;
const nextCleanUpKey = 'clean_up';

/**
 * Removes what nobody can use any more (issue 32 point 8): Idempotency-Key answers past their
 * 24 hours, voucher authorization codes past their 10 minutes (used or not), card links past a
 * day, purchase locks whose lease ran out, and restock alerts past their 30 days. Answers how many rows of each went.
 */
export async function removeExpiredRows(db: Db, clock: Clock, vouchers: Pick<VoucherProvider, 'forgetOldCodes'>) {
  const now = clock.now().getTime();
  const before = (ms: number) => new Date(now - ms);
  const removed = await Promise.all([
    db
      .deleteFrom('idempotency_keys')
      .where('created_at', '<', before(idempotencyHours * 3_600_000))
      .executeTakeFirst(),
    db
      .deleteFrom('card_links')
      .where('started_at', '<', before(cleanUpRules.cardLinkHours * 3_600_000))
      .executeTakeFirst(),
    db.deleteFrom('buy_locks').where('lease_until', '<', before(0)).executeTakeFirst(),
    db.deleteFrom('restock_alerts').where('expires_at', '<', before(0)).executeTakeFirst(),
  ]);
  const [idempotencyKeys, cardLinks, buyLocks, restockAlerts] = removed.map((result) => Number(result.numDeletedRows));
  // The voucher provider's codes are its own: it forgets them (sim/voucher-provider.ts).
  return { idempotencyKeys, voucherCodes: await vouchers.forgetOldCodes(), cardLinks, buyLocks, restockAlerts };
}

/** Every start runs a clean-up at once; each run arms the next, cleanUpRules.everyMinutes later. */
export const cleanUpSchedule = {
  start: (jobs: Pick<Scheduler, 'at'>, clock: Clock) => jobs.at(clock.now(), cleanUpJob),
  async run(db: Db, clock: Clock, jobs: Pick<Scheduler, 'at'>, vouchers: Pick<VoucherProvider, 'forgetOldCodes'>) {
    const removed = await removeExpiredRows(db, clock, vouchers);
    const next = new Date(clock.now().getTime() + cleanUpRules.everyMinutes * 60_000);
    await jobs.at(next, cleanUpJob, { key: nextCleanUpKey });
    return removed;
  },
};
