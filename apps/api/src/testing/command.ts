import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseOptions } from '../db/database.ts';
import { emptyServerDatabase, onServer } from './harness.ts';

export interface CommandRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs one of the operator commands (`src/cli/<name>.ts`) as `pnpm <name>` does, to its end. */
export function runCommand(name: string, args: string[], env: NodeJS.ProcessEnv): Promise<CommandRun> {
  const script = fileURLToPath(new URL(`../cli/${name}.ts`, import.meta.url));
  const child = spawn(process.execPath, [script, ...args], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * An empty, unmigrated database as a command or a server reads it from the environment: a database
 * on the test PostgreSQL server (VENDO_TEST_DATABASE_URL), else a PGlite folder of its own.
 */
export async function emptyDatabase(): Promise<{
  readonly options: DatabaseOptions;
  readonly env: NodeJS.ProcessEnv;
  drop(): Promise<void>;
}> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vendo-command-'));
  const databaseUrl = await emptyServerDatabase();
  return {
    options: { dataDir, databaseUrl },
    env: databaseUrl ? { DATABASE_URL: databaseUrl } : { VENDO_DATA_DIR: dataDir },
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
      if (databaseUrl) await onServer(`drop database ${new URL(databaseUrl).pathname.slice(1)}`);
    },
  };
}
