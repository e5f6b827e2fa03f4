import { rmSync } from 'node:fs';
import { freshServerDatabase, startTestServer, type TestServer } from './harness.ts';

/** Why a test of several processes is skipped: PGlite is one process's own database. */
export const replicasNeedPostgres =
  'two processes share one database only on PostgreSQL: set VENDO_TEST_DATABASE_URL to run it (PGlite is one process)';

/** True when the suite runs on the test PostgreSQL server, where several replicas can share a database. */
export const onPostgres = Boolean(process.env.VENDO_TEST_DATABASE_URL);

/** Two API processes ("replicas") on one fresh PostgreSQL database, as behind a load balancer. */
export async function startReplicas(): Promise<{ a: TestServer; b: TestServer; close(): Promise<void> }> {
  const databaseUrl = await freshServerDatabase();
  if (!databaseUrl) throw new Error(replicasNeedPostgres);
  // Migrated by freshServerDatabase, as a deploy's `migrate` would; one after the other: the first
  // loads the demo world, the second finds it there.
  const a = await startTestServer(undefined, undefined, databaseUrl);
  const b = await startTestServer(undefined, undefined, databaseUrl);
  return {
    a,
    b,
    async close() {
      // B only stops (its close would drop the database A still uses); A's close drops it.
      await b.server.close();
      rmSync(b.webRoot, { recursive: true, force: true });
      rmSync(b.dataDir, { recursive: true, force: true });
      await a.close();
    },
  };
}
