import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import type { MetricsSetting } from '../config.ts';
import type { Logger } from '../log.ts';

export interface MetricsServer {
  /** Where /metrics answers (http://host:port/metrics). */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Serves the registry at GET /metrics on a port of its own, never the public one: what it shows (routes,
 * refusals, queue depth) is for the operator's scraper, which reaches it on loopback or a private network.
 * Plain node:http: one path, no middleware of the app's.
 */
export async function serveMetrics(registry: Registry, at: { host: string; port: number }): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://metrics').pathname;
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'Content-Type': registry.contentType }).end(text),
      // A reading that failed (the database away) fails the scrape: the scraper's `up` says so.
      () => response.writeHead(500, { 'Content-Type': 'text/plain' }).end('metrics could not be read\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(at.port, at.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = at.host.includes(':') ? `[${at.host}]` : at.host;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * Serves /metrics when the setting asks for it. A port already taken (a second process on one machine)
 * costs the scrape, never the members: the server logs it and goes on without /metrics.
 */
export async function serveMetricsIfSet(
  registry: Registry,
  setting: MetricsSetting,
  log: Pick<Logger, 'error'>,
): Promise<MetricsServer | null> {
  if (setting === 'off') return null;
  return serveMetrics(registry, setting).catch((error: unknown) => {
    log.error({ err: error }, 'vendo: /metrics could not listen: serving without it');
    return null;
  });
}
