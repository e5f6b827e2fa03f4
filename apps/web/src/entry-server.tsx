// The server's render of the first screen of a visit (shared/DESIGN.md: apps/web). A server that serves
// the built app loads this module's build (dist-server/entry-server.js), creates a renderer with the
// built index.html, and asks it for each page: it answers the page's HTML with the screen in it, which
// the browser hydrates (main.tsx), or null, and the server sends index.html as it is for the browser
// to render alone. Nothing here may touch window or document: it runs in Node.
import { setupI18n } from '@lingui/core';
import { createApi, STORAGE_LIFETIME_SECONDS, type StoragePort, storageKeys } from '@vendo/core';
import { prerender } from 'react-dom/static';
import { Router } from 'wouter';
import { App } from './app/app.tsx';
import { routeOf } from './app/routes.tsx';
import { firstPaintCatalogs } from './app/texts.ts';
import { type DrawnPage, type DrawnPages, drawnPages } from './drawn-pages.ts';
import { machineOfAddress } from './features/machines/machine-address.ts';
import { machinesCatalog } from './features/machines/texts.ts';
import { signInLeftOf } from './features/sign-in/sign-in-left.ts';
import { theme } from './lib/config.ts';
import { type AppLocale, acceptedLanguages, type Catalog, preferredLocale } from './lib/i18n/i18n.ts';
import { machinePageScript } from './lib/machine-page.ts';
import type { PathName } from './lib/paths.ts';
import { cookieStorage, serverPlatform, storageCookie } from './lib/platform/server-platform.ts';
import { MACHINE_PAGE_KEPT_MS, type MachinePageReads, machinePageReads } from './machine-page-reads.ts';
import { answerSentForm } from './sent-forms.ts';

export interface RendererOptions {
  /** The built index.html, whose root element receives the screen. */
  readonly template: string;
  /**
   * The provider's API as the server reaches it (the reference API: its own address + /api/), read at
   * each render: a server learns its own address once it listens.
   */
  readonly apiBaseUrl: () => string;
  /** How long reading the machine and rendering may take before the page goes out for the browser to render. */
  readonly timeoutMs?: number;
  /** The HTTP client reading the provider's API; the platform's own by default. */
  readonly fetch?: typeof fetch;
  /** Pages drawn at once; a visit past them gets index.html and the browser draws it (issue 32 point 13). */
  readonly concurrentRenders?: number;
  /** Machine pages read for earlier visits (machine-page-reads.ts); a fresh set by default. */
  readonly machinePages?: MachinePageReads;
  /** Pages drawn for earlier first visits (drawn-pages.ts); a fresh set by default. */
  readonly drawnPages?: DrawnPages;
}

/**
 * Pages drawn at once: a render waiting on a slow provider holds its request and its memory; a visit past
 * this many gets index.html at once and the browser draws the page. (How many a second is the server's to
 * say: RenderContext.mayDraw.)
 */
export const CONCURRENT_RENDERS = 4;

/** What a renderer needs of a request, as the web platform's Request has it. */
export type RenderRequest = Pick<Request, 'url' | 'headers'> & Partial<Pick<Request, 'method' | 'formData'>>;

/** What the server knows of one request beyond it. */
export interface RenderContext {
  /**
   * How this request reaches the provider's API, when the server has a better way than `fetch` (the
   * reference API answers in process, so its limits see the member's own address, not the server's).
   */
  readonly fetch?: typeof fetch;
  /** Asked before a page is drawn: false when the server's budget of renders is spent (index.html goes). */
  readonly mayDraw?: () => Promise<boolean>;
}

/**
 * A `GET` of a page: its HTML with the screen drawn, or null for index.html as it is. A `POST` of a form a
 * server-drawn page sent itself (sent-forms.ts): the answer, or null when it is none of them.
 */
export type Renderer = (request: RenderRequest, context?: RenderContext) => Promise<Response | null>;

const rootElement = '<div id="root"></div>';
const htmlElement = '<html lang="es">';
/** The app's own script as Vite writes it into index.html, and the preloads of its imports. */
const appScript = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/;
const appPreloads = /\s*<link rel="modulepreload"[^>]*>/g;

/**
 * The template of a page the server drew: the app's script and preloads give way to /boot.js, which
 * fetches the app once the screen is painted (public/boot.js), so the first paint never waits for it.
 */
export function paintFirst(template: string): string {
  const script = appScript.exec(template);
  if (!script) throw new Error("the app's index.html has no module script under /assets/");
  return template
    .replace(appPreloads, '')
    .replace(
      script[0],
      () => `<meta name="vendo-app" content="${script[1]}" />\n    <script type="module" src="/boot.js"></script>`,
    );
}

/**
 * The screens rendered on the server: `/`, where visits start, and a machine's inventory, where a QR code
 * opens it (by its name, or the machine chosen before), with the catalogs each needs.
 */
const serverRendered: Partial<Record<PathName, readonly Catalog[]>> = {
  signIn: firstPaintCatalogs,
  machineByName: [...firstPaintCatalogs, machinesCatalog],
  machineInventory: [...firstPaintCatalogs, machinesCatalog],
};

async function textsFor(locale: AppLocale, catalogs: readonly Catalog[]) {
  const parts = await Promise.all(catalogs.map((catalog) => catalog[locale]()));
  const texts = setupI18n();
  texts.loadAndActivate({ locale, messages: Object.assign({}, ...parts.map((part) => part.messages)) });
  return texts;
}

