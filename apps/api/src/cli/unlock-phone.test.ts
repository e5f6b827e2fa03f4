import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { freshServerDatabase, onServer } from '../testing/harness.ts';

const command = fileURLToPath(new URL('./unlock-phone.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'vendo-unlock-'));
let databaseUrl: string | undefined;
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl) await onServer(`drop database ${new URL(databaseUrl).pathname.slice(1)}`);
});

describe('the unlock-phone command (issue 16 point 4)', () => {
  it('reports its result as a log line with the number redacted', { timeout: 60_000 }, async () => {
    databaseUrl = await freshServerDatabase();
    const env = {
      PATH: process.env.PATH,
      VENDO_DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    };

    const { stdout } = await promisify(execFile)(process.execPath, [command, '+525590005555'], { env });

    expect(stdout).not.toContain('5590005555');
    expect(
      stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toContainEqual(
      expect.objectContaining({
        level: 30,
        phone: '[Redacted]',
        msg: 'unlock-phone: the number had no code limits to lift',
      }),
    );
  });
});
