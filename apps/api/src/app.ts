import { buildOpenApi } from '@vendo/core/openapi';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import type { ServerConfig } from './config.ts';
import { identify } from './http/auth.ts';
import type { AppEnv } from './http/env.ts';
import { requestFrame } from './http/frame.ts';
import type { PageRenderer } from './http/page-renderer.ts';
import { answerProblem, problem } from './http/problem.ts';
import { answerFailure } from './http/refusals.ts';
import { compressionThresholdBytes } from './http/response-headers.ts';
import { securityHeaders } from './http/security-headers.ts';
import { headersByPath, serveWebApp } from './http/web-app.ts';
import { balanceRefundRoutes } from './routes/balance-refunds.ts';
import { cardRoutes } from './routes/cards.ts';
import { dealRoutes } from './routes/deals.ts';
import type { Deps } from './routes/deps.ts';
import { devRoutes } from './routes/dev.ts';
import { healthRoutes } from './routes/health.ts';
import { keypadRoutes } from './routes/keypad.ts';
import { machineRoutes } from './routes/machines.ts';
import { mediaRoutes } from './routes/media.ts';
import { memberExtraRoutes } from './routes/member-extras.ts';
import { memberRoutes } from './routes/members.ts';
import { outsideWorldRoutes } from './routes/outside-world.ts';
import { type ProviderSettings, providerRoutes } from './routes/provider.ts';
import { receiptRoutes } from './routes/receipts.ts';
import { rewardRoutes } from './routes/rewards.ts';
import { rfidRoutes } from './routes/rfids.ts';
import { speiBankRoutes, speiRoutes } from './routes/spei.ts';
import { statementRoutes } from './routes/statement.ts';
import { storePaymentRoutes } from './routes/store-payments.ts';
import { topUpRoutes } from './routes/top-ups.ts';

export interface AppOptions {
  readonly webRoot: string;
  readonly provider: ProviderSettings;
  /** Outside hosts the Content-Security-Policy allows (ServerConfig.securityHosts); none when omitted. */
  readonly securityHosts?: ServerConfig['securityHosts'];
  /** Proxies whose X-Forwarded-For is believed (ServerConfig.trustProxy); none when omitted. */
  readonly trustProxy?: readonly string[];
  /** ServerConfig.publicOrigin: the keypad's WebSocket host for the Content-Security-Policy. */
  readonly publicOrigin?: string | undefined;
  /** The web app's render of a visit's first screen; without it every page is index.html (http/page-renderer.ts). */
  readonly renderPage?: PageRenderer | null;
  /** ServerConfig.rendersPerSecond; RENDERS_PER_SECOND when omitted. */
  readonly rendersPerSecond?: number;
  /** ServerConfig.addressLimitsScale, for the pace of page visits per address; 1 when omitted. */
  readonly addressLimitsScale?: number;
  /** True once the server is shutting down: /readyz answers 503 (RunningServer.close). */
  readonly shuttingDown?: () => boolean;
}

/** Requests over 64 KB are refused before they are read. */
const maxBodyBytes = 64 * 1024;

export function createApp(deps: Deps, options: AppOptions) {
  const app = new Hono<AppEnv>();
  const openApi = buildOpenApi();
  const shuttingDown = options.shuttingDown ?? (() => false);

  // Outermost, so the duration covers all the rest and every answer (API, errors, provider pages,
  // /media, the web app) carries the request id and the security headers.
  app.use(
    '*',
    requestFrame({
      log: deps.log,
      headersFor: headersByPath(
        securityHeaders({
          scriptSources: options.securityHosts?.scripts,
          connectSources: options.securityHosts?.connect,
          frameSources: options.securityHosts?.frames,
          publicOrigin: options.publicOrigin,
        }),
      ),
      trustProxy: options.trustProxy ?? [],
      shuttingDown,
      metrics: deps.metrics,
    }),
  );
  // The methods whose body the API reads; no other method's body is ever read.
  app.on(
    ['POST', 'PUT', 'PATCH', 'DELETE'],
    '*',
    bodyLimit({
      maxSize: maxBodyBytes,
      // The rest of the body is never read, so the connection cannot carry another request: say so,
      // or the client's next request on it meets a closed socket.
      onError: (c) => answerProblem(c, problem(413, 'body_too_large', {}, { Connection: 'close' })),
    }),
  );
  // Probes come before the member's token, the limits and the app: a load balancer has none of them.
  app.route('/', healthRoutes(deps.db, shuttingDown));
  app.use('/api/*', identify(deps.db, deps.sessions));
  // A 500-product inventory is ~250 KB of JSON; compressed it crosses a phone network ten times faster.
  app.use('/api/*', compress({ threshold: compressionThresholdBytes }));
  app.onError(answerFailure(deps.log));

  app.get('/openapi.json', (c) => c.json(openApi));
  app.route('/api/v4', rfidRoutes(deps));
  app.route('/api', keypadRoutes(deps));
  for (const routes of [
    memberRoutes,
    cardRoutes,
    memberExtraRoutes,
    topUpRoutes,
    dealRoutes,
    receiptRoutes,
    statementRoutes,
    rewardRoutes,
    speiRoutes,
    balanceRefundRoutes,
    machineRoutes,
  ]) {
    app.route('/api', routes(deps));
  }
  app.all('/api/*', () => {
    throw problem(404, 'not_found');
  });
  app.route('/provider/spei', speiBankRoutes(deps));
  app.route('/provider/store', storePaymentRoutes(deps));
  app.route('/provider', providerRoutes(deps, options.provider));
  app.route('/', outsideWorldRoutes(deps));
  app.route('/media', mediaRoutes());
  if (deps.devControl !== 'off') app.route('/__dev', devRoutes(deps));

  // The render reads this API in process, as the member's own request: its limits see their address.
  serveWebApp(app, {
    webRoot: options.webRoot,
    renderPage: options.renderPage,
    rendersPerSecond: options.rendersPerSecond,
    addressLimitsScale: options.addressLimitsScale,
    log: deps.log,
    renderFetch: (c) => async (input, init) => app.fetch(new Request(input, init), c.env),
  });
  return app;
}
