import type { IncomingMessage } from 'node:http';
import { isIPv6 } from 'node:net';
import type { Context } from 'hono';
import proxyaddr from 'proxy-addr';
import type { AppEnv } from './env.ts';

/**
 * The client's address as a request reads it. Behind a proxy the peer is the proxy: the address it
 * forwards (X-Forwarded-For) is believed only when the peer is on the trust list, so a client cannot
 * pick its own address for the rate limits or pass as loopback for the dev control.
 */
export function clientAddressOf(trustProxy: readonly string[]): (c: Context<AppEnv>) => string {
  const addressOf = incomingAddressOf(trustProxy);
  return (c) => {
    const incoming = c.env?.incoming;
    return incoming ? addressOf(incoming) : 'unknown';
  };
}

/** The same, for a Node request no Hono context wraps (a WebSocket upgrade). */
export function incomingAddressOf(trustProxy: readonly string[]): (incoming: IncomingMessage) => string {
  const trust = proxyaddr.compile([...trustProxy]);
  return (incoming) => (incoming.socket ? normalise(proxyaddr(incoming, trust)) : 'unknown');
}

/** IPv4 clients of a dual-stack socket arrive as ::ffff:a.b.c.d. */
const normalise = (address: string) => address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');

/** 127.0.0.0/8 and ::1: this machine. */
export const isLoopback = (address: string) => /^127\.\d+\.\d+\.\d+$/.test(address) || address === '::1';

/**
 * What the per-address limits count a client as (issue 32 point 3): an IPv4 address itself, an IPv6
 * address its /64, the least a network hands one subscriber (a phone's mobile network gives it a /64 of
 * its own), so a client cannot take a fresh address per request out of its 2^64.
 */
export function addressGroup(address: string): string {
  const bare = address.split('%')[0] ?? '';
  if (!isIPv6(bare)) return address;
  const [head = '', tail] = bare.split('::');
  const groups = (part: string | undefined) =>
    // A dotted IPv4 tail is the last 32 bits: two groups, past the /64 anyway.
    part ? part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : [];
  const start = groups(head);
  const end = groups(tail);
  const full = [...start, ...Array<string>(8 - start.length - end.length).fill('0'), ...end];
  return `${full
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
