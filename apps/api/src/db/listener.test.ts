import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { describe, expect, it, onTestFinished } from 'vitest';
import { capturedLog } from '../testing/captured-log.ts';
import { emptyServerDatabase, onServer } from '../testing/harness.ts';
import { relayTo } from '../testing/relay.ts';
import { onPostgres, replicasNeedPostgres } from '../testing/replicas.ts';
import { listenerCheck, listenOnServer, reconnectDelayMs } from './listener.ts';

/** A listener on a database of its own, reached through a relay that sees and can cut its connections. */
async function listenerThroughRelay() {
  const url = (await emptyServerDatabase()) ?? '';
  const name = new URL(url).pathname.slice(1);
  const relay = await relayTo(url);
  const log = capturedLog();
  const listener = await listenOnServer(relay.url, log.logger);
  onTestFinished(async () => {
    await listener.close();
    await relay.close();
    await onServer(`drop database ${name}`);
  });
  return {
    relay,
    log,
    listener,
    /** Ends the listener's connection from the server's side, as a restart or an operator would. */
    cut: () => onServer(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`),
    async publish(channel: string, payload: string) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query('select pg_notify($1, $2)', [channel, payload]);
      await client.end();
    },
  };
}

describe('the connection listening on PostgreSQL, reconnected by a loop of its own (issue 33 point 5)', () => {
  it('once closed while waiting to try again, opens no connection after', async ({ skip }) => {
    skip(!onPostgres, replicasNeedPostgres);
    const { relay, log, listener, cut } = await listenerThroughRelay();
    relay.refuse(true);
    await cut();
    await log.written('vendo: the notification connection could not be opened');
    const opened = relay.openedConnections();

    await listener.close();
    // Nothing can be awaited for a connection that must never come: twice the wait before the next try.
    await sleep(2 * reconnectDelayMs(1));

    expect(relay.openedConnections()).toBe(opened);
  });

  it('keeps trying while the server refuses, and listens again once it answers', async ({ skip }) => {
    skip(!onPostgres, replicasNeedPostgres);
    const { relay, log, listener, cut, publish } = await listenerThroughRelay();
    const received: string[] = [];
    await listener.subscribe('vendo_test_refused', (payload) => received.push(payload));
    relay.refuse(true);
    await cut();
    await log.written('vendo: the notification connection could not be opened');

    relay.refuse(false);
    await log.written('vendo: the notification connection listens again');
    await publish('vendo_test_refused', 'after the refusals');

    await expect.poll(() => received).toEqual(['after the refusals']);
  });

  it('closes, cutting its connection, when the server stopped answering without closing', async ({ skip }) => {
    skip(!onPostgres, replicasNeedPostgres);
    const { relay, listener } = await listenerThroughRelay();
    relay.stall();

    const closing = listener.close();

    await expect(closing).resolves.toBeUndefined();
  });

  it(
    'finds a connection that stops answering without closing by its check, within 7 s, and listens again',
    async ({ skip }) => {
      skip(!onPostgres, replicasNeedPostgres);
      const { relay, log, listener, publish } = await listenerThroughRelay();
      const received: string[] = [];
      await listener.subscribe('vendo_test_stalled', (payload) => received.push(payload));
      const stalledAt = Date.now();

      relay.stall();
      await log.written('vendo: the notification connection failed');
      const foundAfterMs = Date.now() - stalledAt;
      await log.written('vendo: the notification connection listens again');
      await publish('vendo_test_stalled', 'after the stall');

      await expect.poll(() => received).toEqual(['after the stall']);
      // A busy machine fires timers late: a second of slack.
      expect(foundAfterMs).toBeLessThan(listenerCheck.everyMs + listenerCheck.timeoutMs + 1_000);
    },
    listenerCheck.everyMs + listenerCheck.timeoutMs + 5_000,
  );
});
