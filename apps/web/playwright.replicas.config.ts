import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import journeys from './playwright.config.ts';

const port = Number(process.env.E2E_PORT ?? 4173);

// The replicas' process ids, for the journey that kills one (the runner and its workers agree on it).
process.env.E2E_REPLICAS_STATE = join(tmpdir(), `vendo-replicas-${port}.json`);
// What a page shows is the same whichever replica answers: the journeys' own run scans it (e2e/support/axe.ts).
process.env.E2E_AXE_SCANS = 'off';

/**
 * The journeys once more, through HAProxy in front of two API processes on one PostgreSQL database
 * (README "Several replicas"), at one phone size; then, once they are done, a replica is killed in
 * the middle of a deal and a card link.
 */
export default defineConfig({
  ...journeys,
  reporter: [['list'], ['json', { outputFile: '../../reports/playwright-replicas.json' }]],
  // Every request crosses HAProxy to one of two API processes and PostgreSQL, on the two cores the browsers
  // use too: a journey with three axe scans has taken 32 s here. Expectations keep their own 10 s.
  timeout: 60_000,
  projects: [
    {
      name: 'replicas',
      // What only the page decides (the slow phone's typing, a screen's own timeouts, layout, focus, the
      // service worker's release) is the same whichever replica answers: those journeys run once, above.
      testIgnore: [
        'replicas/**',
        'first-paint.spec.ts',
        'waiting.spec.ts',
        'layout.spec.ts',
        'navigation.spec.ts',
        'release.spec.ts',
      ],
      use: { ...devices['Pixel 7'], browserName: 'chromium' },
    },
    {
      name: 'replica-killed',
      testDir: 'e2e/replicas',
      testIgnore: [],
      dependencies: ['replicas'],
      use: { ...devices['Pixel 7'], browserName: 'chromium' },
    },
  ],
  webServer: {
    command: 'node ../api/src/testing/serve-replicas.ts',
    url: `http://127.0.0.1:${port}/readyz`,
    reuseExistingServer: false,
    // A fresh database, its migrations and demo world, two replicas and HAProxy.
    timeout: 120_000,
    env: {
      E2E_PORT: String(port),
      E2E_REPLICAS_STATE: process.env.E2E_REPLICAS_STATE,
      VENDO_ADDRESS_LIMITS_SCALE: '1000',
      VENDO_RENDERS_PER_SECOND: '1000',
    },
  },
});
