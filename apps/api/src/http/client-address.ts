import type { Context } from 'hono';
import proxyaddr from 'proxy-addr';
import type { AppEnv } from './env.ts';

/**
 * The client's address as a request reads it. Behind a proxy the peer is the proxy: the address it
 * forwards (X-Forwarded-For) is believed only when the peer is on the trust list, so a client cannot
 * pick its own address for the rate limits or pass as loopback for the dev control.
 */
export function clientAddressOf(trustProxy: readonly string[]): (c: Context<AppEnv>) => string {
  const trust = proxyaddr.compile([...trustProxy]);
  return (c) => {
    const incoming = c.env?.incoming;
    return incoming?.socket ? normalise(proxyaddr(incoming, trust)) : 'unknown';
  };
}

/** IPv4 clients of a dual-stack socket arrive as ::ffff:a.b.c.d. */
const normalise = (address: string) => address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');

/** 127.0.0.0/8 and ::1: this machine. */
export const isLoopback = (address: string) => /^127\.\d+\.\d+\.\d+$/.test(address) || address === '::1';
