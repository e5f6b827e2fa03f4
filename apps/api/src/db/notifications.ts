import { type Kysely, sql, type Transaction } from 'kysely';
import type { Logger } from '../log.ts';
import { type Db, pgliteOf } from './database.ts';
import { listenOnServer } from './listener.ts';
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

export { listenerCheck, notificationConnectionName } from './listener.ts';

/**
 * On a PostgreSQL server, one connection of its own listens (a pooled connection would be handed to
 * queries and lose its LISTEN), opened again for as long as it takes and listening again on every
 * channel (listener.ts). Messages sent while it was away are lost: whoever relies on them also checks again
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
  return { publish, ...(await listenOnServer(databaseUrl, log)) };
}
