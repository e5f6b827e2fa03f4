import type { Db } from '../db/database.ts';
import { migrationStatus } from '../db/migrate.ts';

/** What /readyz names when it answers 503. */
export type NotReady = 'shutting_down' | 'database' | 'migrations';

export type Readiness =
  | { readonly status: 'ready' }
  | { readonly status: 'not_ready'; readonly not_ready: NotReady[]; readonly pending_migrations?: string[] };

/** A database slower than this to answer a probe is not ready: the load balancer gets an answer, not a hang. */
const probeTimeoutMs = 2_000;

/** Whether this replica should get traffic: not while it shuts down, nor without its database and migrations. */
export async function readinessOf(db: Db, shuttingDown: () => boolean): Promise<Readiness> {
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
