import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** Processes this worker started: stopped when it stops, even when it stops abruptly. */
const started = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of started) child.kill('SIGKILL');
});

export function start(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; fd3?: boolean } = {}) {
  const child = spawn(command, args, {
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'ignore', 'pipe', ...(options.fd3 ? (['pipe'] as const) : [])],
  });
  started.add(child);
  child.once('exit', () => started.delete(child));
  // Kept for an error message, should it fail to start.
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-2_000);
  });
  return { child, errors: () => errors };
}

/** Stops a process and waits for its end (SIGKILL after 5 s). */
export async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const ended = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await ended;
  clearTimeout(timer);
}

/** A TCP port nobody listens on now (the system's choice). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** Asks until `ready` answers true, or fails after `ms`. */
export async function until(what: string, ms: number, ready: () => Promise<boolean>) {
  const deadline = Date.now() + ms;
  while (!(await ready().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what} did not start within ${ms / 1000} s`);
    await sleep(100);
  }
}
