// pnpm bench:api — N simulated members each poll their deal once a second for a fixed time,
// against the reference API (embedded PGlite) on loopback. Prints polls/s, latency percentiles and errors.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const members = Number(process.env.BENCH_MEMBERS ?? 1100);
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const intervalMs = 1000;

function startServer(dataDir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', VENDO_DATA_DIR: dataDir, NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      const url = /on (http:\/\/[^\s"]+)/.exec(String(chunk))?.[1];
      if (!url) return;
      resolve({
        url: url.replace('localhost', '127.0.0.1'),
        stop: () =>
          new Promise((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

async function post(url: string, body: unknown, token?: string, key?: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Token token=${token}` } : {}),
      ...(key ? { 'Idempotency-Key': key } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

// node:http with keep-alive: a lighter client than fetch, so the load generator steals less of the 2 cores.
const agent = new Agent({ keepAlive: true, maxSockets: 512 });

function poll(url: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = get(url, { agent, headers: { Authorization: `Token token=${token}` } }, (response) => {
      response.resume();
      response.once('end', () => resolve(response.statusCode ?? 0));
      response.once('error', reject);
    });
    request.once('error', reject);
  });
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const dataDir = mkdtempSync(join(tmpdir(), 'vendo-bench-'));
const server = await startServer(dataDir);
try {
  const machineName = process.env.BENCH_MACHINE ?? 'demo';
  const demo = (await (await fetch(`${server.url}/api/product_server/${machineName}`)).json()) as {
    product_server: { id: number };
  };
  const machine = demo.product_server.id;
  const pollers: { token: string; dealId: number }[] = [];
  for (let index = 0; index < members; index++) {
    const { auth_token } = (await post(`${server.url}/__dev/members`, {
      phone: `+52${5600000000 + index}`,
      balance: 100,
    })) as { auth_token: string };
    const { deal } = (await post(
      `${server.url}/api/product_servers/${machine}/deals`,
      { user_code: '10', sale_type_code: 2, origin: 'web', any_product: false, locale: 'es' },
      auth_token,
      `bench-${index}`,
    )) as { deal: { id: number } };
    pollers.push({ token: auth_token, dealId: deal.id });
  }

  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    pollers.map(async ({ token, dealId }, index) => {
      // Spread the members over the first second, as real ones would be.
      await sleep((index / members) * intervalMs);
      while (performance.now() < end) {
        const sentAt = performance.now();
        try {
          const status = await poll(`${server.url}/api/product_servers/${machine}/deals/${dealId}`, token);
          if (status !== 200) errors++;
        } catch {
          errors++;
        }
        const took = performance.now() - sentAt;
        latencies.push(took);
        await sleep(Math.max(0, intervalMs - took));
      }
    }),
  );
  // Rate over the polling window itself; the last polls in flight end a little after it.
  const elapsed = seconds;
  latencies.sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(
    `bench:api — ${members} members polling their deal every ${intervalMs} ms for ${seconds} s (embedded PGlite, loopback)`,
  );
  console.log(
    `polls: ${latencies.length} in ${elapsed.toFixed(1)} s = ${(latencies.length / elapsed).toFixed(0)} polls/s`,
  );
  console.log(
    `latency: p50 ${ms(percentile(latencies, 50))}, p90 ${ms(percentile(latencies, 90))}, p99 ${ms(percentile(latencies, 99))}, max ${ms(latencies.at(-1) ?? 0)}`,
  );
  console.log(`errors: ${errors}`);
} finally {
  agent.destroy();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
