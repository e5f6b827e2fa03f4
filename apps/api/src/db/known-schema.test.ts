import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyServerDatabase, onServer, startTestServer, type TestServer } from '../testing/harness.ts';
import { onPostgres } from '../testing/replicas.ts';
import type { MarkedMigrationProvider } from './compatibility.ts';
import { migrate, migrateDatabase } from './migrate.ts';
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

/**
 * This release's migrations and one more, test-only, as the next release would bring it: applied
 * through the real `migrate`, as that release's deploy would, it is recorded with its mark.
 */
function oneMoreThanKnown(name: string, olderServersMayRun: boolean, statement: string): MarkedMigrationProvider {
  return {
    getMigrations: async () => ({
      ...(await migrationProvider.getMigrations()),
      [name]: {
        olderServersMayRun,
        async up(db) {
          await sql.raw(statement).execute(db);
        },
      },
    }),
  };
}
const additive = oneMoreThanKnown('9998_a_nickname', true, 'alter table members add column nickname text');
const contracting = oneMoreThanKnown('9998_no_contact_info', false, 'alter table machines drop column contact_info');

/** A running server on a database of its own (on PostgreSQL migrated first, as a deploy does). */
async function runningServer(): Promise<TestServer> {
  const databaseUrl = onPostgres ? await emptyPostgres() : undefined;
  if (databaseUrl) await migrateDatabase({ databaseUrl, dataDir: '' });
  const t = await startTestServer(dataFolder(), undefined, databaseUrl);
  cleanups.push(() => t.server.close());
  return t;
}

describe('a replica of the release before, on the schema a newer release migrated (issue 33 point 4)', () => {
  it('starts, ready, when the newer migration is marked safe for older servers', { timeout: 60_000 }, async () => {
    const t = await runningServer();
    await migrate(t.server.deps.db, additive);

    const restarted = await t.restart();
    cleanups.push(() => restarted.server.close());

    expect((await fetch(`${restarted.url}/readyz`)).status).toBe(200);
  });

  it('refuses to start, naming the newer migration not marked safe for it', { timeout: 60_000 }, async () => {
    const t = await runningServer();
    await migrate(t.server.deps.db, contracting);

    const restarted = t.restart();

    await expect(restarted).rejects.toThrow(
      'migrations this release does not know (9998_no_contact_info) and that are not marked safe for an older release',
    );
  });

  it('refuses a migration it does not know that holds no mark at all', { timeout: 60_000 }, async () => {
    const t = await runningServer();
    await sql`insert into kysely_migration (name, timestamp) values (${fromANewerRelease}, ${new Date().toISOString()})`.execute(
      t.server.deps.db,
    );

    const restarted = t.restart();

    await expect(restarted).rejects.toThrow(`migrations this release does not know (${fromANewerRelease})`);
  });

  it("finds nothing to apply as a rollback's migrate command when the newer migrations are safe", {
    timeout: 60_000,
  }, async () => {
    const t = await runningServer();
    await migrate(t.server.deps.db, additive);

    const applied = await migrate(t.server.deps.db);

    expect(applied).toEqual([]);
  });

  it("refuses as a rollback's migrate command, naming a newer migration not marked safe", {
    timeout: 60_000,
  }, async () => {
    const t = await runningServer();
    await migrate(t.server.deps.db, contracting);

    const applying = migrate(t.server.deps.db);

    await expect(applying).rejects.toThrow('migrations this release does not know (9998_no_contact_info)');
  });
});

describe('each migration marked in the database (issue 33 point 4)', () => {
  it('records the mark of every migration applied, the ones before the marks table too', {
    timeout: 60_000,
  }, async () => {
    const t = await runningServer();

    const { rows } = await sql<{ migration: string; older_servers_may_run: boolean }>`
      select migration, older_servers_may_run from schema_compatibility order by migration
    `.execute(t.server.deps.db);

    const marks = Object.entries(await migrationProvider.getMigrations())
      .map(([migration, { olderServersMayRun }]) => ({ migration, older_servers_may_run: olderServersMayRun }))
      .sort((a, b) => a.migration.localeCompare(b.migration));
    expect(rows).toEqual(marks);
  });
});
