import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono } from 'hono';
import { compress } from 'hono/compress';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { RENDERS_PER_SECOND } from '../config.ts';
import type { Logger } from '../log.ts';
import type { AppEnv } from './env.ts';
import { pacePages } from './page-pace.ts';
import type { PageRenderer } from './page-renderer.ts';
import { problem } from './problem.ts';
import { logFor } from './request-log.ts';
import type { HeaderPairs } from './response-headers.ts';
import { apiSecurityHeaders, tokenPageHeaders } from './security-headers.ts';

// The member app as a server answers it, in either role (the reference API's, or the app alone in front of
// another provider: app-only/): its files, its pages drawn on the server, index.html for every other route.

export interface WebAppOptions {
  /** The built web app (its index.html, assets and their compressed copies). */
  readonly webRoot: string;
  /** The web app's render of a visit's first screen; without it every page is index.html (page-renderer.ts). */
  readonly renderPage?: PageRenderer | null | undefined;
  /** ServerConfig.rendersPerSecond; RENDERS_PER_SECOND when omitted. */
  readonly rendersPerSecond?: number | undefined;
  /** ServerConfig.addressLimitsScale, for the pace of page visits per address; 1 when omitted. */
  readonly addressLimitsScale?: number | undefined;
  readonly log: Logger;
  /** How a page's render reaches the provider's API for this visit (in process, or over HTTP). */
  readonly renderFetch: (c: Context<AppEnv>) => typeof fetch;
}

/** Answers that may carry a token, a code or member data: no browser or proxy keeps a copy. */
const neverStored = /^\/(api|__dev|provider)(\/|$)/;
const apiPath = /^\/api(\/|$)/;
const noStore = ['Cache-Control', 'no-store'] as const;

/**
 * Pages opened with a secret in their query: the native app's add-card page, with the member's token (spec §2),
 * and the page of a confirmation e-mail's link, with the link's token (issue 35 point 4).
 */
const tokenInAddress = /^\/(add-payment-method-mobile|confirm-email)(\/|$)/;

/**
 * The headers of an answer by its path: the API's JSON, another answer never stored, a page whose address
 * carries a token, any other.
 */
export function headersByPath(documentHeaders: HeaderPairs): (path: string) => HeaderPairs {
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
export const notForTheApp = /^\/(api|__dev|provider|media|assets|metrics)(\/|$)/;

/**
 * The build's hashed files never change under their name: a browser keeps them a year. index.html
 * and sw.js name the current build, so the browser asks again each time (`no-cache` revalidates).
 */
function webCaching(path: string): string {
  return path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Serves the member app on `app`, after every route of the server's own. */
export function serveWebApp(app: Hono<AppEnv>, options: WebAppOptions): void {
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
    const readApi = options.renderFetch;
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
        const page = await renderPage(c.req.raw, { fetch: readApi(c), mayDraw });
        if (page) return page;
      } catch (failure) {
        logFor(c, options.log).error({ err: failure }, 'server render failed: index.html went out instead');
      }
      return next();
    });
    // A form a server-drawn page sent before the app took it over (the sign-in form of `/`): a failure here
    // is the member's to see, so it is not swallowed.
    app.post('*', async (c, next) => {
      if (notForTheApp.test(c.req.path)) return next();
      return (await renderPage(c.req.raw, { fetch: readApi(c) })) ?? next();
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
}
