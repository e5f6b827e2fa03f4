import { type Kysely, sql, type Transaction } from 'kysely';
import createSubscriber from 'pg-listen';
import type { Logger } from '../log.ts';
import { type Db, pgliteOf } from './database.ts';
import type { Tables } from './schema.ts';

/**
 * Messages between the API processes sharing one database (PostgreSQL `LISTEN/NOTIFY`): what one
 * replica does that the others must act on at once (a keypad session ended, a member signed out).
 * A message reaches every process listening on its channel, the sender included.
 */
export interface Notifications {
  /**
   * Sends `payload` on `channel`. Given a transaction, it is sent when that transaction commits and
   * never when it rolls back, so no replica acts on a change that did not happen.
   */
  publish(channel: string, payload: string, within?: Kysely<Tables> | Transaction<Tables>): Promise<void>;
  /** Calls `handler` with the payload of every message on `channel` from now on. */
  subscribe(channel: string, handler: (payload: string) => void): Promise<void>;
  /**
   * True while every message sent reaches this process: false from the moment the listening
   * connection is found lost until it listens again. What is kept on the strength of messages
   * (a cache they invalidate) is trusted only while this holds.
   */
  reliable(): boolean;
  /** Calls `handler` whenever messages may have been missed: the connection was lost, or came back. */
  onGap(handler: () => void): void;
  /**
   * Stops listening; call it before the database is closed. It resolves once no connection of its
   * own is left, one that was being opened to reconnect included, and none is opened after.
   */
  close(): Promise<void>;
}

/** payload: a member's id; one of their sessions was signed out or revoked (a trigger on `sessions` sends it). */
export const sessionEndedChannel = 'vendo_session_ended';

/** Every process hears on this channel that the world was loaded again (seed.ts `reseed`): what it keeps of it is gone. */
export const worldResetChannel = 'vendo_world_reset';

/** The listening connection's name in `pg_stat_activity`. */
export const notificationConnectionName = 'vendo-notifications';

/**
 * How often the listening connection is checked with a query, and how long that query may take
 * before the connection counts as lost: a silent loss is found within 7 s.
 */
export const listenerCheck = { everyMs: 5_000, timeoutMs: 2_000 } as const;

/** How long the listening connection waits before each try to reconnect: 0.5 s, growing to 5 s. */
const reconnectDelayMs = (attempt: number) => Math.min(500 * (attempt + 1), 5_000);

/**
 * On a PostgreSQL server, one connection of its own listens (a pooled connection would be handed to
 * queries and lose its LISTEN); pg-listen reconnects it for as long as it takes and listens again on
 * every channel. Messages sent while it was away are lost: whoever relies on them also checks again
 * on a timer (the keypad's heartbeat). On embedded PGlite, PGlite's own `listen`.
 */
export async function openNotifications(db: Db, databaseUrl: string | undefined, log: Logger): Promise<Notifications> {
  const publish: Notifications['publish'] = async (channel, payload, within = db) => {
    await sql`select pg_notify(${channel}, ${payload})`.execute(within);
  };
  const pglite = pgliteOf(db);
  if (pglite) {
    const stops: (() => Promise<void>)[] = [];
    return {
      publish,
      async subscribe(channel, handler) {
        stops.push(await pglite.listen(channel, handler));
      },
      // In-process: a message is handled before the statement that sent it returns.
      reliable: () => true,
      onGap() {},
      async close() {
        // A database already closed has stopped listening with it.
        for (const stop of stops.splice(0)) await stop().catch(() => {});
      },
    };
  }
  if (!databaseUrl) throw new Error('notifications need a PostgreSQL server or an embedded PGlite');
  // pg-listen's close ends only the connection it holds, not one its reconnect is opening, and its
  // retries go on after it: once closed, the wrapper refuses any further try itself (below), and
  // close waits out the try under way, so that the connection it brings is the one ended.
  let closed = false;
  let attemptUnderWay: Promise<void> | undefined;
  let attemptOver = () => {};
  const endAttempt = () => {
    attemptOver();
    attemptUnderWay = undefined;
  };
  const subscriber = createSubscriber(
    // A connection that stops answering without closing (a dropped route) is found by the check
    // below: its query fails after 2 s instead of waiting forever.
    {
      connectionString: databaseUrl,
      application_name: notificationConnectionName,
      keepAlive: true,
      query_timeout: listenerCheck.timeoutMs,
    },
    // Never give up reconnecting (pg-listen stops after 3 s by default); payloads are plain text.
    {
      retryTimeout: 0,
      // pg-listen asks for the delay when a try has failed; thrown, it ends its retries at once
      // instead of sleeping before a try that would be refused.
      retryInterval: (attempt) => {
        endAttempt();
        if (closed) throw new Error('the notification connection is closed');
        return reconnectDelayMs(attempt);
      },
      paranoidChecking: listenerCheck.everyMs,
      parse: (text) => text,
      serialize: String,
    },
  );
  let listening = false;
  const gapHandlers: (() => void)[] = [];
  const gap = (nowListening: boolean) => {
    listening = nowListening;
    for (const handler of gapHandlers) handler();
  };
  subscriber.events.on('error', (error) => {
    endAttempt();
    // Once closed, an error is a try refused or one close was waiting for: nothing to act on.
    if (closed) return;
    gap(false);
    log.error({ err: error }, 'vendo: the notification connection failed');
  });
  subscriber.events.on('reconnect', (attempt) => {
    // pg-listen emits this just before it opens the connection, outside its retry's catch: thrown
    // here, the try never connects and its reconnect ends with an error.
    if (closed) throw new Error('the notification connection is closed');
    attemptUnderWay = new Promise((resolve) => {
      attemptOver = resolve;
    });
    gap(false);
    log.warn({ attempt }, 'vendo: reconnecting the notification connection');
  });
  subscriber.events.on('connected', () => {
    endAttempt();
    if (!closed) gap(true);
  });
  await subscriber.connect();
  return {
    publish,
    async subscribe(channel, handler) {
      subscriber.notifications.on(channel, handler);
      await subscriber.listenTo(channel);
    },
    reliable: () => listening,
    onGap(handler) {
      gapHandlers.push(handler);
    },
    async close() {
      closed = true;
      listening = false;
      await attemptUnderWay;
      await subscriber.close();
    },
  };
}
