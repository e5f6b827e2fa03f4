import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { onPostgres, replicasNeedPostgres, startReplicas } from '../testing/replicas.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const status = async (server: TestServer, who: { id: number; token: string }) => {
  const result = await server.api(who.token).members.get(who.id);
  return result.ok ? 200 : result.error.status;
};

describe('sign-out and revocation are visible on every replica at once (issue 16 point 1)', () => {
  it('refuses a token at its very next request once its session is revoked in the database, as by another replica', async () => {
    const who = await t.signIn('5512340001');
    expect(await status(t, who)).toBe(200);

    // What a sign-out through another process writes; this process is told nothing else.
    await sql`update sessions set revoked_at = now() where member_id = ${who.id}`.execute(t.server.deps.db);

    expect(await status(t, who)).toBe(401);
  });

  it('with two processes on one PostgreSQL, a token signed out on A is refused by B at its very next call', {
    timeout: 60_000,
  }, async ({ skip }) => {
    skip(!onPostgres, replicasNeedPostgres);
    const { a, b, close } = await startReplicas();
    try {
      const who = await a.signIn('5512340002');
      expect(await status(b, who)).toBe(200);

      const signedOut = await a.api(who.token).members.signOut(who.id);
      expect(signedOut.ok).toBe(true);

      expect(await status(b, who)).toBe(401);
    } finally {
      await close();
    }
  });
});
