import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApi } from '@vendo/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshServerDatabase, onServer, startTestServer, type TestServer } from '../testing/harness.ts';
import { startServerProcess } from '../testing/process.ts';
import { onPostgres, replicasNeedPostgres } from '../testing/replicas.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const status = async (server: TestServer, who: { id: number; token: string }) => {
  const result = await server.api(who.token).members.get(who.id);
  return result.ok ? 200 : result.error.status;
};

/**
 * How long after `since` the calls of `refused` start answering true (checked every 5 ms). A
 * revocation reaches a process as a message milliseconds after it commits: a second is far beyond it.
 */
async function msUntil(refused: () => Promise<boolean>, since: number, limitMs = 1_000): Promise<number> {
  while (!(await refused())) {
    if (performance.now() - since > limitMs) throw new Error(`still accepted after ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return performance.now() - since;
}

describe('sign-out and revocation are visible on every replica at once (issue 16 point 1)', () => {
  it('refuses a token as soon as its revocation in the database is announced, as by another replica', async () => {
    const who = await t.signIn('5512340001');
    expect(await status(t, who)).toBe(200);

    // What a sign-out through another process writes; this process hears it only from the database.
    await sql`update sessions set revoked_at = now() where member_id = ${who.id}`.execute(t.server.deps.db);
    const revoked = performance.now();

    expect(await msUntil(async () => (await status(t, who)) === 401, revoked)).toBeLessThan(1_000);
  });

  it('with two processes on one PostgreSQL, a token B already knows and A signs out is refused by B within a second', {
    timeout: 60_000,
  }, async ({ skip }) => {
    skip(!onPostgres, replicasNeedPostgres);
    const databaseUrl = await freshServerDatabase();
    // Processes of their own, as replicas are: nothing a module keeps in memory is shared.
    const [a, b] = await Promise.all(
      [1, 2].map(() => startServerProcess({ dataDir: mkdtempSync(join(tmpdir(), 'vendo-replica-')), databaseUrl })),
    );
    try {
      const made = await fetch(`${a?.url}/__dev/members`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ phone: '+525512340002' }),
      });
      const { id, auth_token: token } = (await made.json()) as { id: number; auth_token: string };
      const onB = createApi({ baseUrl: `${b?.url}/api/`, getToken: () => token });
      expect((await onB.members.get(id)).ok).toBe(true);

      const signedOut = await createApi({ baseUrl: `${a?.url}/api/`, getToken: () => token }).members.signOut(id);
      expect(signedOut.ok).toBe(true);
      const answered = performance.now();

      const refusedOnB = async () => {
        const after = await onB.members.get(id);
        return !after.ok && after.error.status === 401;
      };
      expect(await msUntil(refusedOnB, answered)).toBeLessThan(1_000);
    } finally {
      await Promise.all([a?.stop(), b?.stop()]);
      await onServer(`drop database if exists ${new URL(databaseUrl ?? '').pathname.slice(1)} with (force)`);
    }
  });
});
