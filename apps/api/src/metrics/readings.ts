import { collectDefaultMetrics, Gauge } from 'prom-client';
import { type Db, poolOf } from '../db/database.ts';
import type { Scheduler } from '../jobs/scheduler.ts';
import type { Metrics } from './metrics.ts';

/**
 * What is read when /metrics is scraped rather than counted as it happens: the job queue (graphile-worker's
 * on PostgreSQL, this process's timers on PGlite), the database pool, and the process itself (memory, CPU,
 * event loop lag, via prom-client's default metrics on this server's registry).
 */
export function watchReadings(metrics: Metrics, from: { db: Db; jobs: Pick<Scheduler, 'backlog'> }) {
  const registers = [metrics.registry];
  const backlog = () => from.jobs.backlog();
  new Gauge({
    name: 'vendo_job_queue_depth',
    help: 'Jobs waiting to run (deal steps, card-link steps, automatic top-ups, clean-up).',
    registers,
    async collect() {
      this.set((await backlog()).depth);
    },
  });
  new Gauge({
    name: 'vendo_job_oldest_due_age_seconds',
    help: 'How long the job due the longest has waited past its time (0 when none is due).',
    registers,
    async collect() {
      this.set((await backlog()).oldestDueSeconds);
    },
  });
  const pool = poolOf(from.db);
  new Gauge({
    name: 'vendo_db_pool_connections',
    help: 'Database connections by state: total, idle, and waiting (queries waiting for one). Embedded PGlite is one connection.',
    labelNames: ['state'],
    registers,
    collect() {
      // Embedded PGlite has no pool: its one connection is always open, and queries queue inside it.
      this.set({ state: 'total' }, pool?.totalCount ?? 1);
      this.set({ state: 'idle' }, pool?.idleCount ?? 0);
      this.set({ state: 'waiting' }, pool?.waitingCount ?? 0);
    },
  });
  collectDefaultMetrics({ register: metrics.registry });
}
