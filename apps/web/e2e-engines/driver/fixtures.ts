import { test as base } from '@playwright/test';
import { Driver, type Tab } from './driver.ts';
import { startFirefox } from './firefox.ts';
import { startWebKit } from './webkit.ts';

export type EngineName = 'webkit' | 'firefox';

interface Engine {
  openTab(): Promise<Tab>;
  close(): Promise<void>;
}

/**
 * The journeys' fixtures: `engine` (a project option) picks the adapter; each worker starts that engine
 * once, and each test gets a fresh tab of its own at phone size as `driver`. On a failure the screen and
 * the address are attached to the report.
 */
export const test = base.extend<{ driver: Driver }, { engine: EngineName; browserOfWorker: Engine }>({
  engine: ['webkit', { option: true, scope: 'worker' }],
  browserOfWorker: [
    async ({ engine }, use) => {
      const started = engine === 'webkit' ? await startWebKit() : await startFirefox();
      await use(started);
      await started.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  driver: async ({ engine, browserOfWorker, baseURL }, use, info) => {
    const tab = await browserOfWorker.openTab();
    const driver = new Driver(engine, tab, baseURL ?? '');
    try {
      await use(driver);
      if (info.status !== info.expectedStatus) {
        info.attach('address', { body: await tab.url().catch(() => '?'), contentType: 'text/plain' });
        const page = await tab.evaluate(pageState, null).catch((error: unknown) => String(error));
        info.attach('page', { body: JSON.stringify(page, null, 2), contentType: 'application/json' });
        const screen = await tab.screenshot().catch(() => null);
        if (screen) info.attach('screen', { body: Buffer.from(screen), contentType: 'image/png' });
      }
    } finally {
      await tab.close().catch(() => undefined);
    }
  },
});

/** Runs in the page: what a failure report needs beside the screen (the service worker's state, the text). */
async function pageState() {
  const registration = await navigator.serviceWorker?.getRegistration();
  return {
    controlled: Boolean(navigator.serviceWorker?.controller),
    worker: { active: Boolean(registration?.active), waiting: Boolean(registration?.waiting) },
    scrollY: window.scrollY,
    // biome-ignore lint/performance/useDomNodeTextContent: the text drawn for the member, as innerText has it.
    text: document.body.innerText.slice(0, 1_000),
  };
}

export { expect } from '@playwright/test';
