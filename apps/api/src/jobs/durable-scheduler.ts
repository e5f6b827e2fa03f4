import { Logger as JobLogger, type Runner, run, runMigrations } from 'graphile-worker';
import { type QueryExecutorProvider, sql } from 'kysely';
import type pg from 'pg';
import type { Clock } from '../domain/clock.ts';
import type { Logger } from '../log.ts';
import { serverPool } from '../server-pool.ts';
import type { Job, JobHandler, Scheduler } from './scheduler.ts';

/** How a replica works off the queue every replica shares. */
export const durableJobSettings = {
  /** Due jobs are looked for this often (ms): a step runs at most about this late. */
  pollIntervalMs: 500,
  /** Jobs one replica runs at once; each settles one row. */
  concurrency: 4,
  /** The job library's own schema, created (and migrated) by the first replica that starts. */
  schema: 'graphile_worker',
  /** How long after its runner gave up (or failed to start) a replica starts one again (ms). */
  restartMs: 1_000,
} as const;

const task = 'vendo_job';

/** When a job is due, on the clock of the server that added it (milliseconds since the epoch). */
type Due = { due?: number };

// Job-library messages name jobs by id and task, never a member's data; only trouble is worth a line.
const jobLogger = (log: Logger | undefined) =>
  new JobLogger(() => (level, message) => {
    if (level === 'error') log?.error(`vendo: jobs: ${message}`);
    else if (level === 'warning') log?.warn(`vendo: jobs: ${message}`);
  });

/** Creates or migrates the job queue's schema (the `migrate` command); graphile-worker locks while it does. */
export async function prepareJobQueue(connectionString: string, log?: Logger): Promise<void> {
  await runMigrations({ connectionString, schema: durableJobSettings.schema, logger: jobLogger(log) });
}

/**
 * Jobs in PostgreSQL through graphile-worker: any replica runs a job once it is due, whichever
 * replica added it, so a deal settles after the process that made it is gone. A job added within
 * a transaction exists only if it commits. A job that fails is tried again later; one whose
 * process died while running it is freed by the library after its lock times out.
 */
export function durableScheduler(
  db: QueryExecutorProvider,
  clock: Clock,
  connectionString: string,
  log: Logger,
): Scheduler {
  let runner: Runner | null = null;
  let stopped = true;
  let restart: ReturnType<typeof setTimeout> | undefined;
  let pool: pg.Pool | null = null;
  const { schema } = durableJobSettings;
  /**
   * The runner's connections, in a pool this process owns: graphile-worker stops listening to a pool it
   * made as it lets its runner go, and a connection the database ends just then (a restart) raised an
   * error nobody heard, which ended the process. This pool is always heard, and outlives each runner.
   */
  const runnerPool = () => {
    if (pool) return pool;
    const made = serverPool({ connectionString, max: durableJobSettings.concurrency + 2 }, (error) =>
      log.warn({ err: error }, 'vendo: jobs: a database connection broke'),
    );
    pool = made;
    return made;
  };
  const begin = async (handle: JobHandler) => {
    const started = await run({
      pgPool: runnerPool(),
      schema,
      concurrency: durableJobSettings.concurrency,
      pollInterval: durableJobSettings.pollIntervalMs,
      noHandleSignals: true,
      logger: jobLogger(log),
      crontab: '',
      taskList: { [task]: (payload, helpers) => runWhenDue(payload as Job & Due, helpers.job.key, handle) },
      // Completions and failures written through the library's batcher (at once: no delay): left unbatched,
      // one that cannot reach the database is a promise nobody awaits, and its rejection ends the process.
      // Batched, the library gives up its runner instead, which begin() starts again.
      preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
    });
    runner = started;
    // The library gives up a runner whose job it could not release (the database ended its connection
    // mid-job: a restart, a failover): its promise rejects. The job is freed by its lock's timeout; this
    // process starts a runner again, or it would run no job until restarted.
    started.promise.catch((failure: unknown) => {
      if (stopped || runner !== started) return;
      runner = null;
      log.error({ err: failure }, 'vendo: jobs: the job runner stopped; starting it again');
      again(handle);
    });
  };
  const again = (handle: JobHandler) => {
    restart = setTimeout(() => {
      if (stopped) return;
      begin(handle).catch((failure: unknown) => {
        log.error({ err: failure }, 'vendo: jobs: the job runner could not start; trying again');
        again(handle);
      });
    }, durableJobSettings.restartMs);
  };
  /**
   * A job taken on a replica whose clock is behind the one that added it would find nothing due yet, and
   * nothing would run it again: it goes back in the queue for the rest of its time, on this clock, under its
   * key (a re-arm after a restart then still adds nothing). Jobs added by servers before `due` existed run
   * as they come.
   */
  const runWhenDue = async ({ due, ...job }: Job & Due, key: string | null, handle: JobHandler) => {
    if (due !== undefined && clock.now().getTime() < due) return add(new Date(due), job as Job, db, key);
    return handle(job as Job);
  };
  const add = async (time: Date, job: Job, within: QueryExecutorProvider, key: string | null = null) => {
    // A delay, not a date: the database's clock decides when it is due, whatever this process's says.
    const delaySeconds = Math.max(0, time.getTime() - clock.now().getTime()) / 1000;
    const due: Due = { due: time.getTime() };
    await sql`select ${sql.ref(`${schema}.add_job`)}(
      ${task},
      ${JSON.stringify({ ...job, ...due })}::json,
      run_at => clock_timestamp() + make_interval(secs => ${delaySeconds}::float8),
      job_key => ${key}::text,
      job_key_mode => 'preserve_run_at'
    )`.execute(within);
  };
  return {
    async at(time, job, options = {}) {
      await add(time, job, options.within ?? db, options.key ?? null);
    },
    async start(handle: JobHandler) {
      stopped = false;
      await begin(handle);
    },
    async stop() {
      stopped = true;
      clearTimeout(restart);
      const current = runner;
      runner = null;
      // A runner the library is giving up (the database ended its connection) has stopped itself, and
      // refuses to stop again ("Runner is already stopped"): waiting for it to end is all there is to do.
      await current?.stop().catch(() => current.promise.catch(() => undefined));
      await pool?.end();
      pool = null;
    },
    async backlog() {
      // The library's public view of its queue; a job out of attempts waits for nobody and is left out.
      const { rows } = await sql<{ depth: number; oldest: number }>`
        select count(*)::int as depth,
          coalesce(extract(epoch from now() - min(run_at) filter (where run_at <= now() and locked_at is null)), 0)::float8 as oldest
        from ${sql.ref(`${schema}.jobs`)}
        where attempts < max_attempts`.execute(db);
      const row = rows[0];
      return { depth: row?.depth ?? 0, oldestDueSeconds: row?.oldest ?? 0 };
    },
  };
}
