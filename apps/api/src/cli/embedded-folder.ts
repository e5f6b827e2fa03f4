// What `backup` and `restore` share: they work on the embedded PGlite folder alone, named by the
// server's own settings, and on one file named on the command line.
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readConfig } from '../config.ts';

/** PGlite writes this file while a process holds the folder open and removes it when it closes. */
const openMark = 'postmaster.pid';

/**
 * The PGlite folder (VENDO_DATA_DIR) the command works on. With DATABASE_URL the data is on a PostgreSQL
 * server, whose own tools do this better: the command says which and exits 1 (docs/backups.md).
 */
export function embeddedFolder(command: 'backup' | 'restore'): string {
  const config = readConfig();
  if (config.databaseUrl) {
    const tool = command === 'backup' ? 'pg_dump -Fc' : 'pg_restore --clean --if-exists';
    console.error(
      `${command}: DATABASE_URL is set: ${command} the PostgreSQL database with ${tool} (docs/backups.md); this command works on the embedded PGlite folder only`,
    );
    process.exit(1);
  }
  return config.dataDir;
}

/**
 * The file named on the command line, from the folder the command was typed in (pnpm passes it as
 * INIT_CWD, as for VENDO_DATA_DIR). `pnpm backup -- file` hands the script the `--` too: it is skipped.
 */
export function fileArgument(usage: string): string {
  const [file] = process.argv.slice(2).filter((arg) => arg !== '--');
  if (!file) {
    console.error(usage);
    process.exit(2);
  }
  return resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

/** A folder PGlite has made a database in. */
export const holdsDatabase = (dataDir: string) => existsSync(join(dataDir, 'PG_VERSION'));

/** A folder a running server has open (or one that crashed, which it leaves marked until its next start). */
export const openElsewhere = (dataDir: string) => existsSync(join(dataDir, openMark));

/** Missing or empty: a folder a restore may fill. */
export const emptyFolder = (dataDir: string) => !existsSync(dataDir) || readdirSync(dataDir).length === 0;
