import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('../main.ts', import.meta.url));

export interface ServerProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** Every line the process printed so far (stdout and stderr). */
  readonly output: string[];
  /** SIGKILL: the process stops where it is, as in a crash. */
  kill(): Promise<void>;
  /** SIGTERM: the process closes cleanly. */
  stop(): Promise<void>;
}

/**
 * The API as its start command runs it, in a process of its own, on the given data (a PGlite
 * folder or a PostgreSQL database), so a test can kill it mid-request and start it again.
 */
export async function startServerProcess(
  data: { dataDir: string; databaseUrl?: string | undefined },
  env: NodeJS.ProcessEnv = {},
  /** false: after the start line, what the process prints is drained unread (a bench's request lines). */
  keepOutput = true,
): Promise<ServerProcess> {
  const webRoot = mkdtempSync(join(tmpdir(), 'vendo-web-'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Vendo</title>');
  const child = spawn(process.execPath, [main], {
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      VENDO_DATA_DIR: data.dataDir,
      // The tests' world is the demo world, which a server on PostgreSQL loads only when told to.
      ...(data.databaseUrl ? { DATABASE_URL: data.databaseUrl, VENDO_DEMO: '1' } : {}),
      VENDO_WEB_ROOT: webRoot,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        output.push(line);
        // A JSON log line: the URL ends at the closing quote of its message.
        const found = /serving the app and the reference API on ([^\s"]+)/.exec(line);
        if (!found?.[1]) continue;
        resolve(found[1]);
        if (keepOutput) continue;
        for (const stream of [child.stdout, child.stderr]) stream?.removeListener('data', read).resume();
        return;
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}): ${output.join('\n')}`)));
  });
  return {
    url,
    child,
    output,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
