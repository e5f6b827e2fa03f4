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
  const relay = createServer((client) => {
    open.add(client);
    client.once('close', () => open.delete(client));
    const server = connect(Number(target.port || 5432), target.hostname);
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
