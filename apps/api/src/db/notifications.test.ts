import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { keypadChannels } from '../services/keypad-hub.ts';
import { capturedLog } from '../testing/captured-log.ts';
import { emptyServerDatabase, freshServerDatabase, onServer } from '../testing/harness.ts';
import { relayTo } from '../testing/relay.ts';
import { onPostgres, replicasNeedPostgres } from '../testing/replicas.ts';
import { type Db, openDatabase } from './database.ts';
import { migrate } from './migrate.ts';
import { type Notifications, notificationConnectionName, openNotifications } from './notifications.ts';

let db: Db;
let notifications: Notifications;
let databaseUrl: string | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'vendo-notifications-'));
const log = capturedLog();

beforeAll(async () => {
  databaseUrl = await freshServerDatabase();
  db = await openDatabase({ databaseUrl, dataDir });
  // Embedded PGlite starts empty here (a server database comes migrated): the trigger on sessions is in the schema.
  await migrate(db);
  notifications = await openNotifications(db, databaseUrl, log.logger);
});
afterAll(async () => {
  await notifications.close();
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl) await onServer(`drop database ${new URL(databaseUrl).pathname.slice(1)}`);
});

/** The payloads a channel receives, and a promise of the next one. */
async function listen(channel: string) {
  const received: string[] = [];
  let arrived: (payload: string) => void = () => {};
  await notifications.subscribe(channel, (payload) => {
    received.push(payload);
    arrived(payload);
  });
  return {
    received,
    next: () =>
      new Promise<string>((resolve) => {
        arrived = resolve;
      }),
  };
}

describe('notifications between the processes on one database (issue 16 point 1)', () => {
  it('delivers a message to the listeners of its channel, in the sending process too', async () => {
    const channel = await listen('vendo_test_plain');
    const next = channel.next();

    await notifications.publish('vendo_test_plain', 'teclado');

    expect(await next).toBe('teclado');
  });

  it('sends a message published inside a transaction when it commits, and never when it rolls back', async () => {
    const channel = await listen('vendo_test_transaction');
    const next = channel.next();

    await db
      .transaction()
      .execute(async (trx) => {
        await notifications.publish('vendo_test_transaction', 'rolled back', trx);
        throw new Error('roll back');
      })
      .catch(() => {});
    await db.transaction().execute((trx) => notifications.publish('vendo_test_transaction', 'committed', trx));

    expect(await next).toBe('committed');
    expect(channel.received).toEqual(['committed']);
  });

  it("announces a session's sign-out or revocation, by whatever writes it, with its member's id", async () => {
    const channel = await listen(keypadChannels.sessionEnded);
    const member = await db
      .insertInto('members')
      .values({ country: '+52', phone: '5571000100' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('sessions').values({ token_hash: 'a-session', member_id: member.id }).execute();
    const next = channel.next();

    await db.updateTable('sessions').set({ revoked_at: new Date() }).where('token_hash', '=', 'a-session').execute();

    expect(await next).toBe(String(member.id));
  });

  it('on PostgreSQL, is not relied on from the moment its connection is cut until it listens again', async ({
    skip,
  }) => {
    skip(!onPostgres, replicasNeedPostgres);
    const seen: boolean[] = [];
    notifications.onGap(() => seen.push(notifications.reliable()));
    const listener = sql<{ pid: number }>`select pid from pg_stat_activity
      where datname = current_database() and application_name = ${notificationConnectionName}
        and state = 'idle' and query ilike 'listen%'`;
    const [before] = (await listener.execute(db)).rows;

    await sql`select pg_terminate_backend(${before?.pid})`.execute(db);
    await expect.poll(() => seen.at(-1)).toBe(true);

    expect([seen[0], notifications.reliable()]).toEqual([false, true]);
  });

  it('on PostgreSQL, listens again on a new connection after its connection is cut', async ({ skip }) => {
    skip(!onPostgres, replicasNeedPostgres);
    const channel = await listen('vendo_test_reconnect');
    const listener = sql<{ pid: number }>`select pid from pg_stat_activity
      where datname = current_database() and application_name = ${notificationConnectionName}
        and state = 'idle' and query ilike 'listen%'`;
    const [before] = (await listener.execute(db)).rows;

    await sql`select pg_terminate_backend(${before?.pid})`.execute(db);
    await expect
      .poll(async () => (await listener.execute(db)).rows.filter((row) => row.pid !== before?.pid).length)
      .toBe(1);
    const next = channel.next();
    await notifications.publish('vendo_test_reconnect', 'after the cut');

    expect(await next).toBe('after the cut');
    expect(log.lines.join('\n')).toContain('reconnecting the notification connection');
  });

  it('on PostgreSQL, once closed while reconnecting, leaves no connection open', async ({ skip }) => {
    skip(!onPostgres, replicasNeedPostgres);
    // A database of its own, whose one connection is this listener's, reached through a relay that
    // counts a connection from its first byte (pg_stat_activity shows it only once logged in).
    const ownUrl = (await emptyServerDatabase()) ?? '';
    const ownName = new URL(ownUrl).pathname.slice(1);
    const relay = await relayTo(ownUrl);
    const ownDb = await openDatabase({ databaseUrl: relay.url, dataDir });
    const own = capturedLog();
    const listening = await openNotifications(ownDb, relay.url, own.logger);
    onTestFinished(async () => {
      await listening.close();
      await relay.close();
      await ownDb.destroy();
      await onServer(`drop database ${ownName}`);
    });
    await listening.subscribe('vendo_test_closed', () => {});
    const [listener] = (
      await sql<{ pid: number }>`select pid from pg_stat_activity where datname = ${ownName}`.execute(db)
    ).rows;
    const reconnection = relay.nextConnection();
    await sql`select pg_terminate_backend(${listener?.pid})`.execute(db);
    await own.written('vendo: reconnecting the notification connection');
    await reconnection;

    await listening.close();

    await expect
      .poll(relay.openConnections, { timeout: 3_000, message: 'connections of the closed listener still open' })
      .toBe(0);
  });
});
