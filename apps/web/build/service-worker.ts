import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * The app's service worker: the app shell (index.html and the built
 * assets) is cached so a reload on a flaky network still opens the app. API
 * answers, dev control and provider pages are never cached: they carry member data.
 */
function workerSource(version: string, shell: string[]): string {
  return `// Generated at build time by build/service-worker.ts.
const CACHE = 'vendo-shell-${version}';
const SHELL = ${JSON.stringify(shell)};
const NEVER = /^\\/(api|__dev|provider|voucher-provider|campaign|openapi\\.json)(\\/|$)/;

// A new release waits until the member chooses to update (the app's "New version" banner) or every
// tab has closed: open tabs keep the code and the cache they started with.
self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)));
});

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || NEVER.test(url.pathname)) return;
  if (request.mode === 'navigate') {
    // Fresh when online; the cached shell when the network fails.
    event.respondWith(fetch(request).catch(() => caches.match('/index.html')));
    return;
  }
  if (SHELL.includes(url.pathname)) {
    event.respondWith(caches.match(request).then((cached) => cached || fetch(request)));
    return;
  }
  // Code left out of the precache (the QR scanner) is kept once a member has loaded it.
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.match(request).then(
        (cached) =>
          cached ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              void caches.open(CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
  }
});
`;
}

/** A chunk of the QR scanner (@zxing, ~120 KB gzip): only members who open the camera need it. */
const onDemand = (chunk: { moduleIds?: readonly string[] }) =>
  chunk.moduleIds?.some((id) => id.includes('/@zxing/')) ?? false;

/** The illustrations the screens draw (public/illustrations), so they show offline too. */
function illustrations(publicDir: string | undefined): string[] {
  const folder = publicDir ? join(publicDir, 'illustrations') : '';
  return folder && existsSync(folder) ? readdirSync(folder).map((file) => `/illustrations/${file}`) : [];
}

export function serviceWorker(): Plugin {
  let publicDir: string | undefined;
  return {
    name: 'vendo-service-worker',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir || undefined;
    },
    generateBundle(_, bundle) {
      const files = Object.keys(bundle).filter(
        (file) =>
          !file.endsWith('.map') && !file.startsWith('.vite/') && !onDemand(bundle[file] as { moduleIds?: string[] }),
      );
      const shell = [
        '/index.html',
        '/manifest.webmanifest',
        '/icons/icon-192.png',
        ...illustrations(publicDir),
        ...files.map((file) => `/${file}`),
      ];
      const version = createHash('sha256').update(shell.join('\n')).digest('hex').slice(0, 12);
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: workerSource(version, [...new Set(shell)]) });
    },
  };
}
