// The journeys' second run: two API processes on a fresh PostgreSQL database behind HAProxy, serving
// the built app on E2E_PORT, until stopped. Writes the replicas' process ids where a journey that
// kills one finds them (E2E_REPLICAS_STATE).
import { rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freshServerDatabase, onServer } from './harness.ts';
import { startLoadBalanced } from './load-balancer.ts';
import { testRelease } from './process.ts';

const port = Number(process.env.E2E_PORT ?? 4173);
const databaseUrl = await freshServerDatabase();
if (!databaseUrl) throw new Error('serve-replicas: set VENDO_TEST_DATABASE_URL to a PostgreSQL server');

// With VENDO_TEST_RELEASE the replicas are the release as an operator starts it, serving its own web app.
const webRoot = testRelease ? undefined : fileURLToPath(new URL('../../../web/dist', import.meta.url));
const balanced = await startLoadBalanced({
  databaseUrl,
  port,
  release: testRelease,
  env: {
    ...((process.env.VENDO_WEB_ROOT ?? webRoot) ? { VENDO_WEB_ROOT: process.env.VENDO_WEB_ROOT ?? webRoot } : {}),
    VENDO_PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    // HAProxy on this machine forwards each journey's address.
    VENDO_TRUST_PROXY: 'loopback',
    VENDO_ADDRESS_LIMITS_SCALE: process.env.VENDO_ADDRESS_LIMITS_SCALE ?? '1000',
    VENDO_RENDERS_PER_SECOND: process.env.VENDO_RENDERS_PER_SECOND ?? '1000',
  },
});
const stateFile = process.env.E2E_REPLICAS_STATE;
if (stateFile)
  writeFileSync(stateFile, JSON.stringify({ pids: balanced.replicas.map((replica) => replica.child.pid) }));
console.log(
  `vendo: ${balanced.replicas.length} replicas${testRelease ? ` of the release ${testRelease}` : ''} behind HAProxy on ${balanced.url}`,
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    if (stopping) return;
    stopping = true;
    await balanced.close();
    if (stateFile) rmSync(stateFile, { force: true });
    await onServer(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
    process.exit(0);
  });
}
