import type { ThemeName } from '@vendo/ui';

/**
 * A new release's service worker waits (build/service-worker.ts) instead of swapping the app's code
 * under the member; the app offers it, and the member chooses when to reload into it. Loaded after
 * the page (main.tsx), so neither the first paint nor the entry's size pays for it.
 */
export async function registerServiceWorker(theme: ThemeName): Promise<void> {
  const registration = await navigator.serviceWorker.register('/sw.js');
  // Only a worker that would replace an active one is an update. Not the page's controller: WebKit gives the
  // page one while the very first worker installs, and the banner then offered a release on a first visit.
  const offer = (worker: ServiceWorker | null) => {
    if (worker && registration.active && registration.active !== worker) void showUpdate(worker, theme);
  };
  offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') offer(worker);
    });
  });
}

let shown = false;

/** The banner lives in a root of its own: a release is rare, and the app's tree stays as it is. */
async function showUpdate(worker: ServiceWorker, theme: ThemeName) {
  if (shown) return;
  shown = true;
  const { mountUpdateBanner } = await import('./update-banner.tsx');
  mountUpdateBanner(worker, theme);
}
