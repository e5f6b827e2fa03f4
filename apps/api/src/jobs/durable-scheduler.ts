import { Logger as JobLogger, type Runner, run, runMigrations } from 'graphile-worker';
import { type QueryExecutorProvider, sql } from 'kysely';
import type { Clock } from '../domain/clock.ts';
import type { Logger } from '../log.ts';
import type { Job, JobHandler, Scheduler } from './scheduler.ts';

/** How a replica works off the queue every replica shares. */
export const durableJobSettings = {
  /** Due jobs are looked for this often (ms): a step runs at most about this late. */
  pollIntervalMs: 500,
  /** Jobs one replica runs at once; each settles one row. */
  concurrency: 4,
  /** The job library's own schema, created (and migrated) by the first replica that starts. */
  schema: 'graphile_worker',
} as const;

const task = 'vendo_job';

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
  const { schema } = durableJobSettings;
  return {
    async at(time, job, options = {}) {
      // A delay, not a date: the database's clock decides when it is due, whatever this process's says.
      const delaySeconds = Math.max(0, time.getTime() - clock.now().getTime()) / 1000;
      await sql`select ${sql.ref(`${schema}.add_job`)}(
        ${task},
        ${JSON.stringify(job)}::json,
        run_at => clock_timestamp() + make_interval(secs => ${delaySeconds}::float8),
        job_key => ${options.key ?? null}::text,
        job_key_mode => 'preserve_run_at'
      )`.execute(options.within ?? db);
    },
    async start(handle: JobHandler) {
      runner = await run({
        connectionString,
        schema,
        concurrency: durableJobSettings.concurrency,
        maxPoolSize: durableJobSettings.concurrency + 2,
        pollInterval: durableJobSettings.pollIntervalMs,
        noHandleSignals: true,
        logger: jobLogger(log),
        crontab: '',
        taskList: { [task]: (payload) => handle(payload as Job) },
      });
    },
    async stop() {
      await runner?.stop();
      runner = null;
    },
  };
}
