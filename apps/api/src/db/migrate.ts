import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { prepareJobQueue } from '../jobs/durable-scheduler.ts';
import { type DatabaseOptions, type Db, openDatabase } from './database.ts';
import { migrationProvider } from './migrations.ts';

/** What the database has recorded (kysely's migration table) against what this code knows. */
export interface MigrationStatus {
  /** Known here, not yet applied there: `migrate` applies them. */
  readonly pending: string[];
  /** Applied there, unknown here: a newer release migrated the database. */
  readonly unknown: string[];
}

export async function migrationStatus(db: Db): Promise<MigrationStatus> {
  const table = sql<{ present: boolean }>`select to_regclass('kysely_migration') is not null as present`;
  const { rows } = await table.execute(db);
  const applied = rows[0]?.present
    ? (await sql<{ name: string }>`select name from kysely_migration`.execute(db)).rows.map((row) => row.name)
    : [];
  const known = Object.keys(await migrationProvider.getMigrations());
  return {
    pending: known.filter((name) => !applied.includes(name)).sort(),
    unknown: applied.filter((name) => !known.includes(name)).sort(),
  };
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
 * Applies the pending migrations and answers their names. On PostgreSQL kysely's migrator holds an
 * advisory lock while it reads what is applied and applies the rest, so two runs at the same moment
 * apply each migration once: the second finds nothing left.
 */
export async function migrate(db: Db): Promise<string[]> {
  const { error, results = [] } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
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
 * Refuses a database whose schema this code does not know. `migrateHere` (embedded PGlite: one
 * process, nobody else to run `migrate`) applies what is pending; otherwise pending migrations are
 * the deploy's `migrate` command's to apply, once, before the replicas start.
 */
export async function requireKnownSchema(db: Db, { migrateHere }: { migrateHere: boolean }): Promise<void> {
  const { pending, unknown } = await migrationStatus(db);
  if (unknown.length > 0) {
    throw new Error(
      `the database has migrations this release does not know (${unknown.join(', ')}): a newer release migrated it; ` +
        'run that release, or this one on a database of its own',
    );
  }
  if (pending.length === 0) return;
  if (migrateHere) {
    await migrate(db);
    return;
  }
  throw new Error(
    `the database lacks migrations ${pending.join(', ')}: run \`pnpm migrate\` with this DATABASE_URL once, then start the servers`,
  );
}
