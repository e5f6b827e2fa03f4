import { defineConfig } from '@playwright/test';
import type { EngineName } from './e2e-engines/driver/fixtures.ts';
import { webServer } from './playwright.config.ts';

const port = Number(process.env.E2E_PORT ?? 4173);

/**
 * The main journeys (e2e-engines) in the two engines Playwright cannot bring here, from Debian's packages:
 * WebKitGTK through WebKitWebDriver under Xvfb (selenium-webdriver), Firefox ESR through WebDriver BiDi
 * (puppeteer-core). Same server as the Chromium journeys: the built app served by the API.
 */
export default defineConfig<object, { engine: EngineName }>({
  testDir: 'e2e-engines',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  // A journey types at a thumb's speed and follows a deal through screens that last 8 s each.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../../reports/playwright-engines.json' }]],
  use: { baseURL: `http://127.0.0.1:${port}` },
  projects: [
    { name: 'webkit', use: { engine: 'webkit' } },
    { name: 'firefox', use: { engine: 'firefox' } },
  ],
  // A fresh database's first boot has taken over a minute on a loaded two-core machine.
  webServer: { ...webServer, timeout: 120_000 },
});
