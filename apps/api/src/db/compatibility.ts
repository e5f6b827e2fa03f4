import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/** A migration, marked with whether a server of an earlier release may still run on the schema it leaves. */
export interface MarkedMigration extends Migration {
  /**
   * True for a change an older server does not notice: a new table, a nullable or defaulted column, a
   * new index. False when it drops, renames or retypes something, or changes what older code reads.
   */
  readonly olderServersMayRun: boolean;
}

/** Where `migrate` finds its migrations: this release's, or in a test one more than a server knows. */
export interface MarkedMigrationProvider {
  getMigrations(): Promise<Record<string, MarkedMigration>>;
}

/** Keeps a migration's mark where servers that do not know the migration read it. */
export async function recordMark(db: Kysely<unknown>, migration: string, olderServersMayRun: boolean) {
  await sql`insert into schema_compatibility (migration, older_servers_may_run) values (${migration}, ${olderServersMayRun})`.execute(
    db,
  );
}

/** Each marked migration, true when marked safe for older servers; none before 0009 made the table. */
export async function recordedMarks<Schema>(db: Kysely<Schema>): Promise<Map<string, boolean>> {
  if (!(await holdsMarks(db))) return new Map();
  const { rows } = await sql<{
    migration: string;
    older_servers_may_run: boolean;
  }>`select migration, older_servers_may_run from schema_compatibility`.execute(db);
  return new Map(rows.map((row) => [row.migration, row.older_servers_may_run]));
}

/**
 * The provider's migrations as kysely runs them, each recording its mark as it is applied: in the same
 * transaction as kysely's own record of it, so no migration is ever applied unmarked. The ones before
 * the table existed are recorded by the migration that makes it.
 */
export async function recordingMarks(provider: MarkedMigrationProvider): Promise<Record<string, Migration>> {
  const migrations = await provider.getMigrations();
  return Object.fromEntries(
    Object.entries(migrations).map(([name, migration]) => [
      name,
      {
        async up(db: Kysely<unknown>) {
          await migration.up(db);
          if (await holdsMarks(db)) await recordMark(db, name, migration.olderServersMayRun);
        },
      },
    ]),
  );
}

async function holdsMarks<Schema>(db: Kysely<Schema>): Promise<boolean> {
  const table = sql<{ present: boolean }>`select to_regclass('schema_compatibility') is not null as present`;
  return Boolean((await table.execute(db)).rows[0]?.present);
}
