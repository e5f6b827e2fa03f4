// Loads the demo world into a database that has none (DATABASE_URL, else the PGlite folder
// VENDO_DATA_DIR). `--reset` empties every data table first, as the dev control's reset does.
// Usage: pnpm seed [--reset]
import { readConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { requireKnownSchema } from '../db/migrate.ts';
import { reseed, seedIfEmpty } from '../seed/seed.ts';

const reset = process.argv.includes('--reset');
const config = readConfig();
const db = await openDatabase(config);
try {
  // As the server would: PGlite is migrated here, PostgreSQL must have been by `migrate`.
  await requireKnownSchema(db, { migrateHere: !config.databaseUrl });
  if (reset) {
    await reseed(db);
    console.log('seed: every data table emptied and the demo world loaded');
  } else if (await seedIfEmpty(db)) {
    console.log('seed: demo world loaded');
  } else {
    console.log(
      'seed: the demo world is already there (the database has machines): nothing loaded; --reset empties it and loads the demo world',
    );
  }
} catch (error) {
  console.error(`seed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
