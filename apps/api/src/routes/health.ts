import { Hono } from 'hono';
import type { Db } from '../db/database.ts';
import { migrationStatus } from '../db/migrate.ts';
import type { AppEnv } from '../http/env.ts';

/** What /readyz names when it answers 503. */
export type NotReady = 'shutting_down' | 'database' | 'migrations';

export type Readiness =
  | { readonly status: 'ready' }
  | { readonly status: 'not_ready'; readonly not_ready: NotReady[]; readonly pending_migrations?: string[] };

/** A database slower than this to answer a probe is not ready: the load balancer gets an answer, not a hang. */
const probeTimeoutMs = 2_000;

/**
 * Probes for a process manager and a load balancer. /healthz says the process answers at all (a
 * restart helps when it does not), so it never touches the database: a database outage must not
 * get every replica restarted. /readyz says this replica should get traffic.
 * Answers are never stored: a cached "ready" would outlive the replica.
 */
export function healthRoutes(db: Db, shuttingDown: () => boolean) {
  const app = new Hono<AppEnv>();
  app.get('/healthz', (c) => c.json({ status: 'ok' }, 200, { 'Cache-Control': 'no-store' }));
  app.get('/readyz', async (c) => {
    const readiness = await readinessOf(db, shuttingDown);
    return c.json(readiness, readiness.status === 'ready' ? 200 : 503, { 'Cache-Control': 'no-store' });
  });
  return app;
}

async function readinessOf(db: Db, shuttingDown: () => boolean): Promise<Readiness> {
  // Checked first and without the database: during a shutdown the database is about to close.
  if (shuttingDown()) return { status: 'not_ready', not_ready: ['shutting_down'] };
  let pending: string[];
  try {
    ({ pending } = await withTimeout(migrationStatus(db), probeTimeoutMs));
  } catch {
    // The reason stays out of the answer: it can name the database's host, and /readyz is public.
    return { status: 'not_ready', not_ready: ['database'] };
  }
  if (pending.length > 0) return { status: 'not_ready', not_ready: ['migrations'], pending_migrations: pending };
  return { status: 'ready' };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
