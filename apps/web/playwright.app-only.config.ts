import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import journeys from './playwright.config.ts';

const port = Number(process.env.E2E_PORT ?? 4173);
/** The reference API, playing another provider the app runs in front of. */
const providerPort = port + 1;
const providerOrigin = `http://127.0.0.1:${providerPort}`;
// The journeys' dev control (texts, members, machine scripts) is the provider's, not the app's (e2e/support).
process.env.E2E_DEV_ORIGIN = providerOrigin;
/** The release as an operator ships it (VENDO_TEST_RELEASE, `pnpm release`), or the sources in its place. */
const release = process.env.VENDO_TEST_RELEASE;
const perAddress = { VENDO_ADDRESS_LIMITS_SCALE: '1000', VENDO_RENDERS_PER_SECOND: '1000' };

/**
 * The member app alone (VENDO_ROLE=app) in front of the reference API on another port, as an operator of
 * a real provider runs it (issue 33 point 1): sign-in and a purchase through to the machine's delivery.
 */
export default defineConfig({
  ...journeys,
  reporter: [['list'], ['json', { outputFile: '../../reports/playwright-app-only.json' }]],
  projects: [
    {
      name: 'app-only',
      testMatch: ['sign-in.spec.ts', 'deals.spec.ts'],
      use: { ...devices['Pixel 7'], browserName: 'chromium' },
    },
  ],
  webServer: [
    {
      command: 'node ../api/src/main.ts',
      url: `${providerOrigin}/openapi.json`,
      reuseExistingServer: false,
      env: {
        PORT: String(providerPort),
        VENDO_DATA_DIR: mkdtempSync(join(tmpdir(), 'vendo-provider-')),
        // Members reach it through the app's origin, which forwards their address.
        VENDO_PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
        VENDO_TRUST_PROXY: 'loopback',
        // The app's process serves /metrics on this machine's default port.
        VENDO_METRICS_PORT: 'off',
        ...perAddress,
      },
    },
    {
      command: release ? `node ${join(release, 'main.js')}` : 'node ../api/src/main.ts',
      url: `http://127.0.0.1:${port}/readyz`,
      reuseExistingServer: false,
      env: { PORT: String(port), VENDO_ROLE: 'app', VENDO_PROVIDER_URL: providerOrigin, ...perAddress },
    },
  ],
});
