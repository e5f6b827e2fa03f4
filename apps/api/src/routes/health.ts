import { Hono } from 'hono';
import type { Db } from '../db/database.ts';
import type { AppEnv } from '../http/env.ts';
import { readinessOf } from '../services/readiness.ts';

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
