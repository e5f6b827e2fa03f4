import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrationProvider } from '../db/migrations.ts';
import { freshServerDatabase, onServer, startTestServer, type TestServer } from '../testing/harness.ts';
import { type ServerProcess, startServerProcess } from '../testing/process.ts';

const probe = async (t: TestServer, path: string) => {
  const response = await fetch(`${t.url}${path}`);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    cache: response.headers.get('cache-control'),
    body: await response.text(),
  };
};

describe('probes of a ready server (issue 16 point 4)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.close());

  it('answers /healthz with JSON, never the app’s index.html, and no copy kept', async () => {
    const answer = await probe(t, '/healthz');

    expect(answer).toEqual({ status: 200, type: 'application/json', cache: 'no-store', body: '{"status":"ok"}' });
  });

  it('answers /readyz 200 when the database answers and every migration is applied', async () => {
    const answer = await probe(t, '/readyz');

    expect(answer).toEqual({ status: 200, type: 'application/json', cache: 'no-store', body: '{"status":"ready"}' });
  });
});

describe('probes when something is not ready (issue 16 point 4)', () => {
  // A fresh server for each: every test here breaks it. Started in a hook, whose time limit allows a slow first boot.
  let t: TestServer;
  beforeEach(async () => {
    t = await startTestServer();
  });
  afterEach(() => t.close());

  it('answers /readyz 503 naming the database when the database is gone', async () => {
    await t.server.deps.db.destroy();

    const answer = await probe(t, '/readyz');

    expect([answer.status, answer.cache, JSON.parse(answer.body)]).toEqual([
      503,
      'no-store',
      { status: 'not_ready', not_ready: ['database'] },
    ]);
  });

  it('keeps /healthz 200 while the database is gone: an outage is no reason to restart the process', async () => {
    await t.server.deps.db.destroy();

    const answer = await probe(t, '/healthz');

    expect([answer.status, answer.body]).toEqual([200, '{"status":"ok"}']);
  });

  it('answers /readyz 503 naming the migration the database lacks', async () => {
    const newest = Object.keys(await migrationProvider.getMigrations())
      .sort()
      .at(-1);
    await sql`delete from kysely_migration where name = ${newest}`.execute(t.server.deps.db);

    const answer = await probe(t, '/readyz');

    expect([answer.status, JSON.parse(answer.body)]).toEqual([
      503,
      { status: 'not_ready', not_ready: ['migrations'], pending_migrations: [newest] },
    ]);
  });
});

describe.skipIf(!process.env.VENDO_TEST_DATABASE_URL)('probes across a PostgreSQL restart (issue 16 point 4)', () => {
  let server: ServerProcess | undefined;
  let databaseUrl: string | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'vendo-health-'));
  afterAll(async () => {
    await server?.kill();
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await onServer(`drop database ${new URL(databaseUrl).pathname.slice(1)}`);
  });

  it('keeps the process up when the server ends its connections, and ready again once it answers', {
    timeout: 60_000,
  }, async () => {
    const url = await freshServerDatabase();
    if (!url) throw new Error('VENDO_TEST_DATABASE_URL names no PostgreSQL server');
    databaseUrl = url;
    server = await startServerProcess({ dataDir, databaseUrl: url });
    // A ready answer leaves the pool holding idle connections, the ones a restart ends.
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

    await onServer(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${new URL(url).pathname.slice(1)}'`,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    const status = await fetch(`${server.url}/readyz`).then(
      (response) => response.status,
      () => 'refused',
    );
    // What an exited server printed last says why it ended.
    const last = server.child.exitCode === null ? '' : server.output.slice(-30).join('\n');
    expect([status, server.child.exitCode, last]).toEqual([200, null, '']);
  });
});
