import type { Duplex } from 'node:stream';
import { Hono } from 'hono';
import { collectDefaultMetrics } from 'prom-client';
import type { ServerConfig } from '../config.ts';
import { incomingAddressOf } from '../http/client-address.ts';
import type { AppEnv } from '../http/env.ts';
import { requestFrame } from '../http/frame.ts';
import { drain, listen } from '../http/listener.ts';
import { loadPageRenderer } from '../http/page-renderer.ts';
import { answerFailure } from '../http/refusals.ts';
import { securityHeaders } from '../http/security-headers.ts';
import { headersByPath, serveWebApp } from '../http/web-app.ts';
import type { Logger } from '../log.ts';
import { createMetrics } from '../metrics/metrics.ts';
import { serveMetricsIfSet } from '../metrics/serve.ts';
import { forwardToProvider, forwardUpgrades, providerPaths } from './provider-proxy.ts';

/** A provider slower than this to answer a readiness probe counts as unreachable. */
const probeTimeoutMs = 2_000;

export interface RunningAppServer {
  readonly url: string;
  /** Where /metrics answers (requests by route, and the process), or null when not served. */
  readonly metricsUrl: string | null;
  /** Stops as the reference API does (RunningServer.close): /readyz turns 503, then connections drain. */
  close(): Promise<void>;
}

/**
 * The member app alone in front of another provider's API (VENDO_ROLE=app): its files, its pages drawn
 * on the server from that provider's API, health probes, and the provider's paths passed through on the
 * app's own origin. No database and no emulators: everything a member has is the provider's.
 */
export async function startAppServer(config: ServerConfig, log: Logger): Promise<RunningAppServer> {
  const providerUrl = config.providerUrl;
  if (!providerUrl) throw new Error('VENDO_PROVIDER_URL is required with VENDO_ROLE=app');
  let stopping: Promise<void> | null = null;
  const shuttingDown = () => stopping !== null;
  // The families of what members do (deals, top-ups, codes) are the provider's to count: here, requests.
  const metrics = createMetrics();
  const renderPage = await loadPageRenderer({
    setting: config.webRender,
    webRoot: config.webRoot,
    log,
    apiBaseUrl: () => `${providerUrl}/api/`,
  });
  const app = new Hono<AppEnv>();
  app.use(
    '*',
    requestFrame({
      log,
      headersFor: headersByPath(
        securityHeaders({
          scriptSources: config.securityHosts.scripts,
          connectSources: config.securityHosts.connect,
          frameSources: config.securityHosts.frames,
          publicOrigin: config.publicOrigin,
        }),
      ),
      trustProxy: config.trustProxy,
      shuttingDown,
      metrics,
    }),
  );
  app.onError(answerFailure(log));
  app.get('/healthz', (c) => c.json({ status: 'ok' }, 200, { 'Cache-Control': 'no-store' }));
  app.get('/readyz', async (c) => {
    const notReady = shuttingDown() ? 'shutting_down' : (await providerAnswers(providerUrl)) ? null : 'provider';
    return notReady
      ? c.json({ status: 'not_ready', not_ready: [notReady] }, 503, { 'Cache-Control': 'no-store' })
      : c.json({ status: 'ready' }, 200, { 'Cache-Control': 'no-store' });
  });
  const forward = forwardToProvider(providerUrl, config.publicOrigin);
  // A route each, so the request metric names what was passed on (`/api/*`), never a raw path.
  for (const path of providerPaths) app.all(`${path}/*`, forward);
  // A page's render reads the provider over HTTP, on behalf of the member who asked for it.
  serveWebApp(app, {
    webRoot: config.webRoot,
    renderPage,
    rendersPerSecond: config.rendersPerSecond,
    addressLimitsScale: config.addressLimitsScale,
    log,
    renderFetch: (c) => (input, init) => {
      const request = new Request(input, init);
      request.headers.set('X-Forwarded-For', c.get('clientAddress'));
      return fetch(request);
    },
  });
  const { server, url } = await listen(app.fetch, config);
  const upgraded = new Set<Duplex>();
  server.on(
    'upgrade',
    forwardUpgrades({
      providerUrl,
      addressOf: incomingAddressOf(config.trustProxy),
      publicOrigin: config.publicOrigin,
      open: upgraded,
    }),
  );
  const metricsSetting = config.metrics ?? 'off';
  if (metricsSetting !== 'off') collectDefaultMetrics({ register: metrics.registry });
  const metricsServer = await serveMetricsIfSet(metrics.registry, metricsSetting, log);
  return {
    url,
    metricsUrl: metricsServer?.url ?? null,
    close() {
      stopping ??= (async () => {
        if (config.shutdown.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdown.delayMs));
        await drain(server, config.shutdown.graceMs, () => {
          for (const socket of upgraded) socket.destroy();
        });
        await metricsServer?.close();
      })();
      return stopping;
    },
  };
}

/** Any answer from the provider's API within the probe's time: it is there; its own health is its own. */
async function providerAnswers(providerUrl: string): Promise<boolean> {
  try {
    const answer = await fetch(`${providerUrl}/api/`, { signal: AbortSignal.timeout(probeTimeoutMs) });
    await answer.body?.cancel();
    return answer.status < 500;
  } catch {
    return false;
  }
}
