import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Duplex } from 'node:stream';
import type { Context } from 'hono';
import { proxy } from 'hono/proxy';
import type { AppEnv } from '../http/env.ts';

/**
 * What the member app asks of its own origin that the provider answers: its API (the keypad's WebSocket
 * among it), its card tokeniser and its product pictures. The app calls them on its own origin (`/api/`),
 * so one build of it serves any provider, with no cross-origin calls for the browser to allow.
 */
export const providerPaths = ['/api', '/provider', '/media'] as const;

/** The headers that say whom a request is for, as the provider reads them behind this process. */
function forwarded(address: string, host: string | undefined, secure: boolean) {
  return {
    'X-Forwarded-For': address,
    'X-Forwarded-Proto': secure ? 'https' : 'http',
    ...(host ? { 'X-Forwarded-Host': host } : {}),
  };
}

/**
 * Sends a request to the provider as it came, less its hop-by-hop headers (hono/proxy), with the
 * member's address (as this process's trust list reads it) and the host they asked for.
 */
export function forwardToProvider(providerUrl: string, publicOrigin: string | undefined) {
  const secure = publicOrigin?.startsWith('https:') ?? false;
  return (c: Context<AppEnv>) => {
    const incoming = new URL(c.req.url);
    const target = new URL(`${incoming.pathname}${incoming.search}`, providerUrl);
    return proxy(target, {
      raw: c.req.raw,
      headers: {
        ...c.req.header(),
        host: undefined,
        ...forwarded(c.get('clientAddress'), c.req.header('host'), secure),
      },
    });
  };
}

/**
 * A WebSocket upgrade (the keypad) passed to the provider and the two sockets joined once it accepts.
 * Answered sockets are kept in `open` so a shutdown can cut them; an upgrade the provider refuses gets
 * its status and is closed.
 */
export function forwardUpgrades(options: {
  readonly providerUrl: string;
  readonly addressOf: (incoming: IncomingMessage) => string;
  readonly publicOrigin: string | undefined;
  readonly open: Set<Duplex>;
}) {
  const secure = options.publicOrigin?.startsWith('https:') ?? false;
  return (incoming: IncomingMessage, client: Duplex, head: Buffer) => {
    const target = new URL(incoming.url ?? '/', options.providerUrl);
    if (!/^\/api\//.test(target.pathname)) {
      client.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const outgoing = send(target, {
      method: incoming.method,
      headers: {
        ...incoming.headers,
        host: target.host,
        ...forwarded(options.addressOf(incoming), incoming.headers.host, secure),
      },
    });
    client.on('error', () => outgoing.destroy());
    outgoing.on('error', () => client.destroy());
    outgoing.on('response', (answer) => {
      client.end(
        `HTTP/1.1 ${answer.statusCode ?? 502} ${answer.statusMessage ?? ''}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
      );
      answer.resume();
    });
    outgoing.on('upgrade', (answer, upstream, upstreamHead) => {
      const lines = [`HTTP/1.1 101 ${answer.statusMessage ?? 'Switching Protocols'}`];
      for (let index = 0; index < answer.rawHeaders.length; index += 2) {
        lines.push(`${answer.rawHeaders[index]}: ${answer.rawHeaders[index + 1]}`);
      }
      client.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (upstreamHead.length > 0) client.write(upstreamHead);
      if (head.length > 0) upstream.write(head);
      for (const socket of [client, upstream]) {
        options.open.add(socket);
        socket.on('close', () => options.open.delete(socket));
      }
      upstream.on('error', () => client.destroy());
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      upstream.pipe(client).pipe(upstream);
    });
    outgoing.end();
  };
}
