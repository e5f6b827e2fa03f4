import { afterAll, describe, expect, it } from 'vitest';
import { serverPool } from './server-pool.ts';
import { emptyServerDatabase, onServer } from './testing/harness.ts';

describe.skipIf(!process.env.VENDO_TEST_DATABASE_URL)(
  'a pool whose connections are always heard (issue 16 point 4)',
  () => {
    let databaseUrl: string | undefined;
    afterAll(async () => {
      if (databaseUrl) await onServer(`drop database ${new URL(databaseUrl).pathname.slice(1)}`);
    });

    it('tells of a checked-out connection the server ended between two queries, instead of ending the process', async () => {
      databaseUrl = await emptyServerDatabase();
      const heard: string[] = [];
      let told: () => void = () => {};
      const ended = new Promise<void>((resolve) => {
        told = resolve;
      });
      const pool = serverPool({ connectionString: databaseUrl, max: 2 }, (error) => {
        heard.push(error.message);
        told();
      });
      const held = await pool.connect();
      const { rows } = await held.query<{ pid: number }>('select pg_backend_pid() as pid');

      await onServer(`select pg_terminate_backend(${rows[0]?.pid})`);
      await ended;
      held.release(true);
      const after = await pool.query<{ one: number }>('select 1 as one');
      await pool.end();

      expect([heard, after.rows[0]?.one]).toEqual([['terminating connection due to administrator command'], 1]);
    });
  },
);
