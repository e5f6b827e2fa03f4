import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumFlags, chromiumPath } from '../../scripts/chromium.ts';
import { writeQrVideo } from './e2e/support/fake-camera.ts';

const port = Number(process.env.E2E_PORT ?? 4173);

/** The fake camera shows the QR code of the demo machine, as printed for this origin. */
const qrVideo = join(mkdtempSync(join(tmpdir(), 'vendo-camera-')), 'demo-qr.y4m');
writeQrVideo(qrVideo, `http://127.0.0.1:${port}/demo`);

/** Debian's Chromium, never a downloaded browser; the flags keep it off the closed network. */
const chromium = {
  executablePath: chromiumPath,
  args: [
    ...chromiumFlags,
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${qrVideo}`,
  ],
};

/**
 * The product as the README's start command runs it: one process serving the built app and the API.
 * The journeys in other engines (playwright.engines.config.ts) run against it too.
 */
export const webServer = {
  command: 'node ../api/src/main.ts',
  url: `http://127.0.0.1:${port}/openapi.json`,
  reuseExistingServer: false,
  env: {
    PORT: String(port),
    VENDO_DATA_DIR: mkdtempSync(join(tmpdir(), 'vendo-e2e-')),
    // Every journey comes from 127.0.0.1; the per-address limits (code sends and checks, card tokens, keypad
    // connects) are tested in the API suites.
    VENDO_ADDRESS_LIMITS_SCALE: '1000',
    // Every journey's page is drawn on the server, however many the two workers open in one second: a
    // journey that asserts a server-drawn page must never get index.html because another spent the budget.
    VENDO_RENDERS_PER_SECOND: '1000',
  },
};

export default defineConfig({
  testDir: 'e2e',
  // Journeys that stop a replica run only behind the load balancer (playwright.replicas.config.ts).
  testIgnore: 'replicas/**',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  // A machine page waits on a chain of requests (entry, route chunk, API client, lookup, products); on a
  // two-core machine running the server and two browsers that chain alone took 6.4 s, past the default 5 s.
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../../reports/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Members' phones speak Spanish: the app follows the browser's language when none was chosen
    // (English journeys choose it). Playwright's own default would be en-US.
    locale: 'es-MX',
    launchOptions: chromium,
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'pixel-7', use: { ...devices['Pixel 7'], browserName: 'chromium' } },
    // The journeys whose outcome depends on the phone (its size, its store) run at a second size too; the
    // rest would only repeat Pixel 7's run, and WebKit runs the main journeys as an iPhone does
    // (playwright.engines.config.ts).
    { name: 'iphone-14', grep: /@every-phone/, use: { ...devices['iPhone 14'], browserName: 'chromium' } },
  ],
  webServer,
});