/** The machine a machine screen shows: the one its address names, or the one this browser chose before. */
function machineNameFor(route: PathName, pathname: string, storage: StoragePort): string | null {
  if (route === 'machineByName') {
    const named = machineOfAddress(pathname.slice(1));
    return named.ok ? named.name : null;
  }
  return route === 'machineInventory' ? storage.read(storageKeys.machine) : null;
}

/** A sent form waits for the provider as the app's own request would (core's client: 15 s), less a margin. */
const SEND_TIMEOUT_MS = 10_000;

export function createRenderer(options: RendererOptions): Renderer {
  const { template, apiBaseUrl, timeoutMs = 2_000, concurrentRenders = CONCURRENT_RENDERS } = options;
  const machinePages = options.machinePages ?? machinePageReads();
  const drawn = options.drawnPages ?? drawnPages();
  let rendering = 0;
  if (!template.includes(rootElement) || !template.includes(htmlElement)) {
    throw new Error(`the app's index.html has no ${rootElement} in an ${htmlElement} page`);
  }
  const serverTemplate = paintFirst(template);
  return async (request, context = {}) => {
    const { pathname, search } = new URL(request.url);
    const route = routeOf(pathname);
    const catalogs = route && serverRendered[route];
    if (!route || !catalogs) return null;
    const storage = cookieStorage(request.headers.get('cookie'));
    const fetch = context.fetch ?? options.fetch;
    // The member's own choice (the language switch keeps it in a cookie), else the browser's.
    const locale = preferredLocale(
      storage.read(storageKeys.locale),
      acceptedLanguages(request.headers.get('accept-language')),
    );
    if (request.method === 'POST') {
      const { formData } = request;
      if (route !== 'signIn' || !formData) return null;
      const api = createApi({ baseUrl: apiBaseUrl(), getToken: () => null, getLocale: () => locale, fetch });
      const sent = { url: request.url, headers: request.headers, formData: () => formData.call(request) };
      return answerSentForm(sent, api, AbortSignal.timeout(SEND_TIMEOUT_MS));
    }
    // A signed-in member's screens wait for their member (`/` sends them onwards, spec §2): the browser
    // draws those.
    if (storage.read(storageKeys.token)) return null;
    const machineName = machineNameFor(route, pathname, storage);
    /** The page's HTML with the screen drawn, or null when the browser should draw it. */
    const draw = async (): Promise<DrawnPage | null> => {
      const signal = AbortSignal.timeout(timeoutMs);
      const visitor = serverPlatform(storage, (token) =>
        createApi({ baseUrl: apiBaseUrl(), getToken: () => token, getLocale: () => locale, fetch }),
      );
      const machinePage =
        machineName === null ? null : await machinePages.read(machineName, locale, { api: visitor.api, timeoutMs });
      if (route !== 'signIn' && machinePage === null) return null;
      const texts = await textsFor(locale, catalogs);
      const platform = { ...visitor, machinePage, signInLeft: signInLeftOf(storage, Date.now()) };
      const failures: unknown[] = [];
      const { prelude } = await prerender(
        <Router ssrPath={pathname} ssrSearch={search}>
          <App platform={platform} theme={theme} texts={texts} />
        </Router>,
        {
          signal,
          onError: (failure) => void failures.push(failure),
          // Never outlined: React moves a boundary over this size out of place and reveals it with an inline
          // script, which the page's CSP (script-src 'self') refuses, leaving it hidden.
          progressiveChunkSize: Number.POSITIVE_INFINITY,
        },
      );
      const html = await new Response(prelude).text();
      // A screen that failed in part is not sent half-drawn: the browser renders it whole instead.
      if (failures.length > 0) throw new AggregateError(failures, `rendering ${pathname} failed`);
      // Beside the screen, never in it: hydration would take it for part of the screen.
      const data = machinePage ? machinePageScript(machinePage) : '';
      // Functions, not strings: a `$` in a screen (a price) stays text, never a replacement pattern.
      const page = serverTemplate
        .replace(htmlElement, () => `<html lang="${locale}">`)
        .replace(rootElement, () => `<div id="root">${html}</div>${data}`);
      return { html: page, machinePage };
    };
    const answer = ({ html, machinePage }: DrawnPage) => {
      const headers = new Headers({
        'Content-Type': 'text/html; charset=utf-8',
        // Drawn for this visitor's language and session: never stored for another.
        'Cache-Control': 'no-cache',
        Vary: 'Cookie, Accept-Language',
      });
      // The machine shown is the chosen one from the first paint (spec §2 /:vendingMachineName): a product
      // tapped before the app has taken the page over opens on it too. The app stores it the same way.
      if (machinePage) {
        headers.append(
          'Set-Cookie',
          storageCookie(storageKeys.machine, machinePage.machine.name, request.url, STORAGE_LIFETIME_SECONDS),
        );
      }
      return new Response(html, { headers });
    };
    const drawWithinBudget = async (): Promise<DrawnPage | null> => {
      if (rendering >= concurrentRenders || (context.mayDraw && !(await context.mayDraw()))) return null;
      rendering++;
      try {
        return await draw();
      } finally {
        rendering--;
      }
    };
    // A first visit brings nothing of its own: the page drawn for one like it serves it too.
    if (request.headers.has('cookie')) {
      const page = await drawWithinBudget();
      return page && answer(page);
    }
    const page = await drawn.page(locale, `${pathname}${search}`, async () => {
      const made = await drawWithinBudget();
      if (!made) return null;
      const keptMs = machineName === null ? MACHINE_PAGE_KEPT_MS : machinePages.keptFor(machineName, locale);
      return { page: made, keptMs };
    });
    return page && answer(page);
  };
}
