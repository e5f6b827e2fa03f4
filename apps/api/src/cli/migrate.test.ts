import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { migrationProvider } from '../db/migrations.ts';
import { emptyDatabase, runCommand } from '../testing/command.ts';
import { onPostgres } from '../testing/replicas.ts';

const known = async () => Object.keys(await migrationProvider.getMigrations()).sort();
const appliedLines = (stdout: string) => [...stdout.matchAll(/^migrate: applied (\S+)$/gm)].map((line) => line[1]);

let database: Awaited<ReturnType<typeof emptyDatabase>>;
beforeEach(async () => {
  database = await emptyDatabase();
});
afterEach(() => database.drop());

const runMigrate = () => runCommand('migrate', [], database.env);

/** What the database recorded as applied, read after the commands ended. */
async function recorded() {
  const db = await openDatabase(database.options);
  try {
    return (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows.map(
      (row) => row.name,
    );
  } finally {
    await db.destroy();
  }
}

describe('the migrate command, run once per deploy (issue 16 point 4)', () => {
  it('applies every migration to a fresh database, names each, and exits 0', { timeout: 60_000 }, async () => {
    const run = await runMigrate();

    expect([run.code, appliedLines(run.stdout)]).toEqual([0, await known()]);
  });

  it('applies nothing to a database already migrated, and says so', { timeout: 60_000 }, async () => {
    await runMigrate();

    const again = await runMigrate();

    expect([again.code, appliedLines(again.stdout), /nothing to apply/.test(again.stdout)]).toEqual([0, [], true]);
  });

  it('exits non-zero naming the migration that failed', { timeout: 60_000 }, async () => {
    // A table the first migration creates is already there: the migration fails on it.
    const db = await openDatabase(database.options);
    await sql`create table members (id integer)`.execute(db);
    await db.destroy();
    const [first] = await known();

    const run = await runMigrate();

    expect([run.code, run.stderr]).toEqual([1, expect.stringContaining(`migration ${first} failed`)]);
  });

  it.skipIf(!onPostgres)(
    'applies each migration once when two deploys run it at the same moment on one PostgreSQL database',
    { timeout: 60_000 },
    async () => {
      const runs = await Promise.all([runMigrate(), runMigrate()]);

      expect({
        codes: runs.map((run) => run.code),
        applied: runs.flatMap((run) => appliedLines(run.stdout)).sort(),
        recorded: await recorded(),
      }).toEqual({ codes: [0, 0], applied: await known(), recorded: await known() });
    },
  );
});

describe.skipIf(!onPostgres)('the job queue on PostgreSQL (issue 16 point 2)', () => {
  it('gets its schema from the migrate command, so replicas find it ready', { timeout: 60_000 }, async () => {
    await runMigrate();

    const db = await openDatabase(database.options);
    const { rows } = await sql<{ present: boolean }>`
      select exists (select 1 from information_schema.schemata where schema_name = 'graphile_worker') as present
    `.execute(db);
    await db.destroy();
    expect(rows[0]?.present).toBe(true);
  });
});
