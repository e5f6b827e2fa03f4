import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { readConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { freshServerDatabase, onServer, startTestServer, type TestServer } from '../testing/harness.ts';
import { onPostgres } from '../testing/replicas.ts';

/** The seed data (docs/reference-api.md): 14 machines (one in yen, Café Premia's two), Ana and the new member. */
const oneDemoWorld = { machines: 14, members: 2 };

async function worldIn(db: Db) {
  const count = async (table: 'machines' | 'members') =>
    Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db)).rows[0]?.n);
  return { machines: await count('machines'), members: await count('members') };
}

let cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

describe('demo mode, read from VENDO_DEMO (issue 16 point 4)', () => {
  it.each([
    [{}, true],
    [{ DATABASE_URL: 'postgres://db.example/vendo' }, false],
    [{ DATABASE_URL: 'postgres://db.example/vendo', VENDO_DEMO: '1' }, true],
    [{ VENDO_DEMO: '0' }, false],
    [
      {
        NODE_ENV: 'production',
        VENDO_DEMO: '1',
        DATABASE_URL: 'postgres://db.example/vendo',
        VENDO_PUBLIC_ORIGIN: 'https://vendo.example',
        VENDO_CODE_SECRET: 'k'.repeat(32),
        VENDO_SPEI_SECRET: 's'.repeat(32),
        VENDO_STORE_SECRET: 's'.repeat(32),
      },
      true,
    ],
  ])('with %o loads the demo world: %s', (env, demo) => {
    expect(readConfig(env).demo).toBe(demo);
  });

  it('names VENDO_DEMO when it is neither 1 nor 0', () => {
    expect(() => readConfig({ VENDO_DEMO: 'yes' })).toThrow('VENDO_DEMO must be 1 or 0');
  });
});

describe('the demo world at start (issue 16 point 4)', () => {
  it('is not loaded outside demo mode: the server starts with no machines', { timeout: 60_000 }, async () => {
    const t = await startTestServer(undefined, undefined, undefined, { demo: false });
    cleanups.push(() => t.close());

    expect(await worldIn(t.server.deps.db)).toEqual({ machines: 0, members: 0 });
  });

  it.skipIf(!onPostgres)(
    'is loaded once when two replicas start at the same moment on one fresh database',
    { timeout: 60_000 },
    async () => {
      const databaseUrl = await freshServerDatabase();
      if (!databaseUrl) throw new Error('VENDO_TEST_DATABASE_URL names no PostgreSQL server');
      cleanups.push(() => onServer(`drop database ${new URL(databaseUrl).pathname.slice(1)}`));
      const started: TestServer[] = [];
      cleanups.push(() => Promise.all(started.map((t) => t.server.close())));

      const replicas = await Promise.allSettled([
        startTestServer(undefined, undefined, databaseUrl),
        startTestServer(undefined, undefined, databaseUrl),
      ]);

      for (const replica of replicas) if (replica.status === 'fulfilled') started.push(replica.value);
      const [first] = started;
      expect({
        started: started.length,
        world: first ? await worldIn(first.server.deps.db) : 'no replica started',
      }).toEqual({ started: 2, world: oneDemoWorld });
    },
  );
});
