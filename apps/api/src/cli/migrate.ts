// Deploy command: applies the pending migrations to the database the server is configured for
// (DATABASE_URL, else the PGlite folder VENDO_DATA_DIR), once per deploy, before the servers start.
// Usage: pnpm migrate
import { readConfig } from '../config.ts';
import { MigrationFailed, migrateDatabase } from '../db/migrate.ts';

const config = readConfig();
// Where, without the URL itself: it carries the database password.
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : config.dataDir;
try {
  const applied = await migrateDatabase(config);
  for (const name of applied) console.log(`migrate: applied ${name}`);
  console.log(
    applied.length > 0
      ? `migrate: ${where} is up to date (${applied.length} applied)`
      : `migrate: ${where} was up to date: nothing to apply`,
  );
} catch (error) {
  console.error(`migrate: ${error instanceof MigrationFailed ? error.message : `failed: ${String(error)}`}`);
  process.exitCode = 1;
}
