// pnpm bench:first-input — how long after its first paint a server-drawn page's controls answer (`/`, and a
// machine's page with and without tabs), on a slow
// phone (issue 31): Lighthouse's mobile conditions applied by hand through Chromium DevTools (CPU 4x slower,
// 150 ms round trip, 1.6 Mbps down, 750 kbps up), Debian's Chromium at phone size, each run a first visit.
// Builds nothing: run `npx -y pnpm@12.21.0 build` first. Prints figures; it is not a test.
//
// A page's controls answer once every one of them is in the page and enabled (a disabled control ignores
// taps and keys); a control cannot be used before it is painted, so that moment is never earlier than the
// first contentful paint. The gap between the two is the time a member sees a page that ignores them.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumFlags } from '../scripts/chromium.ts';
import { asSlowPhone } from '../scripts/slow-phone.ts';
import { findChromium, freePort, startServer, stop } from './support.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const runs = Number(process.env.VENDO_BENCH_RUNS ?? 5);
/** Issue 31's target: the median gap from first paint to controls that answer. */
const targetGapMs = 100;

/** Each page's controls, as a member meets them on its first screen. */
const pages = [
  {
    path: '/',
    controls: [
      'select[name=country]',
      'input[name=phone]',
      'input[name=privacy]',
      'form.vendo-form button[type=submit]',
      'button[lang]',
    ],
  },
  // Product cards are links; the tabs of a machine with a keypad (`?`: when it has them).
  { path: '/demo', controls: ['a[href^="/product/"]', '[role=tab]?'] },
  { path: '/teclado', controls: ['a[href^="/product/"]', '[role=tab]'] },
];

interface PageFigures {
  readonly fcp: number;
  readonly usable: number;
}

/**
 * Runs in the page from its first byte (as text: the bench compiles for Node, without the DOM's types): when
 * the controls first answer, and the first contentful paint.
 */
const watch = (selectors: string[]) => `(() => {
  const selectors = ${JSON.stringify(selectors)};
  const state = { ready: null, fcp: null };
  window.vendoFirstInput = state;
  const answer = () => {
    if (state.ready !== null) return;
    const all = selectors.every((selector) => {
      const optional = selector.endsWith('?');
      const found = [...document.querySelectorAll(optional ? selector.slice(0, -1) : selector)];
      if (found.length === 0) return optional;
      return found.every((element) => !element.matches(':disabled'));
    });
    if (all) state.ready = performance.now();
  };
  new MutationObserver(answer).observe(document, { subtree: true, childList: true, attributes: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === 'first-contentful-paint') state.fcp = entry.startTime;
    }
  }).observe({ type: 'paint', buffered: true });
})();`;

async function measure(browser: import('playwright-core').Browser, url: string, controls: string[]) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 915 },
    deviceScaleFactor: 2.625,
    isMobile: true,
    hasTouch: true,
    locale: 'es-MX',
  });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: watch(controls) });
    await asSlowPhone(page);
    await page.goto(url, { waitUntil: 'commit' });
    const handle = await page.waitForFunction(
      () => {
        const { ready, fcp } = (
          globalThis as unknown as { vendoFirstInput: { ready: number | null; fcp: number | null } }
        ).vendoFirstInput;
        return ready !== null && fcp !== null ? { ready, fcp } : null;
      },
      undefined,
      { timeout: 60_000, polling: 50 },
    );
    const { ready, fcp } = (await handle.jsonValue()) as { ready: number; fcp: number };
    return { fcp, usable: Math.max(ready, fcp) } satisfies PageFigures;
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const ms = (value: number) => `${Math.round(value)} ms`;

const dataDir = mkdtempSync(join(tmpdir(), 'vendo-bench-first-input-'));
const server = spawn(process.execPath, [join(root, 'apps/api/src/main.ts')], {
  cwd: root,
  env: { ...process.env, PORT: String(await freePort()), HOST: '127.0.0.1', VENDO_DATA_DIR: dataDir },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const browser = await chromium.launch({
  executablePath: findChromium('bench:first-input'),
  args: [...chromiumFlags],
});
let missed = false;
try {
  const base = await startServer(server);
  console.log(`bench:first-input: ${runs} first visits a page, CPU 4x slower, 150 ms RTT, 1.6 Mbps down`);
  for (const { path, controls } of pages) {
    const figures: PageFigures[] = [];
    for (let run = 1; run <= runs; run++) {
      const run_ = await measure(browser, `${base}${path}`, controls);
      figures.push(run_);
      console.log(
        `  ${path} run ${run}: first contentful paint ${ms(run_.fcp)}, controls answer ${ms(run_.usable)}, gap ${ms(run_.usable - run_.fcp)}`,
      );
    }
    const gap = median(figures.map((figure) => figure.usable - figure.fcp));
    const verdict = gap <= targetGapMs ? 'within' : 'OVER';
    if (gap > targetGapMs) missed = true;
    console.log(
      `${path}: median first contentful paint ${ms(median(figures.map((f) => f.fcp)))}, controls answer ${ms(median(figures.map((f) => f.usable)))}, gap ${ms(gap)} (${verdict} the ${targetGapMs} ms target)`,
    );
  }
} finally {
  await browser.close();
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(missed ? 1 : 0);
