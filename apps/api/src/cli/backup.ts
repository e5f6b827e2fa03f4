// Operator command: writes the embedded PGlite database (VENDO_DATA_DIR) to one gzipped tarball, PGlite's
// own dump of its data folder. The server must be stopped: PGlite is one process, and a copy taken beside
// a running server could miss what it has not written yet. PostgreSQL (DATABASE_URL) is backed up with
// pg_dump (docs/backups.md).
// Usage: pnpm backup -- vendo-2025-01-31.tar.gz
import { writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { embeddedFolder, fileArgument, holdsDatabase, openElsewhere } from './embedded-folder.ts';

const dataDir = embeddedFolder('backup');
const file = fileArgument('backup: usage: backup <file.tar.gz> (with pnpm: pnpm backup -- <file.tar.gz>)');

if (!holdsDatabase(dataDir)) {
  console.error(`backup: ${dataDir} holds no database: nothing to back up (is VENDO_DATA_DIR right?)`);
  process.exit(1);
}
if (openElsewhere(dataDir)) {
  console.error(
    `backup: ${dataDir} is in use: stop the server first (PGlite is one process); if none runs, the last one was killed: start and stop it once`,
  );
  process.exit(1);
}
try {
  const pglite = new PGlite(dataDir);
  // Its dump waits on a database already open: asked before, it never settles.
  await pglite.waitReady;
  const tarball = await pglite.dumpDataDir('gzip');
  await pglite.close();
  // It holds every member's session and the ledger: readable by its owner alone, and never over another file.
  writeFileSync(file, Buffer.from(await tarball.arrayBuffer()), { mode: 0o600, flag: 'wx' });
  console.log(`backup: ${dataDir} written to ${file} (${tarball.size} bytes)`);
} catch (error) {
  const exists = (error as NodeJS.ErrnoException).code === 'EEXIST';
  console.error(`backup: ${exists ? `${file} is already there: name a new file` : `failed: ${String(error)}`}`);
  process.exitCode = 1;
}
