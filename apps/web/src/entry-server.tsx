// The server's render of the first screen of a visit (shared/DESIGN.md: apps/web). A server that serves
// the built app loads this module's build (dist-server/entry-server.js), creates a renderer with the
// built index.html, and asks it for each page: it answers the page's HTML with the screen in it, which
// the browser hydrates (main.tsx), or null, and the server sends index.html as it is for the browser
// to render alone. Nothing here may touch window or document: it runs in Node.
import { setupI18n } from '@lingui/core';
import { createApi, storageKeys } from '@vendo/core';
import { prerender } from 'react-dom/static';
import { Router } from 'wouter';
import { App } from './app/app.tsx';
import { firstPaintCatalogs } from './app/texts.ts';
import { theme } from './lib/config.ts';
import { type AppLocale, acceptedLanguages, preferredLocale } from './lib/i18n/i18n.ts';
import { cookieStorage, serverPlatform } from './lib/platform/server-platform.ts';

export interface RendererOptions {
  /** The built index.html, whose root element receives the screen. */
  readonly template: string;
  /**
   * The provider's API as the server reaches it (the reference API: its own address + /api/), read at
   * each render: a server learns its own address once it listens.
   */
  readonly apiBaseUrl: () => string;
  /** How long a render may take before the page goes out for the browser to render. */
  readonly timeoutMs?: number;
}

/** What a renderer needs of a request, as the web platform's Request has it. */
export type RenderRequest = Pick<Request, 'url' | 'headers'>;

export type Renderer = (request: RenderRequest) => Promise<Response | null>;

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

/** The addresses rendered on the server: `/`, where visits start. */
const serverRendered = new Set(['/']);

async function textsFor(locale: AppLocale) {
  const parts = await Promise.all(firstPaintCatalogs.map((catalog) => catalog[locale]()));
  const texts = setupI18n();
  texts.loadAndActivate({ locale, messages: Object.assign({}, ...parts.map((part) => part.messages)) });
  return texts;
}

export function createRenderer({ template, apiBaseUrl, timeoutMs = 2_000 }: RendererOptions): Renderer {
  if (!template.includes(rootElement) || !template.includes(htmlElement)) {
    throw new Error(`the app's index.html has no ${rootElement} in an ${htmlElement} page`);
  }
  const serverTemplate = paintFirst(template);
  return async (request) => {
    const { pathname } = new URL(request.url);
    if (!serverRendered.has(pathname)) return null;
    const storage = cookieStorage(request.headers.get('cookie'));
    // `/` sends a signed-in member onwards (spec §2): the browser does that, from index.html.
    if (storage.read(storageKeys.token)) return null;
    // The member's own choice (the language switch keeps it in a cookie), else the browser's.
    const locale = preferredLocale(
      storage.read(storageKeys.locale),
      acceptedLanguages(request.headers.get('accept-language')),
    );
    const texts = await textsFor(locale);
    const platform = serverPlatform(storage, (token) =>
      createApi({ baseUrl: apiBaseUrl(), getToken: () => token, getLocale: () => locale }),
    );
    const failures: unknown[] = [];
    const { prelude } = await prerender(
      <Router ssrPath={pathname}>
        <App platform={platform} theme={theme} texts={texts} />
      </Router>,
      { signal: AbortSignal.timeout(timeoutMs), onError: (failure) => void failures.push(failure) },
    );
    const html = await new Response(prelude).text();
    // A screen that failed in part is not sent half-drawn: the browser renders it whole instead.
    if (failures.length > 0) throw new AggregateError(failures, `rendering ${pathname} failed`);
    // Functions, not strings: a `$` in a screen (a price) stays text, never a replacement pattern.
    const page = serverTemplate
      .replace(htmlElement, () => `<html lang="${locale}">`)
      .replace(rootElement, () => `<div id="root">${html}</div>`);
    return new Response(page, {
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        // Drawn for this visitor's language and session: never stored for another.
        'Cache-Control': 'no-cache',
        Vary: 'Cookie, Accept-Language',
      },
    });
  };
}
