// pnpm bench:api — how many deal polls a second the reference API answers with p99 ≤ 50 ms, beside one
// bare Hono process answering a fixed JSON in the same run: on embedded PGlite (one process) and, given
// a PostgreSQL server and HAProxy, as two replicas behind the load balancer, beside two bare Hono
// processes behind the same load balancer. Prints figures; not a test.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../../../bench/support.ts';
import { startHaproxy, startLoadBalanced } from '../src/testing/load-balancer.ts';
import { startServerProcess } from '../src/testing/process.ts';
import { capacity, capacityRule, closeLoad, type Step } from './load.ts';
import { measurePages, type PagesRun, pagesReport, pagesRule } from './pages.ts';
import { members, pollTarget } from './poll-target.ts';

const databaseServer = process.env.VENDO_BENCH_DATABASE_URL ?? process.env.VENDO_TEST_DATABASE_URL;
const haproxy = process.env.VENDO_TEST_HAPROXY ?? 'haproxy';
// Every poller comes from this machine: the per-address limits would count them as one client. The
// servers log every request as a deployment does; this process drains those lines unread.
const serverEnv = { VENDO_ADDRESS_LIMITS_SCALE: '100000', VENDO_TRUST_PROXY: 'loopback' };

interface Mode {
  readonly name: string;
  readonly held: Step | null;
  readonly steps: Step[];
}

async function bareHono(): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./bare-hono.ts', import.meta.url))], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bare hono exited with ${code}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      const found = /on (http:\/\/\S+)/.exec(String(chunk))?.[1];
      if (found) resolve(found);
    });
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

async function onServer(sql: string) {
  const client = new pg.Client({ connectionString: databaseServer });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

async function measureBare(): Promise<Mode> {
  const bare = await bareHono();
  try {
    return {
      name: 'bare Hono, a fixed JSON (1 process)',
      ...(await capacity(bare.url, { request: () => ({ path: '/' }) })),
    };
  } finally {
    bare.stop();
  }
}

/**
 * Two bare Hono processes behind the same HAProxy: what any API behind the load balancer could reach
 * on this machine, the load balancer's own cost counted and no work of the API's.
 */
async function measureBareBalanced(): Promise<Mode> {
  const servers = [await bareHono(), await bareHono()];
  try {
    const balancer = await startHaproxy({
      port: await freePort(),
      servers: servers.map((server) => Number(new URL(server.url).port)),
      haproxy,
    });
    try {
      return {
        name: 'bare Hono, 2 processes behind HAProxy',
        ...(await capacity(balancer.url, { request: () => ({ path: '/' }) })),
      };
    } finally {
      await balancer.stop();
    }
  } finally {
    for (const server of servers) server.stop();
  }
}

async function measurePglite(): Promise<Mode> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vendo-bench-'));
  const server = await startServerProcess({ dataDir }, serverEnv, false);
  try {
    return {
      name: 'API on embedded PGlite (1 process)',
      ...(await capacity(server.url, await pollTarget(server.url))),
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measureReplicas(): Promise<Mode | null> {
  if (!databaseServer) return null;
  const name = `vendo_bench_${randomBytes(4).toString('hex')}`;
  await onServer(`create database ${name}`);
  const databaseUrl = Object.assign(new URL(databaseServer), { pathname: `/${name}` }).toString();
  const balanced = await startLoadBalanced({
    databaseUrl,
    port: await freePort(),
    env: serverEnv,
    haproxy,
    keepOutput: false,
  });
  try {
    const target = await pollTarget(balanced.url);
    return { name: 'API on PostgreSQL, 2 replicas behind HAProxy', ...(await capacity(balanced.url, target)) };
  } finally {
    await balanced.close();
    await onServer(`drop database if exists ${name} with (force)`);
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const rate = (value: number) => Math.round(value).toLocaleString('en-US');

/** `--pages`: only the run of anonymous machine pages beside the polls (pages.ts). */
const pagesOnly = process.argv.includes('--pages');
const modes: Mode[] = [];
let pages: PagesRun | null = null;
try {
  if (!pagesOnly) {
    modes.push(await measureBare());
    modes.push(await measurePglite());
    const replicas = await measureReplicas();
    if (replicas) modes.push(await measureBareBalanced(), replicas);
    else console.log('PostgreSQL replicas: skipped (set VENDO_BENCH_DATABASE_URL or VENDO_TEST_DATABASE_URL)');
  }
  pages = await measurePages(serverEnv);
} finally {
  closeLoad();
}

if (!pagesOnly) {
  console.log(
    `bench:api — deal polls a second answered with p99 ≤ ${capacityRule.p99Ms} ms and no error; open loop, ` +
      `${capacityRule.stepSeconds} s steps from ${capacityRule.startRate}/s, ×${capacityRule.growth} each, then the gap to the first failing rate halved ` +
      `${capacityRule.refinements} times, ${members} members`,
  );
  for (const mode of modes) {
    console.log(`\n${mode.name}`);
    for (const s of mode.steps) {
      console.log(
        `  asked ${rate(s.rate)}/s: answered ${rate(s.achieved)}/s, p50 ${ms(s.p50)}, p99 ${ms(s.p99)}, errors ${s.errors}${s.errors ? ` ${JSON.stringify(s.failures)}` : ''}`,
      );
    }
  }
  const bare = modes[0]?.held?.achieved ?? Number.NaN;
  console.log('\nmode | polls/s at p99 ≤ 50 ms | p50 | p99 | ratio to bare Hono');
  for (const mode of modes) {
    const held = mode.held;
    console.log(
      held
        ? `${mode.name} | ${rate(held.achieved)} | ${ms(held.p50)} | ${ms(held.p99)} | ${(held.achieved / bare).toFixed(2)}`
        : `${mode.name} | none held at ${capacityRule.startRate}/s | | | 0`,
    );
  }
}
console.log(`\n${pagesReport(pages).join('\n')}`);
// The pages' target is pass or fail (issue 32 point 13): a run that missed it says so by its exit code.
if (pages.ratio > pagesRule.target) process.exitCode = 1;
