import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { emptyDatabase, runCommand } from '../testing/command.ts';

let database: Awaited<ReturnType<typeof emptyDatabase>>;
beforeEach(async () => {
  database = await emptyDatabase();
  await migrateDatabase(database.options);
});
afterEach(() => database.drop());

const runSeed = (...args: string[]) => runCommand('seed', args, database.env);

/** Machines and members in the database, read after the commands ended. */
async function world() {
  const db = await openDatabase(database.options);
  try {
    const count = async (table: 'machines' | 'members') =>
      Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db)).rows[0]?.n);
    return { machines: await count('machines'), members: await count('members') };
  } finally {
    await db.destroy();
  }
}

/** The seed data (docs/reference-api.md): 14 machines (Café Premia's two among them), Ana and the new member. */
const oneDemoWorld = { machines: 14, members: 2 };

describe('the seed command (issue 16 point 4)', () => {
  it('loads the demo world into a database that has none', { timeout: 60_000 }, async () => {
    const run = await runSeed();

    expect({ code: run.code, said: run.stdout.trim(), world: await world() }).toEqual({
      code: 0,
      said: 'seed: demo world loaded',
      world: oneDemoWorld,
    });
  });

  it('answers that the demo world is there, and loads nothing, when run again', { timeout: 60_000 }, async () => {
    await runSeed();

    const again = await runSeed();

    expect({ code: again.code, there: /already/.test(again.stdout), world: await world() }).toEqual({
      code: 0,
      there: true,
      world: oneDemoWorld,
    });
  });

  it('with --reset empties the data and loads the demo world again', { timeout: 60_000 }, async () => {
    await runSeed();
    const db = await openDatabase(database.options);
    await sql`insert into members (country, phone) values ('+52', '5500000000')`.execute(db);
    await db.destroy();

    const run = await runSeed('--reset');

    expect({ code: run.code, world: await world() }).toEqual({ code: 0, world: oneDemoWorld });
  });
});
