import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { migrateDatabase } from '../db/migrate.ts';
import { type ServerProcess, startServerProcess } from './process.ts';

export interface LoadBalancedOptions {
  /** The PostgreSQL database every replica shares. */
  readonly databaseUrl: string;
  /** Where HAProxy listens (127.0.0.1); 0 is not allowed, as HAProxy does not say which port it took. */
  readonly port: number;
  readonly replicas?: number;
  /** Settings every replica gets (VENDO_WEB_ROOT, limits…). */
  readonly env?: NodeJS.ProcessEnv;
  /** false: the replicas' output is drained unread once they started (a bench's request lines). */
  readonly keepOutput?: boolean;
  /** HAProxy's executable: VENDO_TEST_HAPROXY, else `haproxy` on the PATH. */
  readonly haproxy?: string;
  /** A release folder (`pnpm release`): its migrate.js and main.js run instead of the sources. */
  readonly release?: string | undefined;
}

export interface LoadBalanced {
  /** The load balancer's address: members and tests talk to it only. */
  readonly url: string;
  readonly replicas: readonly ServerProcess[];
  close(): Promise<void>;
}

/**
 * HAProxy as an operator would put it in front of the API (README "Several replicas"): round-robin,
 * WebSocket upgrades (the keypad) passed through, and replicas taken out by their /readyz.
 * A request that found a replica gone (connection refused) goes to another; a request a dying
 * replica had already received is retried elsewhere only when it is a read, as nothing else is
 * known to be safe to send twice.
 */
export function haproxyConfig(port: number, replicaPorts: readonly number[]): string {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    // Longer than the API's own 65 s keep-alive, so the API closes idle connections first.
    '  timeout client 70s',
    '  timeout server 70s',
    '  timeout http-keep-alive 60s',
    // An open keypad socket.
    '  timeout tunnel 1h',
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response response-timeout',
    'frontend app',
    `  bind 127.0.0.1:${port}`,
    '  option forwardfor',
    '  http-request disable-l7-retry unless METH_GET || METH_HEAD',
    '  default_backend replicas',
    'backend replicas',
    '  balance roundrobin',
    '  option httpchk GET /readyz',
    '  http-check expect status 200',
    '  default-server inter 500ms fall 2 rise 1',
    ...replicaPorts.map((replica, index) => `  server replica${index + 1} 127.0.0.1:${replica} check`),
    '',
  ].join('\n');
}

const portOf = (url: string) => Number(new URL(url).port);
const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

async function waitUntilReady(url: string, haproxy: ChildProcess, output: string[]) {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (!running(haproxy)) throw new Error(`HAProxy exited (${haproxy.exitCode}): ${output.join('')}`);
    const answer = await fetch(`${url}/readyz`).catch(() => null);
    if (answer?.ok) return;
    await sleep(100);
  }
  throw new Error(`HAProxy at ${url} never answered /readyz: ${output.join('')}`);
}

/** The release's own migrate command, as an operator runs it before starting its replicas. */
function migrateWithRelease(release: string, databaseUrl: string) {
  const result = spawnSync(process.execPath, [join(release, 'migrate.js')], {
    env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`${release}/migrate.js failed (${result.status}): ${result.stderr}`);
}

/** N API processes on one PostgreSQL database behind HAProxy. */
export async function startLoadBalanced(options: LoadBalancedOptions): Promise<LoadBalanced> {
  const count = options.replicas ?? 2;
  // As a deploy does: the migrate command once, then every replica at the same moment (the first to
  // take the demo world's lock loads it).
  if (options.release) migrateWithRelease(options.release, options.databaseUrl);
  else await migrateDatabase({ databaseUrl: options.databaseUrl, dataDir: '' });
  const replicas: ServerProcess[] = await Promise.all(
    Array.from({ length: count }, () =>
      startServerProcess(
        { dataDir: mkdtempSync(join(tmpdir(), 'vendo-replica-')), databaseUrl: options.databaseUrl },
        // Members reach the replicas at the balancer's address: what they are handed starts with it, and the
        // dev control answers requests that name it.
        { VENDO_PUBLIC_ORIGIN: `http://127.0.0.1:${options.port}`, ...options.env },
        options.keepOutput,
        options.release ? join(options.release, 'main.js') : undefined,
      ),
    ),
  );
  const stopReplicas = () =>
    Promise.all(replicas.map((replica) => (running(replica.child) ? replica.stop() : undefined)));
  try {
    const balancer = await startHaproxy({
      port: options.port,
      servers: replicas.map((replica) => portOf(replica.url)),
      haproxy: options.haproxy,
    });
    return {
      url: balancer.url,
      replicas,
      async close() {
        await balancer.stop();
        await stopReplicas();
      },
    };
  } catch (error) {
    await stopReplicas();
    throw error;
  }
}

/**
 * HAProxy with `haproxyConfig` in front of the servers on these local ports, once it answers
 * `/readyz` through one of them.
 */
export async function startHaproxy(options: {
  port: number;
  servers: readonly number[];
  haproxy?: string | undefined;
}): Promise<{ url: string; stop(): Promise<void> }> {
  const folder = mkdtempSync(join(tmpdir(), 'vendo-haproxy-'));
  const configFile = join(folder, 'haproxy.cfg');
  writeFileSync(configFile, haproxyConfig(options.port, options.servers));
  const haproxy = spawn(options.haproxy ?? process.env.VENDO_TEST_HAPROXY ?? 'haproxy', ['-f', configFile, '-db'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  haproxy.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  haproxy.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  const url = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    const exited = running(haproxy) ? new Promise((done) => haproxy.once('exit', done)) : null;
    haproxy.kill('SIGTERM');
    await exited;
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(url, haproxy, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
