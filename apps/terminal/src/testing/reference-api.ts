import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { storageKeys } from '@vendo/core';
import { FileStorage } from '../platform/storage.ts';

/** A port nothing listens on: one the system just handed out and took back. */
export { freePort as closedPort } from '../../../../bench/support.ts';

/** The reference API's start command, as the README runs it. */
const apiMain = fileURLToPath(new URL('../../../api/src/main.ts', import.meta.url));
const yearLong = { maxAgeSeconds: 31_536_000 };

export interface Script {
  readonly deal_statuses?: readonly { readonly status: number; readonly after_ms: number }[];
  readonly deal_error?: Readonly<Record<string, string | number>>;
}

export interface Member {
  readonly id: number;
  readonly token: string;
  readonly phone: string;
}

/** The reference API in a process of its own, on a fresh database, with its dev control. */
export interface ReferenceApi {
  readonly url: string;
  /** The last sign-in code texted to a number (dev SMS outbox). */
  lastCode(phone: string): Promise<string>;
  /** A signed-in member of its own with this balance, without the SMS round trip. */
  newMember(balance: number): Promise<Member>;
  /** The member's next deal on the machine follows these statuses, or is refused with this error (spec §8). */
  script(machine: string, member: Member, next: Script): Promise<void>;
  /** The member's balance in pesos, as the server has it. */
  balanceOf(member: Member): Promise<number>;
  stop(): Promise<void>;
}

/** A phone number no other journey uses, so the per-number limits never meet. */
export const freshPhone = () => `55${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

function listening(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines: string[] = [];
    const read = (chunk: Buffer) => {
      lines.push(chunk.toString('utf8'));
      const found = /serving the app and the reference API on ([^\s"]+)/.exec(lines.join(''));
      if (found?.[1]) resolve(found[1]);
    };
    // The log is read to the end, so a full pipe never holds the server up.
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`the reference API exited (${code}): ${lines.join('')}`)));
  });
}

async function json<T>(answer: Response): Promise<T> {
  if (!answer.ok) throw new Error(`${answer.url}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as T;
}

export async function startReferenceApi(): Promise<ReferenceApi> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vendo-terminal-data-'));
  const webRoot = mkdtempSync(join(tmpdir(), 'vendo-terminal-web-'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Vendo</title>');
  const child = spawn(process.execPath, [apiMain], {
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      VENDO_DATA_DIR: dataDir,
      VENDO_WEB_ROOT: webRoot,
      // Every journey comes from 127.0.0.1; the per-address limits are the API suites' to test.
      VENDO_ADDRESS_LIMITS_SCALE: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = (await listening(child)).replace('localhost', '127.0.0.1');
  const post = (path: string, body: unknown) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  return {
    url,
    async lastCode(phone) {
      const { messages } = await json<{ messages: { code: string }[] }>(
        await fetch(`${url}/__dev/sms?phone=${encodeURIComponent(`+52${phone}`)}`),
      );
      const code = messages[0]?.code;
      if (!code) throw new Error(`no code was texted to +52${phone}`);
      return code;
    },
    async newMember(balance) {
      const phone = freshPhone();
      const made = await json<{ id: number; auth_token: string }>(
        await post('/__dev/members', { phone: `+52${phone}`, balance }),
      );
      return { id: made.id, token: made.auth_token, phone };
    },
    async script(machine, member, next) {
      await json(await post(`/__dev/machines/${machine}/script`, { member_id: member.id, ...next }));
    },
    async balanceOf(member) {
      const { balances } = await json<{ balances: { amount: number }[] }>(
        await fetch(`${url}/api/community_members/${member.id}/balances`, {
          headers: { Authorization: `Token token=${member.token}` },
        }),
      );
      return balances[0]?.amount ?? 0;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(webRoot, { recursive: true, force: true });
    },
  };
}

/** A config folder holding the member's session, as `vendo login` leaves it. */
export function configFolderFor(member: Member): string {
  const folder = mkdtempSync(join(tmpdir(), 'vendo-terminal-config-'));
  const storage = new FileStorage(folder);
  storage.write(storageKeys.token, member.token, yearLong);
  storage.write(storageKeys.memberId, String(member.id), yearLong);
  return folder;
}
