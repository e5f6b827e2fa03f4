// What the benchmarks share: Debian's Chromium, free ports, and the production server as a child process.
import { type ChildProcess, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

/** Debian's Chromium (or CHROMIUM_PATH); never downloads a browser. */
export function findChromium(bench: string): string {
  if (process.env.CHROMIUM_PATH) {
    if (!existsSync(process.env.CHROMIUM_PATH))
      throw new Error(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist`);
    return process.env.CHROMIUM_PATH;
  }
  try {
    return execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim();
  } catch {
    console.error(`${bench}: Chromium is missing (\`which chromium\` found nothing). No browser is downloaded:`);
    console.error("install Debian's: sudo apt-get update && sudo apt-get install -y chromium (or set CHROMIUM_PATH)");
    process.exit(1);
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Resolves when the child has exited, or after `ms` if it has not. */
export function exited(child: ChildProcess, ms: number): Promise<void> {
  if (hasExited(child)) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Stops a child and waits for it to go: SIGTERM, then SIGKILL when it does not go within the grace time. */
export async function stop(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (hasExited(child)) return;
  child.kill('SIGTERM');
  await exited(child, graceMs);
  if (!hasExited(child)) {
    child.kill('SIGKILL');
    await exited(child, graceMs);
  }
}

/** The production server (`node apps/api/src/main.ts`) on a free port; resolves its URL once it listens. */
export function startServer(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start within 60 s')), 60_000);
    child.once('exit', (code) => reject(new Error(`the server exited with ${code} before listening`)));
    let output: string | null = '';
    // Keeps reading (and dropping) the log after the start, so a full pipe never blocks the server.
    child.stdout?.on('data', (chunk: Buffer) => {
      if (output === null) return;
      output += String(chunk);
      const url = /on (http:\/\/[^\s"]+)/.exec(output)?.[1];
      if (!url) return;
      output = null;
      clearTimeout(timer);
      resolve(url.replace('localhost', '127.0.0.1'));
    });
  });
}

export async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
