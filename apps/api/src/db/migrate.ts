import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { prepareJobQueue } from '../jobs/durable-scheduler.ts';
import { type MarkedMigrationProvider, recordedMarks, recordingMarks } from './compatibility.ts';
import { type DatabaseOptions, type Db, openDatabase } from './database.ts';
import { migrationProvider } from './migrations.ts';

/** What the database has recorded (kysely's migration table) against what this code knows. */
export interface MigrationStatus {
  /** Known here, not yet applied there: `migrate` applies them. */
  readonly pending: string[];
  /** Applied there, unknown here: a newer release migrated the database. */
  readonly unknown: string[];
  /** Of `unknown`, those not marked there as safe for an older server (or not marked at all). */
  readonly notSafeHere: string[];
}

export async function migrationStatus(
  db: Db,
  provider: MarkedMigrationProvider = migrationProvider,
): Promise<MigrationStatus> {
  const table = sql<{ present: boolean }>`select to_regclass('kysely_migration') is not null as present`;
  const { rows } = await table.execute(db);
  const applied = rows[0]?.present
    ? (await sql<{ name: string }>`select name from kysely_migration`.execute(db)).rows.map((row) => row.name)
    : [];
  const known = Object.keys(await provider.getMigrations());
  const unknown = applied.filter((name) => !known.includes(name)).sort();
  // Read only when there is something to judge: /readyz asks for the status on every probe.
  const marks = unknown.length > 0 ? await recordedMarks(db) : new Map<string, boolean>();
  return {
    pending: known.filter((name) => !applied.includes(name)).sort(),
    unknown,
    notSafeHere: unknown.filter((name) => marks.get(name) !== true),
  };
}

/** A database a newer release migrated in a way this release must not run on. */
export class SchemaTooNew extends Error {
  readonly migrations: string[];
  constructor(migrations: string[]) {
    super(
      `the database has migrations this release does not know (${migrations.join(', ')}) and that are not marked ` +
        'safe for an older release: a newer release migrated it; run that release, or this one on a database of its own',
    );
    this.migrations = migrations;
  }
}

/** A migration that failed to apply, by name; the ones before it stay applied. */
export class MigrationFailed extends Error {
  readonly migration: string;
  constructor(migration: string, cause: unknown) {
    super(`migration ${migration} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.migration = migration;
  }
}

/**
 * Applies the pending migrations and answers their names, recording each one's mark. On PostgreSQL
 * kysely's migrator holds an advisory lock while it reads what is applied and applies the rest, so two
 * runs at the same moment apply each migration once: the second finds nothing left. The release before
 * (a rollback's `migrate`) finds nothing to apply on a schema newer by safe migrations only.
 */
export async function migrate(db: Db, provider: MarkedMigrationProvider = migrationProvider): Promise<string[]> {
  const { pending, unknown, notSafeHere } = await migrationStatus(db, provider);
  if (notSafeHere.length > 0) throw new SchemaTooNew(notSafeHere);
  // kysely would call a schema with migrations it has no code for corrupted.
  if (unknown.length > 0 && pending.length === 0) return [];
  const migrations = await recordingMarks(provider);
  const { error, results = [] } = await new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  }).migrateToLatest();
  if (error)
    throw new MigrationFailed(results.find((result) => result.status === 'Error')?.migrationName ?? '?', error);
  return results.map((result) => result.migrationName);
}

/** The `migrate` command's work, also how the tests prepare a fresh PostgreSQL database. */
export async function migrateDatabase(options: DatabaseOptions): Promise<string[]> {
  const db = await openDatabase(options);
  try {
    const applied = await migrate(db);
    // The job queue's own schema too, so replicas find it ready (they would create it safely, but late).
    if (options.databaseUrl) await prepareJobQueue(options.databaseUrl);
    return applied;
  } finally {
    await db.destroy();
  }
}

/**
 * Refuses a database whose schema this code cannot run on: one lacking migrations, or holding a newer
 * release's migrations not all marked safe for older servers (a schema newer by safe ones only is
 * fine: a rollback's replicas start on it). `migrateHere` (embedded PGlite: one process, nobody else to
 * run `migrate`) applies what is pending; otherwise pending migrations are the deploy's `migrate`
 * command's to apply, once, before the replicas start.
 */
export async function requireKnownSchema(db: Db, { migrateHere }: { migrateHere: boolean }): Promise<void> {
  const { pending, notSafeHere } = await migrationStatus(db);
  if (notSafeHere.length > 0) throw new SchemaTooNew(notSafeHere);
  if (pending.length === 0) return;
  if (migrateHere) {
    await migrate(db);
    return;
  }
  throw new Error(
    `the database lacks migrations ${pending.join(', ')}: run \`pnpm migrate\` with this DATABASE_URL once, then start the servers`,
  );
}
