import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApi } from '@vendo/core';
import { freshServerDatabase, onServer } from './harness.ts';

const main = fileURLToPath(new URL('../main.ts', import.meta.url));

/**
 * The release the tests run instead of the sources (VENDO_TEST_RELEASE: a folder `pnpm release` wrote), as
 * the operator's `node <release>/main.js`; or undefined.
 */
export const testRelease = process.env.VENDO_TEST_RELEASE || undefined;

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
  /** The start file: the sources' main.ts, or a release's main.js (`pnpm release`) serving its own web app. */
  program = main,
): Promise<ServerProcess> {
  const webRoot = program === main ? placeholderWebRoot() : undefined;
  const child = spawn(process.execPath, [program], {
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      // Any free port: processes started side by side never contend for the default one.
      VENDO_METRICS_PORT: '0',
      VENDO_DATA_DIR: data.dataDir,
      // The tests' world is the demo world, which a server on PostgreSQL loads only when told to.
      ...(data.databaseUrl ? { DATABASE_URL: data.databaseUrl, VENDO_DEMO: '1' } : {}),
      ...(webRoot ? { VENDO_WEB_ROOT: webRoot } : {}),
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

/** A web root holding only an index.html: the sources' server process needs no build of the web app. */
function placeholderWebRoot(): string {
  const webRoot = mkdtempSync(join(tmpdir(), 'vendo-web-'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Vendo</title>');
  return webRoot;
}

/** A JSON POST to a server process, with any headers. */
export const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', ...headers },
  });

/** A new member with a saved visa, through the provider emulation as the app does it. */
export async function memberWithCard(url: string, phone: string) {
  const member = (await (await postJson(`${url}/__dev/members`, { phone })).json()) as {
    id: number;
    auth_token: string;
  };
  const tokenised = (await (
    await postJson(
      `${url}/provider/v1/mvendosandbox/tokens`,
      {
        card_number: '4242424242424242',
        holder_name: 'Ana',
        expiration_year: '30',
        expiration_month: '12',
        cvv2: '123',
      },
      { Authorization: `Basic ${Buffer.from('pk_vendo_sandbox:').toString('base64')}` },
    )
  ).json()) as { id: string };
  const api = createApi({ baseUrl: `${url}/api/`, getToken: () => member.auth_token, getLocale: () => 'es' });
  const card = await api.cards.add(member.id, {
    token: tokenised.id,
    device_session_id: 'd',
    holder_name: 'Ana',
    brand_name: 'visa',
  });
  if (!card.ok) throw new Error(card.error.message ?? card.error.kind);
  return { id: member.id, token: member.auth_token, cardId: card.value.credit_card.id };
}

/**
 * The data the server processes of one suite share: a PGlite folder, or a fresh PostgreSQL database
 * with VENDO_TEST_DATABASE_URL. `create` before the first start, `remove` once the last one stopped.
 */
export function processData(prefix: string) {
  const data: { dataDir: string; databaseUrl?: string | undefined } = {
    dataDir: mkdtempSync(join(tmpdir(), prefix)),
  };
  return {
    data,
    async create() {
      data.databaseUrl = await freshServerDatabase();
    },
    async remove() {
      rmSync(data.dataDir, { recursive: true, force: true });
      if (data.databaseUrl) await onServer(`drop database ${new URL(data.databaseUrl).pathname.slice(1)}`);
    },
  };
}
