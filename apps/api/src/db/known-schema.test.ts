import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyServerDatabase, onServer, startTestServer, type TestServer } from '../testing/harness.ts';
import { onPostgres } from '../testing/replicas.ts';
import { migrateDatabase } from './migrate.ts';
import { migrationProvider } from './migrations.ts';

const known = async () => Object.keys(await migrationProvider.getMigrations()).sort();
const fromANewerRelease = '9999_from_a_newer_release';

let cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

/** An empty, unmigrated database on the test PostgreSQL server, dropped after the test. */
async function emptyPostgres(): Promise<string> {
  const url = await emptyServerDatabase();
  if (!url) throw new Error('VENDO_TEST_DATABASE_URL names no PostgreSQL server');
  cleanups.push(() => onServer(`drop database ${new URL(url).pathname.slice(1)}`));
  return url;
}

/** A data folder of its own, removed after the test. */
function dataFolder(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'vendo-schema-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  return dataDir;
}

describe.skipIf(!onPostgres)('a replica on PostgreSQL starts only on the schema it knows (issue 16 point 4)', () => {
  it('refuses to start while migrations are pending, naming them and the migrate command', {
    timeout: 30_000,
  }, async () => {
    const databaseUrl = await emptyPostgres();

    const start = startTestServer(dataFolder(), undefined, databaseUrl);

    await expect(start).rejects.toThrow(`the database lacks migrations ${(await known()).join(', ')}`);
    await expect(start).rejects.toThrow('pnpm migrate');
  });

  it('starts once the migrate command has run, having refused before it', { timeout: 30_000 }, async () => {
    const databaseUrl = await emptyPostgres();
    await expect(startTestServer(dataFolder(), undefined, databaseUrl)).rejects.toThrow('pnpm migrate');
    await migrateDatabase({ databaseUrl, dataDir: '' });

    const t = await startTestServer(dataFolder(), undefined, databaseUrl);
    cleanups.push(() => t.server.close());

    expect((await fetch(`${t.url}/readyz`)).status).toBe(200);
  });
});

describe('no replica starts on a database a newer release migrated (issue 16 point 4)', () => {
  it('refuses to start, naming the migrations it does not know', { timeout: 60_000 }, async () => {
    const dataDir = dataFolder();
    const databaseUrl = onPostgres ? await emptyPostgres() : undefined;
    if (databaseUrl) await migrateDatabase({ databaseUrl, dataDir: '' });
    const t: TestServer = await startTestServer(dataDir, undefined, databaseUrl);
    cleanups.push(() => t.server.close());
    await sql`insert into kysely_migration (name, timestamp) values (${fromANewerRelease}, ${new Date().toISOString()})`.execute(
      t.server.deps.db,
    );

    const restarted = t.restart();

    await expect(restarted).rejects.toThrow(`migrations this release does not know (${fromANewerRelease})`);
  });
});
