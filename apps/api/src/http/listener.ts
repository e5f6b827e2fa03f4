import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import type { ServerConfig } from '../config.ts';

/** How long an idle keep-alive connection stays open. */
export const keepAliveMs = 65_000;

/**
 * Node checks the requests under way against their time this often (its default, 30 s, let a request
 * overstay its timeout by as much again): a few times within the timeout, at most each second.
 */
const timeoutCheckMs = (requestTimeoutMs: number) => Math.min(1_000, Math.ceil(requestTimeoutMs / 4));

type ServeOptions = Parameters<typeof serve>[0];

/**
 * Serves `fetch` on the configured address with the limits every role keeps on a client's connection,
 * and answers the HTTP/1.1 server with the URL it listens at.
 */
export async function listen(
  fetch: ServeOptions['fetch'],
  config: Pick<ServerConfig, 'port' | 'host' | 'connections'>,
  extra: Pick<ServeOptions, 'websocket'> = {},
): Promise<{ server: HttpServer; url: string }> {
  const server = await new Promise<ServerType>((resolve) => {
    const { requestTimeoutMs } = config.connections;
    const started = serve(
      {
        fetch,
        port: config.port,
        hostname: config.host,
        ...extra,
        // A request, headers and body, arrives within its time or is answered 408 and its socket closed: a
        // body sent a byte every few seconds no longer holds a connection for Node's default five minutes.
        // An idle keep-alive connection is no request: its wait is keepAliveTimeout's.
        serverOptions: {
          requestTimeout: requestTimeoutMs,
          headersTimeout: requestTimeoutMs,
          connectionsCheckingInterval: timeoutCheckMs(requestTimeoutMs),
        },
      },
      () => resolve(started),
    );
  });
  // Node closes an idle keep-alive connection after 5 s; a client that sends on it at that moment gets a
  // reset instead of an answer. Idle connections stay open longer than a client or a proxy keeps them.
  // serve() makes an HTTP/1.1 server here (no HTTP/2 createServer is passed).
  const http1 = server as HttpServer;
  http1.keepAliveTimeout = keepAliveMs;
  // Past the cap a new connection is closed as it arrives; those open (keypad sockets among them) go on.
  http1.maxConnections = config.connections.max;
  const { port } = server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return { server: http1, url: `http://${host}:${port}` };
}

/**
 * Stops accepting connections and waits for the requests already running, at most `graceMs`;
 * then cuts whatever is left (a request that long, and through `cutTheRest` the upgraded sockets
 * Node no longer counts as its connections: a keypad socket that never answered its close).
 */
export async function drain(server: HttpServer, graceMs: number, cutTheRest: () => void) {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), graceMs);
  });
  if ((await Promise.race([closed, late])) === 'late') {
    server.closeAllConnections();
    cutTheRest();
    await closed;
  }
  clearTimeout(timer);
}
