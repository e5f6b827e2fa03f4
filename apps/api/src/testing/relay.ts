import { once } from 'node:events';
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';

/**
 * A TCP relay in front of a PostgreSQL server, for a test to see its client's connections from the
 * moment each one is opened: pg_stat_activity lists a connection only once it has logged in, too
 * late to tell one still being opened from none at all.
 */
export async function relayTo(databaseUrl: string) {
  const target = new URL(databaseUrl);
  const open = new Set<Socket>();
  const pairs = new Set<readonly [Socket, Socket]>();
  let opened = 0;
  let refusing = false;
  const relay = createServer((client) => {
    opened += 1;
    open.add(client);
    client.once('close', () => open.delete(client));
    client.on('error', () => {});
    // A server that is down: the connection is cut before a byte is answered.
    if (refusing) {
      client.destroy();
      return;
    }
    const server = connect(Number(target.port || 5432), target.hostname);
    const pair = [client, server] as const;
    pairs.add(pair);
    client.once('close', () => pairs.delete(pair));
    client.pipe(server).pipe(client);
    // Either side closing closes the other, as on a direct connection; a reset is that close.
    for (const [one, other] of [
      [client, server],
      [server, client],
    ] as const) {
      one.on('error', () => {});
      one.once('close', () => other.destroy());
    }
  });
  relay.listen(0, '127.0.0.1');
  await once(relay, 'listening');
  const url = new URL(databaseUrl);
  url.port = String((relay.address() as AddressInfo).port);
  return {
    /** databaseUrl, through the relay. */
    url: url.href,
    /** How many of the client's connections are open, counting one still logging in. */
    openConnections: () => open.size,
    /** How many connections the client has opened through the relay, refused ones included. */
    openedConnections: () => opened,
    /** From now on, new connections are cut at once (a server that is down); those open are kept. */
    refuse(yes: boolean) {
      refusing = yes;
    },
    /**
     * The connections open stop carrying bytes either way without closing, as over a dropped route:
     * left unread, neither side's bytes nor its end are answered.
     */
    stall() {
      for (const [client, server] of pairs) {
        client.unpipe(server);
        server.unpipe(client);
      }
    },
    /** Resolves when the client opens its next connection, before a byte of it reaches the server. */
    nextConnection: () => once(relay, 'connection').then(() => undefined),
    /** Stops relaying, cutting what is still open. */
    async close() {
      for (const client of open) client.destroy();
      relay.close();
      await once(relay, 'close');
    },
  };
}
