import { serveStatic } from '@hono/node-server/serve-static';
import { buildOpenApi } from '@vendo/core/openapi';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { RENDERS_PER_SECOND, type ServerConfig } from './config.ts';
import { identify } from './http/auth.ts';
import type { AppEnv } from './http/env.ts';
import { requestFrame } from './http/frame.ts';
import { pacePages } from './http/page-pace.ts';
import type { PageRenderer } from './http/page-renderer.ts';
import { answerProblem, problem } from './http/problem.ts';
import { refusalOf } from './http/refusals.ts';
import { logFor } from './http/request-log.ts';
import { compressionThresholdBytes, type HeaderPairs } from './http/response-headers.ts';
import { apiSecurityHeaders, securityHeaders, tokenPageHeaders } from './http/security-headers.ts';
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
import { rfidRoutes } from './routes/rfids.ts';
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

/** Answers that may carry a token, a code or member data: no browser or proxy keeps a copy. */
const neverStored = /^\/(api|__dev|provider)(\/|$)/;
const apiPath = /^\/api(\/|$)/;
const noStore = ['Cache-Control', 'no-store'] as const;

/** The native app's add-card page, opened with the member's token in its query (spec §2). */
const tokenInAddress = /^\/add-payment-method-mobile(\/|$)/;

/**
 * The headers of an answer by its path: the API's JSON, another answer never stored, a page whose address
 * carries a token, any other.
 */
function headersByPath(documentHeaders: HeaderPairs): (path: string) => HeaderPairs {
  const api: HeaderPairs = [...apiSecurityHeaders, noStore];
  const unstored: HeaderPairs = [...documentHeaders, noStore];
  const tokenPage = tokenPageHeaders(documentHeaders);
  return (path) =>
    apiPath.test(path)
      ? api
      : neverStored.test(path)
        ? unstored
        : tokenInAddress.test(path)
          ? tokenPage
          : documentHeaders;
}

/**
 * Paths the app itself never routes to: they answer 404 instead of the app's index.html. A missing
 * /assets/ file is a chunk of another build: index.html in its place is refused as a module and
 * hides the failure the app recovers from (it reloads into the new build). /metrics is served on a port of
 * its own (metrics/serve.ts), never this one: here it is a 404 like any path nobody routes.
 */
const notForTheApp = /^\/(api|__dev|provider|media|assets|metrics)(\/|$)/;

/**
 * The build's hashed files never change under their name: a browser keeps them a year. index.html
 * and sw.js name the current build, so the browser asks again each time (`no-cache` revalidates).
 */
function webCaching(path: string): string {
  return path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
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
  app.onError((failure, c) => {
    const refusal = refusalOf(failure);
    if (refusal) return answerProblem(c, refusal);
    // The stack goes to the log line (with the request's id), never to the client.
    logFor(c, deps.log).error({ err: failure }, 'request failed');
    return answerProblem(c, problem(500, 'internal'));
  });

  app.get('/openapi.json', (c) => c.json(openApi));
  app.route('/api/v4', rfidRoutes(deps));
  app.route('/api', keypadRoutes(deps));
  for (const routes of [memberRoutes, cardRoutes, memberExtraRoutes, topUpRoutes, dealRoutes, machineRoutes]) {
    app.route('/api', routes(deps));
  }
  app.all('/api/*', () => {
    throw problem(404, 'not_found');
  });
  app.route('/provider', providerRoutes(deps, options.provider));
  app.route('/', outsideWorldRoutes(deps));
  app.route('/media', mediaRoutes());
  if (deps.devControl !== 'off') app.route('/__dev', devRoutes(deps));

  // Text assets go out compressed too: the app's first load on a phone network depends on it.
  app.use('*', compress());
  app.use('*', async (c, next) => {
    await next();
    if (c.req.method === 'GET' && c.res.status === 200 && !c.res.headers.has('Cache-Control')) {
      c.header('Cache-Control', webCaching(c.req.path));
    }
  });
  // Visits of the app's pages wait their turn per address (http/page-pace.ts): a flood of them from one
  // place costs the process a few pages a second, whatever they would cost to draw or send.
  const pace = pacePages(options.addressLimitsScale);
  app.get('*', (c, next) => (notForTheApp.test(c.req.path) ? next() : pace(c, next)));
  // A page the web app renders on the server goes out with its first screen in it; a render that fails
  // costs the member nothing but the wait: index.html follows, and the browser renders the page.
  const renderPage = options.renderPage;
  if (renderPage) {
    // The render reads this API in process, as the member's own request: its limits see their address.
    const inProcess = (c: Context<AppEnv>): typeof fetch => {
      return async (input, init) => app.fetch(new Request(input, init), c.env);
    };
    // One budget for the process: a render costs its one core, whoever asks for it.
    const renders = new RateLimiterMemory({ points: options.rendersPerSecond ?? RENDERS_PER_SECOND, duration: 1 });
    const mayDraw = () =>
      renders.consume('renders').then(
        () => true,
        () => false,
      );
    app.get('*', async (c, next) => {
      if (notForTheApp.test(c.req.path)) return next();
      try {
        const page = await renderPage(c.req.raw, { fetch: inProcess(c), mayDraw });
        if (page) return page;
      } catch (failure) {
        logFor(c, deps.log).error({ err: failure }, 'server render failed: index.html went out instead');
      }
      return next();
    });
    // A form a server-drawn page sent before the app took it over (the sign-in form of `/`): a failure here
    // is the member's to see, so it is not swallowed.
    app.post('*', async (c, next) => {
      if (notForTheApp.test(c.req.path)) return next();
      return (await renderPage(c.req.raw, { fetch: inProcess(c) })) ?? next();
    });
  }
  // The build wrote Brotli and gzip copies beside each text file: they go out as they are.
  app.use('*', serveStatic({ root: options.webRoot, precompressed: true }));
  // Every other GET is a route of the single-page app (spec §2): answer its index.html.
  const appIndex = serveStatic({ root: options.webRoot, path: 'index.html', precompressed: true });
  app.get('*', async (c, next) => {
    if (notForTheApp.test(c.req.path)) throw problem(404, 'not_found');
    return appIndex(c, next);
  });
  app.get('*', (c) => c.text('The web app is not built: run the start command from the README.', 503));
  return app;
}
