import '@vendo/ui/styles.css';
import './app.css';
import { storageKeys } from '@vendo/core';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadScreen } from './app/routes.tsx';
import { firstPaintCatalogs } from './app/texts.ts';
import { theme } from './lib/config.ts';
import { appLocaleOf, currentLocale, initialLocale, startLocale } from './lib/i18n/i18n.ts';
import { machinePageId } from './lib/machine-page-id.ts';
import { apiWithToken, browserApi } from './lib/platform/api.ts';
import { reloadOnce } from './lib/platform/chunk-reload.ts';
import type { Platform } from './lib/platform/platform.tsx';
import { browserStorage } from './lib/platform/storage.ts';

/** React's own reports of render errors, caught by the error boundary or not, go to the console. */
const report = (error: unknown) => console.error(error);

/**
 * The app's start: storage, the page's own data, the screen's code and texts, then the first render or the
 * hydration of the server's page.
 */
function start() {
  const storage = browserStorage();
  // The data a server-drawn page came with: what a machine page was drawn with (entry-server.tsx), what a
  // sign-in form sent before the app ran left for this page. The code that reads each comes only when it is there.
  const machinePage = document.getElementById(machinePageId)
    ? import('./lib/machine-page.ts').then((page) => page.readMachinePage(document))
    : null;
  const signInLeft = storage.read(storageKeys.signInLeft)
    ? import('./features/sign-in/sign-in-left.ts').then((left) => left.signInLeftOf(storage, Date.now()))
    : null;
  const platform: Platform = {
    storage,
    api: browserApi(storage, currentLocale),
    apiWithToken: (token: string) => apiWithToken(token, currentLocale),
    // Loaded when first used, never with the first paint.
    cardTokeniser: async () => (await import('./lib/platform/tokeniser.ts')).cardTokeniser(),
    qrScanner: async (...scan: Parameters<Platform['qrScanner']>) =>
      (await import('./lib/platform/qr-scanner.ts')).startQrScan(...scan),
  };

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');

  // The app shell is cached for flaky networks; never in development, where it would serve stale code.
  // A server-drawn page loads this module after its paint (public/boot.js), when the page may have loaded.
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    const register = () => void import('./app/app-update.ts').then((update) => update.registerServiceWorker(theme));
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register);
  }

  // A chunk of a build the server no longer has (a release under an open tab): reload into the new one,
  // once. A screen waiting for it stays suspended meanwhile (routes.tsx).
  window.addEventListener('vite:preloadError', () => reloadOnce());

  // The server may have rendered this screen (entry-server.tsx): then the browser takes over its HTML in
  // the language the server chose, rather than drawing the page again.
  const serverRendered = root.hasChildNodes();
  const locale = serverRendered
    ? appLocaleOf(document.documentElement.lang)
    : initialLocale(storage, navigator.languages);

  // The active language's catalog loads first, so the first paint is already translated; the screen of the
  // address loads meanwhile, in that language.
  const localeReady = startLocale(locale, firstPaintCatalogs);
  const screenReady = preloadScreen(window.location.pathname, window.location.search);

  // A page the server drew is taken over once its screen's code and texts are here too: React then hydrates
  // it in one pass, and nothing that arrives meanwhile (a catalog, the session's first steps) can update a
  // part not yet taken over, which React would draw again from scratch, reading its data again.
  const ready = serverRendered ? Promise.all([localeReady, screenReady]) : localeReady;
  void Promise.all([ready, machinePage, signInLeft]).then(([, machinePage, signInLeft]) => {
    const app = (
      <StrictMode>
        <App platform={{ ...platform, machinePage, signInLeft }} theme={theme} />
      </StrictMode>
    );
    const options = { onUncaughtError: report, onCaughtError: report, onRecoverableError: report };
    // As a transition, React hydrates in slices of a few milliseconds, yielding between them, instead of one
    // task that keeps the page from answering a tap (a default-priority hydration never yields).
    if (serverRendered) startTransition(() => void hydrateRoot(root, app, options));
    else createRoot(root, options).render(app);
  });
}

// The bundle's evaluation (compiling and running its top level) is one task, the app's start the next, so
// the page never waits on their sum. Neither the timer nor any request is set from the bundle's top level:
// DevTools (and Lighthouse with it) records where each came from, and for a call made there it parses the
// whole bundle again.
queueMicrotask(() => setTimeout(start));
