import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tables } from '../db/schema.ts';
import { type Clock, systemClock } from '../domain/clock.ts';
import { capturedLog } from '../testing/captured-log.ts';
import { freshServerDatabase, onServer } from '../testing/harness.ts';
import { onPostgres, replicasNeedPostgres } from '../testing/replicas.ts';
import { durableJobSettings, durableScheduler } from './durable-scheduler.ts';
import type { Job, Scheduler } from './scheduler.ts';

let databaseUrl: string | undefined;
let db: Kysely<Tables> | undefined;
const schedulers: Scheduler[] = [];

beforeAll(async () => {
  if (!onPostgres) return;
  databaseUrl = await freshServerDatabase();
  db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl }) }) });
});
afterAll(async () => {
  for (const scheduler of schedulers) await scheduler.stop();
  await db?.destroy();
  if (databaseUrl) await onServer(`drop database ${new URL(databaseUrl).pathname.slice(1)}`);
});

/** A replica's scheduler; each job it runs is reported with the time it ran, on its own clock. */
function replica(ran: (job: Job, at: number) => void, clock: Clock = systemClock) {
  const scheduler = durableScheduler(db!, clock, databaseUrl!, capturedLog().logger);
  schedulers.push(scheduler);
  return { scheduler, start: () => scheduler.start(async (job) => ran(job, clock.now().getTime())) };
}

describe('durable jobs in PostgreSQL (issue 16 point 2)', () => {
  it('two replicas starting at the same moment on a fresh database both create or find the job schema, and a job added by one runs on time', {
    timeout: 30_000,
  }, async ({ skip }) => {
    skip(!onPostgres, replicasNeedPostgres);
    const runs: { job: Job; at: number }[] = [];
    let ranOnce: (value: number) => void = () => {};
    const firstRun = new Promise<number>((resolve) => {
      ranOnce = resolve;
    });
    const record = (job: Job, at: number) => {
      runs.push({ job, at });
      ranOnce(at);
    };
    const one = replica(record);
    const two = replica(record);

    await Promise.all([one.start(), two.start()]);
    const due = Date.now() + 1_000;
    await one.scheduler.at(new Date(due), { kind: 'deal_step', dealId: 7 });

    const ranAt = await firstRun;
    expect(ranAt).toBeGreaterThanOrEqual(due - 50);
    expect(ranAt - due).toBeLessThan(2_000);
    expect(runs.map((run) => run.job)).toEqual([{ kind: 'deal_step', dealId: 7 }]);
  });

  it('a job taken by a replica whose clock is behind the one that added it runs when it is due on that clock, not before (issue 32 point 6)', {
    timeout: 30_000,
  }, async ({ skip }) => {
    skip(!onPostgres, replicasNeedPostgres);
    let ranAt: (at: number) => void = () => {};
    const ran = new Promise<number>((resolve) => {
      ranAt = resolve;
    });
    // Only the replica behind takes jobs: the earlier tests' replicas, on the system clock, would take it on time.
    for (const earlier of schedulers.splice(0)) await earlier.stop();
    const behind: Clock = { now: () => new Date(Date.now() - 1_500) };
    const adding = replica(() => {});
    const running = replica((_job, at) => ranAt(at), behind);
    await running.start();
    const due = Date.now() + 200;

    await adding.scheduler.at(new Date(due), { kind: 'deal_step', dealId: 8 });

    expect(await ran).toBeGreaterThanOrEqual(due);
  });

  it('adding a keyed job again while it waits adds nothing (every start re-arms what is on its way)', {
    timeout: 30_000,
  }, async ({ skip }) => {
    skip(!onPostgres, replicasNeedPostgres);
    const { scheduler, start } = replica(() => {});
    await start();
    const later = new Date(Date.now() + 600_000);

    await Promise.all([
      scheduler.at(later, { kind: 'deal_step', dealId: 8 }, { key: 'deal:8@1+1500' }),
      scheduler.at(later, { kind: 'deal_step', dealId: 8 }, { key: 'deal:8@1+1500' }),
    ]);

    const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(
      `${durableJobSettings.schema}.jobs`,
    )} where key = 'deal:8@1+1500'`.execute(db!);
    expect(Number(rows[0]?.n)).toBe(1);
  });

  it('a job added within a transaction that rolls back never exists', { timeout: 30_000 }, async ({ skip }) => {
    skip(!onPostgres, replicasNeedPostgres);
    const { scheduler, start } = replica(() => {});
    await start();
    const later = new Date(Date.now() + 600_000);

    await db!
      .transaction()
      .execute(async (tx) => {
        await scheduler.at(later, { kind: 'auto_top_up', dealId: 9 }, { key: 'rolled-back', within: tx });
        throw new Error('rolled back');
      })
      .catch(() => {});

    const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(
      `${durableJobSettings.schema}.jobs`,
    )} where key = 'rolled-back'`.execute(db!);
    expect(Number(rows[0]?.n)).toBe(0);
  });

  it('a job ending while the database is down (a restart) leaves no rejection unhandled (one ended the process), and jobs are taken again once it is back', {
    timeout: 30_000,
  }, async ({ skip }) => {
    skip(!onPostgres, replicasNeedPostgres);
    // A database of its own: ending its connections must not touch the other tests' pool.
    const url = (await freshServerDatabase()) as string;
    const pool = new pg.Pool({ connectionString: url });
    pool.on('error', () => {});
    const own = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
    const scheduler = durableScheduler(own, systemClock, url, capturedLog().logger);
    let inJob: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      inJob = resolve;
    });
    let finish: () => void = () => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    try {
      await scheduler.start(async () => {
        inJob();
        await finished;
      });
      await scheduler.at(new Date(), { kind: 'deal_step', dealId: 1 });
      await running;

      // The database goes down under the running job (its connections ended, new ones refused) and the job
      // ends meanwhile: its release is tried again until the database is back.
      const name = new URL(url).pathname.slice(1);
      await onServer(`alter database ${name} allow_connections false`);
      await onServer(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`);
      finish();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await onServer(`alter database ${name} allow_connections true`);
      // The release's retries run on (the library waits longer between each); an unhandled rejection from
      // them, in the seconds after the database is back, would fail this file.
      await new Promise((resolve) => setTimeout(resolve, 4_000));

      await expect(scheduler.at(new Date(), { kind: 'deal_step', dealId: 2 })).resolves.toBeUndefined();
    } finally {
      await scheduler.stop().catch(() => {});
      await own.destroy();
      await onServer(`drop database ${new URL(url).pathname.slice(1)} with (force)`);
    }
  });
});
