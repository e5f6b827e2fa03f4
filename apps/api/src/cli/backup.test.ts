import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApi } from '@vendo/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../testing/command.ts';
import { signInByText } from '../testing/harness.ts';
import { postJson, type ServerProcess, startServerProcess } from '../testing/process.ts';

const folders: string[] = [];
/** A new folder of the test's own, removed at the end. */
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vendo-backup-'));
  folders.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

const api = (url: string, token?: string) =>
  createApi({ baseUrl: `${url}/api/`, getToken: () => token, getLocale: () => 'es' });

async function balanceOf(url: string, who: { id: number; token: string }) {
  const balances = await api(url, who.token).balances.list(who.id);
  return balances.ok ? balances.value.balances[0]?.amount : null;
}

// These commands work on the embedded PGlite folder alone: the suite runs there whatever
// VENDO_TEST_DATABASE_URL says, and PostgreSQL's part is to be told to use pg_dump.
describe('backing up and restoring the embedded database (issue 33 point 6)', () => {
  const dataDir = folder();
  const phone = '5583000001';
  let server: ServerProcess | undefined;
  let member: { id: number; auth_token: string };
  beforeAll(async () => {
    server = await startServerProcess({ dataDir });
    const made = await postJson(`${server.url}/__dev/members`, { phone: `+52${phone}`, balance: 250 });
    member = (await made.json()) as typeof member;
  }, 60_000);
  afterAll(() => server?.stop());

  it('refuses to back up a folder a running server holds open', { timeout: 60_000 }, async () => {
    const run = await runCommand('backup', [join(folder(), 'vendo.tar.gz')], { VENDO_DATA_DIR: dataDir });

    expect([run.code, run.stderr]).toEqual([1, expect.stringContaining('is in use: stop the server first')]);
  });

  it('restores into a fresh folder a copy where the member signs in by text and finds their balance', {
    timeout: 120_000,
  }, async () => {
    await server?.stop();
    server = undefined;
    const file = join(folder(), 'vendo.tar.gz');
    const restored = join(folder(), 'restored');

    const backup = await runCommand('backup', ['--', file], { VENDO_DATA_DIR: dataDir });
    const restore = await runCommand('restore', [file], { VENDO_DATA_DIR: restored });
    // The copy stands alone: the folder it came from is gone.
    rmSync(dataDir, { recursive: true, force: true });
    server = await startServerProcess({ dataDir: restored });
    const who = await signInByText(server.url, api(server.url), phone);

    expect({
      codes: [backup.code, restore.code],
      // It holds the ledger and every session: its owner alone reads it.
      mode: statSync(file).mode & 0o777,
      member: who.id,
      balance: await balanceOf(server.url, who),
    }).toEqual({ codes: [0, 0], mode: 0o600, member: member.id, balance: 250 });
  });
});

describe('what backup and restore refuse (issue 33 point 6)', () => {
  it('refuses to restore into a folder that already holds data, and leaves it as it was', async () => {
    const file = join(folder(), 'vendo.tar.gz');
    writeFileSync(file, 'a backup');
    const dataDir = folder();
    writeFileSync(join(dataDir, 'PG_VERSION'), '17');

    const run = await runCommand('restore', [file], { VENDO_DATA_DIR: dataDir });

    expect([run.code, run.stderr, readdirSync(dataDir)]).toEqual([
      1,
      expect.stringContaining('already holds data: restore into a new folder'),
      ['PG_VERSION'],
    ]);
  });

  it('refuses to back up a folder that holds no database, and does not make one', async () => {
    const missing = join(folder(), 'missing');

    const run = await runCommand('backup', [join(folder(), 'vendo.tar.gz')], { VENDO_DATA_DIR: missing });

    expect([run.code, run.stderr, existsSync(missing)]).toEqual([
      1,
      expect.stringContaining('holds no database: nothing to back up'),
      false,
    ]);
  });

  it.each([
    ['backup', 'pg_dump -Fc'],
    ['restore', 'pg_restore --clean --if-exists'],
  ])('%s with DATABASE_URL names %s and exits 1 without repeating the URL', async (command, tool) => {
    const env = { DATABASE_URL: 'postgres://vendo:not-to-be-shown@127.0.0.1:1/vendo' };

    const run = await runCommand(command, [join(folder(), 'vendo.tar.gz')], env);

    expect([run.code, run.stderr.includes(tool), run.stderr.includes('not-to-be-shown')]).toEqual([1, true, false]);
  });
});
