import pg from 'pg';
import type { Logger } from '../log.ts';

/** The listening connection's name in `pg_stat_activity`. */
export const notificationConnectionName = 'vendo-notifications';

/**
 * How often the listening connection is checked with a query, and how long that query may take
 * before the connection counts as lost: a silent loss is found within 7 s.
 */
export const listenerCheck = { everyMs: 5_000, timeoutMs: 2_000 } as const;

/** How long the listening connection waits after each failed try to reconnect: 0.5 s, growing to 5 s. */
export const reconnectDelayMs = (failedTries: number) => Math.min(500 * failedTries, 5_000);

/**
 * A try to open a connection gives up after this long: a server on a dropped route never answers,
 * and waiting for the operating system's own timeout (minutes) would hold up both reconnecting and close.
 */
const connectTimeoutMs = 10_000;

/**
 * Ends a connection, cut when the server has not seen it end within the check's timeout: over a
 * dropped route it never does, and close would wait for it for ever.
 */
async function endWithin(client: pg.Client) {
  const cut = setTimeout(() => client.connection.stream.destroy(), listenerCheck.timeoutMs);
  try {
    await client.end();
  } finally {
    clearTimeout(cut);
  }
}

/**
 * What `Notifications` offers but sending, as a connection listening on PostgreSQL does
 * (notifications.ts says what each means).
 */
export interface Listener {
  subscribe(channel: string, handler: (payload: string) => void): Promise<void>;
  reliable(): boolean;
  onGap(handler: () => void): void;
  close(): Promise<void>;
}

/**
 * One connection of its own listens on every subscribed channel. Lost (it failed, the server ended
 * it, or the check query went unanswered), it is opened again at once, then after a growing wait
 * between failed tries, for as long as it takes, and listens again on every channel. Resolves once
 * the first connection listens; rejects, as a server that cannot be reached at start should, when
 * it cannot be opened.
 */
export async function listenOnServer(databaseUrl: string, log: Logger): Promise<Listener> {
  const handlers = new Map<string, ((payload: string) => void)[]>();
  const gapHandlers: (() => void)[] = [];
  // Every connection opened and not yet ended, the one being opened included: close ends them all.
  const own = new Set<pg.Client>();
  let current: pg.Client | undefined;
  let closed = false;
  // At most one timer runs: the next check while listening, or the wait before the next try.
  let timer: NodeJS.Timeout | undefined;
  let wake = () => {};

  const gap = () => {
    for (const handler of gapHandlers) handler();
  };

  const deliver = ({ channel, payload = '' }: pg.Notification) => {
    for (const handler of handlers.get(channel) ?? []) {
      // A handler's error would otherwise be thrown inside pg's socket reading and end the process.
      try {
        handler(payload);
      } catch (error) {
        log.error({ err: error, channel }, 'vendo: a notification handler failed');
      }
    }
  };

  const listenOn = (client: pg.Client, channel: string) => client.query(`listen ${client.escapeIdentifier(channel)}`);

  /** Opens a connection that listens on every channel, or throws (and leaves none open). */
  const open = async (): Promise<pg.Client> => {
    if (closed) throw new Error('the notification connection is closed');
    const client = new pg.Client({
      connectionString: databaseUrl,
      application_name: notificationConnectionName,
      // A connection that stops answering without closing (a dropped route) is found by the check
      // query: it fails after 2 s instead of waiting forever.
      keepAlive: true,
      query_timeout: listenerCheck.timeoutMs,
      connectionTimeoutMillis: connectTimeoutMs,
    });
    own.add(client);
    // Always heard, for the client's whole life: an 'error' nobody listens to ends the process.
    client.on('error', (error) => lost(client, error));
    client.once('end', () => {
      own.delete(client);
      lost(client, new Error('the notification connection ended'));
    });
    client.on('notification', deliver);
    try {
      // Ended while it was being opened (by close), pg's connect never settles: its end settles it.
      const ended = new Promise<never>((_, reject) => {
        client.once('end', () => reject(new Error('the notification connection ended while opening')));
      });
      await Promise.race([client.connect(), ended]);
      // A channel subscribed while these run is listened to too: a Map's iteration reaches entries added during it.
      for (const channel of handlers.keys()) await listenOn(client, channel);
      if (closed) throw new Error('the notification connection is closed');
      return client;
    } catch (error) {
      await endWithin(client);
      throw error;
    }
  };

  const listening = (client: pg.Client) => {
    current = client;
    check(client);
  };

  const check = (client: pg.Client) => {
    timer = setTimeout(() => {
      client.query('select 1').then(
        () => {
          if (client === current && !closed) check(client);
        },
        (error: unknown) => lost(client, error),
      );
    }, listenerCheck.everyMs);
  };

  /** The listening connection is lost: ended for good, and another one opened. */
  function lost(client: pg.Client, error: unknown) {
    // Once closed, or for a connection already given up or not yet listening, nothing to act on.
    if (closed || client !== current) return;
    current = undefined;
    clearTimeout(timer);
    void endWithin(client);
    log.error({ err: error }, 'vendo: the notification connection failed');
    gap();
    void reconnect();
  }

  const reconnect = async () => {
    for (let attempt = 1; !closed; attempt++) {
      log.warn({ attempt }, 'vendo: reconnecting the notification connection');
      try {
        const client = await open();
        listening(client);
        log.info({ attempt }, 'vendo: the notification connection listens again');
        gap();
        return;
      } catch (error) {
        if (closed) return;
        const retryInMs = reconnectDelayMs(attempt);
        log.warn({ err: error, retryInMs }, 'vendo: the notification connection could not be opened');
        await new Promise<void>((resolve) => {
          wake = resolve;
          timer = setTimeout(resolve, retryInMs);
        });
      }
    }
  };

  listening(await open());
  return {
    async subscribe(channel, handler) {
      const known = handlers.get(channel);
      if (known) {
        known.push(handler);
        return;
      }
      handlers.set(channel, [handler]);
      // Away from the server, the channel is listened to on the connection opened next.
      if (current) await listenOn(current, channel);
    },
    reliable: () => current !== undefined,
    onGap(handler) {
      gapHandlers.push(handler);
    },
    async close() {
      closed = true;
      current = undefined;
      clearTimeout(timer);
      wake();
      await Promise.all([...own].map(endWithin));
    },
  };
}
