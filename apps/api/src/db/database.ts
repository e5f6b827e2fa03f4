import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Logger } from '../log.ts';
import { serverPool } from '../server-pool.ts';
import type { Tables } from './schema.ts';

export type Db = Kysely<Tables>;

/** The embedded PGlite behind a Db, for what kysely does not reach (its LISTEN: notifications.ts). */
const embedded = new WeakMap<Db, PGlite>();

/** The embedded PGlite a Db was opened on, or undefined on a PostgreSQL server. */
export const pgliteOf = (db: Db): PGlite | undefined => embedded.get(db);

/** The connection pool behind a Db on a PostgreSQL server, for what kysely does not show (its use: metrics/). */
const pools = new WeakMap<Db, pg.Pool>();

/** The pool a Db was opened on, or undefined on embedded PGlite (one connection, no pool). */
export const poolOf = (db: Db): pg.Pool | undefined => pools.get(db);

const int8 = 20;
/**
 * Sums and balances are bigint (int8). pg hands int8 out as text, PGlite as a number: read both as a
 * number, exact for any amount of cents below 2^53.
 */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === int8 && format !== 'binary'
      ? Number
      : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

export interface DatabaseOptions {
  /** A PostgreSQL server; when absent, embedded PGlite in `dataDir`. */
  readonly databaseUrl?: string | undefined;
  readonly dataDir: string;
  /** Where a broken server connection is reported; silent when absent (a command, a test's second handle). */
  readonly log?: Logger | undefined;
}

/**
 * Opens the one data layer, on a real PostgreSQL server or embedded PGlite. It does not migrate:
 * that is `migrate` (src/db/migrate.ts), run once per deploy, or the embedded server's start.
 */
export async function openDatabase({ databaseUrl, dataDir, log }: DatabaseOptions): Promise<Db> {
  if (!databaseUrl) {
    const pglite = await openPglite(dataDir);
    const db = new Kysely<Tables>({ dialect: new PGliteDialect({ pglite }) });
    embedded.set(db, pglite);
    return db;
  }
  // A broken connection is dropped and a new one opened for the next query; meanwhile /readyz answers 503.
  const pool = serverPool({ connectionString: databaseUrl, max: 10, types }, (error) =>
    log?.error({ err: error }, 'vendo: a database connection broke'),
  );
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  return db;
}

async function openPglite(dataDir: string): Promise<PGlite> {
  // PGlite does not create parent folders itself.
  mkdirSync(dataDir, { recursive: true });
  const pglite = new PGlite(dataDir);
  await pglite.waitReady;
  return pglite;
}
