// Operator command: loads a tarball written by `backup` into a new, empty PGlite folder (VENDO_DATA_DIR),
// with PGlite's loadDataDir. It never writes over a folder that holds data: restore beside it, then
// point VENDO_DATA_DIR at the new folder. PostgreSQL (DATABASE_URL) is restored with pg_restore (docs/backups.md).
// Usage: VENDO_DATA_DIR=.data-restored pnpm restore -- vendo-2025-01-31.tar.gz
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { embeddedFolder, emptyFolder, fileArgument } from './embedded-folder.ts';

const dataDir = embeddedFolder('restore');
const file = fileArgument('restore: usage: restore <file.tar.gz> (with pnpm: pnpm restore -- <file.tar.gz>)');

if (!existsSync(file)) {
  console.error(`restore: ${file} is not there: name a file written by backup`);
  process.exit(1);
}
if (!emptyFolder(dataDir)) {
  console.error(
    `restore: ${dataDir} already holds data: restore into a new folder (VENDO_DATA_DIR) and point the server at it`,
  );
  process.exit(1);
}
const made = !existsSync(dataDir);
try {
  mkdirSync(dataDir, { recursive: true });
  const pglite = new PGlite(dataDir, { loadDataDir: new Blob([readFileSync(file)]) });
  await pglite.waitReady;
  await pglite.close();
  console.log(`restore: ${file} loaded into ${dataDir}`);
} catch (error) {
  // A file that is no backup leaves the folder as it was found, so the next try starts clean.
  rmSync(dataDir, { recursive: true, force: true });
  if (!made) mkdirSync(dataDir);
  console.error(`restore: ${file} could not be loaded (is it a file written by backup?): ${String(error)}`);
  process.exitCode = 1;
}
