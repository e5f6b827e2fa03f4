import type { MiddlewareHandler } from 'hono';
import proxyaddr from 'proxy-addr';
import type { AppEnv } from './env.ts';

/**
 * Sets the client's address on every request. Behind a proxy the peer is the proxy: the address it
 * forwards (X-Forwarded-For) is believed only when the peer is on the trust list, so a client cannot
 * pick its own address for the rate limits or pass as loopback for the dev control.
 */
export function clientAddress(trustProxy: readonly string[]): MiddlewareHandler<AppEnv> {
  const trust = proxyaddr.compile([...trustProxy]);
  return async (c, next) => {
    const incoming = c.env?.incoming;
    c.set('clientAddress', incoming?.socket ? normalise(proxyaddr(incoming, trust)) : 'unknown');
    await next();
  };
}

/** IPv4 clients of a dual-stack socket arrive as ::ffff:a.b.c.d. */
const normalise = (address: string) => address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');

/** 127.0.0.0/8 and ::1: this machine. */
export const isLoopback = (address: string) => /^127\.\d+\.\d+\.\d+$/.test(address) || address === '::1';
