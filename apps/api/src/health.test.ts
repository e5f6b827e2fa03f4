import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrationProvider } from './db/migrations.ts';
import { startTestServer, type TestServer } from './testing/harness.ts';

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
  let t: TestServer | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers /readyz 503 naming the database when the database is gone', async () => {
    t = await startTestServer();
    await t.server.deps.db.destroy();

    const answer = await probe(t, '/readyz');

    expect([answer.status, answer.cache, JSON.parse(answer.body)]).toEqual([
      503,
      'no-store',
      { status: 'not_ready', not_ready: ['database'] },
    ]);
  });

  it('keeps /healthz 200 while the database is gone: an outage is no reason to restart the process', async () => {
    t = await startTestServer();
    await t.server.deps.db.destroy();

    const answer = await probe(t, '/healthz');

    expect([answer.status, answer.body]).toEqual([200, '{"status":"ok"}']);
  });

  it('answers /readyz 503 naming the migration the database lacks', async () => {
    t = await startTestServer();
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
