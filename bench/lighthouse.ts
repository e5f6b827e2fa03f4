// pnpm bench:lighthouse — Lighthouse 13 (mobile form factor, default simulated throttling) against the
// production server serving the built web app, in Debian's Chromium. Builds nothing: run
// `npx -y pnpm@12.21.0 build` first. Prints figures; it is not a test. Never downloads a browser.
// Each page is measured VENDO_BENCH_RUNS times (default 5), the pages taken in turn, each as a first
// visit, and judged by its medians, as Lighthouse's own guidance on score variability advises; every run
// is printed too. The floor, a static HTML page (bench/floor.html) served by the same server, is measured
// in every run, and each page's LCP is printed as a ratio to the floor's: the run's machine and load
// weigh on both alike.
import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { chromiumFlags } from '../scripts/chromium.ts';
import { measureScroll } from './scroll.ts';
import { exited, findChromium, freePort, getJson, startServer, stop } from './support.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
/**
 * What Lighthouse's own launcher (chrome-launcher) starts Chromium with, beyond the repository's flags:
 * without them a page of a browser started by hand is scheduled as a background page (slower timers and
 * rendering), and Lighthouse measures a browser no member uses.
 */
const lighthouseFlags = [
  '--disable-features=Translate,OptimizationHints,MediaRouter,DialMediaRouteProvider,InterestFeedContentSuggestions,CertificateTransparencyComponentUpdater,AutofillServerCommunication,PrivacySandboxSettings4,RenderDocument',
  '--disable-extensions',
  '--disable-component-extensions-with-background-pages',
  '--disable-client-side-phishing-detection',
  '--metrics-recording-only',
  '--disable-default-apps',
  '--mute-audio',
  '--no-default-browser-check',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
  '--disable-background-timer-throttling',
  '--disable-ipc-flooding-protection',
  '--password-store=basic',
  '--disable-hang-monitor',
  '--disable-prompt-on-repost',
  '--disable-domain-reliability',
];
/** Issue 19's targets, on the medians of the pages a member opens first from a QR code or the home screen. */
const targets = { performance: 98, accessibility: 100, lcpSeconds: 1.2, lcpToFloor: 1.8, tbtMs: 100 };
const targeted = ['/', '/demo', '/grande'];
const floorPath = '/floor.html';

/** The part of Lighthouse's result this script reads, typed by hand. */
interface Figures {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number; details?: { items?: LongTask[] } } | undefined>;
  runtimeError?: { code: string; message: string };
  runWarnings?: string[];
}

/** One item of Lighthouse's long-tasks audit: times as the simulated phone would take them. */
interface LongTask {
  readonly url?: string;
  readonly duration?: number;
  readonly startTime?: number;
}

/**
 * The run's long tasks (the simulated phone's), each with the script it is charged to: what TBT is made
 * of, so a run says where its blocking time went.
 */
function longTasksOf(figures: Figures): string {
  const tasks = figures.audits['long-tasks']?.details?.items ?? [];
  const listed = tasks.map(({ url = '', duration = 0, startTime = 0 }) => {
    const script = url.startsWith('http') ? new URL(url).pathname : url || 'page';
    return `${Math.round(duration)} ms at ${Math.round(startTime)} ms (${script})`;
  });
  return `long tasks: ${tasks.length}${listed.length > 0 ? ` — ${listed.join(', ')}` : ''}`;
}

/** VENDO_BENCH_REPORTS=folder keeps every run's whole Lighthouse report there (JSON), to look into. */
const reportsDir = process.env.VENDO_BENCH_REPORTS;
if (reportsDir) mkdirSync(reportsDir, { recursive: true });

interface Row {
  readonly path: string;
  readonly performance: number;
  readonly accessibility: number;
  readonly bestPractices: number;
  readonly lcp: number;
  readonly tbt: number;
  readonly cls: number;
}

const describe = (row: Row) =>
  `${row.path.padEnd(14)} performance ${row.performance}, accessibility ${row.accessibility}, best-practices ${row.bestPractices}, ` +
  `LCP ${row.lcp.toFixed(2)} s, TBT ${Math.round(row.tbt)} ms, CLS ${row.cls.toFixed(3)}`;

/** The middle value (the lower of the two middle ones for an even count). */
function middle(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}

/** A page's medians, each figure on its own: the run with the median score need not have the median LCP. */
function medianOf(measured: Row[]): (Row & { runs: number; range: string }) | undefined {
  const first = measured[0];
  if (!first) return undefined;
  const of = (figure: (row: Row) => number) => middle(measured.map(figure));
  const scores = measured.map((row) => row.performance);
  return {
    path: first.path,
    performance: of((row) => row.performance),
    accessibility: of((row) => row.accessibility),
    bestPractices: of((row) => row.bestPractices),
    lcp: of((row) => row.lcp),
    tbt: of((row) => row.tbt),
    cls: of((row) => row.cls),
    runs: measured.length,
    range: `${Math.min(...scores)}–${Math.max(...scores)}`,
  };
}

async function waitForDevTools(port: number, chromium: ChildProcess) {
  for (let attempt = 0; attempt < 150; attempt++) {
    if (chromium.exitCode !== null) throw new Error(`Chromium exited with ${chromium.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`Chromium's DevTools did not answer on port ${port} within 30 s`);
}

/** Sends one command to the browser over DevTools; resolves once it is sent, or answered when `answered`. */
async function browserCommand(port: number, method: string, answered: boolean) {
  const { webSocketDebuggerUrl } = await getJson<{ webSocketDebuggerUrl: string }>(
    `http://127.0.0.1:${port}/json/version`,
  );
  const socket = new WebSocket(webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => {
      socket.send(JSON.stringify({ id: 1, method }));
      if (!answered) resolve();
    });
    socket.addEventListener('message', () => {
      socket.close();
      resolve();
    });
    socket.addEventListener('error', () => reject(new Error('DevTools socket failed')));
  });
}

/** Asks Chromium to close itself over DevTools (it then ends its helper processes), before any signal. */
async function closeBrowser(port: number) {
  try {
    await browserCommand(port, 'Browser.close', false);
  } catch {
    // Already gone, or not answering: the signals in stop() take over.
  }
}

const chromiumPath = findChromium('bench:lighthouse');
if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
  console.error('bench:lighthouse: the web app is not built (apps/web/dist/index.html is missing).');
  console.error('run: npx -y pnpm@12.21.0 build');
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'vendo-lighthouse-data-'));
// The built app as it is, with the floor page beside it, so one server answers both.
const webRoot = mkdtempSync(join(tmpdir(), 'vendo-lighthouse-web-'));
cpSync(join(root, 'apps/web/dist'), webRoot, { recursive: true });
copyFileSync(join(root, 'bench/floor.html'), join(webRoot, floorPath.slice(1)));
const profileDir = mkdtempSync(join(tmpdir(), 'vendo-lighthouse-chromium-'));
const children: ChildProcess[] = [];
let browser: { process: ChildProcess; port: number } | undefined;
let failed = false;
const cleanUp = async () => {
  if (browser) {
    await closeBrowser(browser.port);
    await exited(browser.process, 3000);
  }
  await Promise.all(children.map((child) => stop(child)));
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(webRoot, { recursive: true, force: true });
  rmSync(profileDir, { recursive: true, force: true });
};
// Ctrl-C still stops Chromium and the server.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    cleanUp().finally(() => process.exit(130));
  });
}

try {
  const server = spawn(process.execPath, [join(root, 'apps/api/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      VENDO_DATA_DIR: dataDir,
      VENDO_WEB_ROOT: webRoot,
      // The copy has no dist-server/ beside it: the build's own server render.
      VENDO_WEB_RENDER: join(root, 'apps/web/dist-server/entry-server.js'),
      // As a deployment serves the app, without the dev control; not NODE_ENV=production, which needs a
      // PostgreSQL server and secrets the bench has no use for.
      NODE_ENV: '',
      VENDO_DEV_CONTROL: 'off',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(server);
  const base = await startServer(server);

  const { product_server: machine } = await getJson<{ product_server: { id: number } }>(
    `${base}/api/product_server/demo`,
  );
  const { product_server_items: products } = await getJson<{ product_server_items: { id: number }[] }>(
    `${base}/api/product_servers/${machine.id}/products`,
  );
  const firstProduct = products[0];
  if (!firstProduct) throw new Error('the demo machine has no products');
  const allPaths = ['/', '/demo', '/grande', `/product/${firstProduct.id}`];
  // VENDO_BENCH_PATHS=/grande,/demo measures only those pages (and the floor, always).
  const only = process.env.VENDO_BENCH_PATHS?.split(',');
  const paths = [floorPath, ...(only ? allPaths.filter((path) => only.includes(path)) : allPaths)];

  const debuggingPort = await freePort();
  const chromium = spawn(
    chromiumPath,
    [
      ...chromiumFlags,
      ...lighthouseFlags,
      `--remote-debugging-port=${debuggingPort}`,
      `--user-data-dir=${profileDir}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  children.push(chromium);
  browser = { process: chromium, port: debuggingPort };
  await waitForDevTools(debuggingPort, chromium);

  const runs = Math.max(1, Number(process.env.VENDO_BENCH_RUNS ?? 5));
  console.log(
    `bench:lighthouse — Lighthouse 13, mobile, default throttling, ${runs} runs a page, ${chromiumPath}, server ${base}`,
  );
  const rows: Row[] = [];
  const score = (figures: Figures, id: string) => {
    const value = figures.categories[id]?.score;
    return value === null || value === undefined ? Number.NaN : Math.round(value * 100);
  };
  const metric = (figures: Figures, id: string) => figures.audits[id]?.numericValue ?? Number.NaN;
  for (let run = 1; run <= runs; run++) {
    for (const path of paths) {
      // Lighthouse clears the page's storage but not its cookies, where the app keeps the member's
      // machine: without this every run after the first would measure a returning visit.
      await browserCommand(debuggingPort, 'Storage.clearCookies', true);
      const result = await lighthouse(`${base}${path}`, {
        port: debuggingPort,
        logLevel: 'error',
        output: 'json',
        formFactor: 'mobile',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
      const figures = result.lhr as unknown as Figures;
      if (figures.runtimeError) {
        failed = true;
        console.log(`${path}: Lighthouse failed: ${figures.runtimeError.code} ${figures.runtimeError.message}`);
        continue;
      }
      const row = {
        path,
        performance: score(figures, 'performance'),
        accessibility: score(figures, 'accessibility'),
        bestPractices: score(figures, 'best-practices'),
        lcp: metric(figures, 'largest-contentful-paint') / 1000,
        tbt: metric(figures, 'total-blocking-time'),
        cls: metric(figures, 'cumulative-layout-shift'),
      };
      rows.push(row);
      console.log(`run ${run}/${runs} ${describe(row)}`);
      console.log(`  ${longTasksOf(figures)}`);
      if (reportsDir)
        writeFileSync(join(reportsDir, `${run}-${path.replaceAll('/', '_')}.json`), String(result.report));
      for (const warning of figures.runWarnings ?? []) console.log(`  warning: ${warning}`);
    }
  }
  const medians = paths.flatMap((path) => {
    const median = medianOf(rows.filter((row) => row.path === path));
    if (median) console.log(`median of ${median.runs}: ${describe(median)} (performance ${median.range})`);
    return median ? [median] : [];
  });
  const floor = medians.find((row) => row.path === floorPath);
  const ratios = new Map(medians.map((row) => [row.path, floor ? row.lcp / floor.lcp : Number.NaN]));
  console.log(`LCP as a ratio to the floor's (${floor ? `${floor.lcp.toFixed(2)} s` : 'not measured'}), medians:`);
  for (const row of medians)
    console.log(`  ${row.path.padEnd(14)} ${(ratios.get(row.path) ?? Number.NaN).toFixed(2)}×`);
  // The 500-product machine scrolls without a long task over 200 ms: judged by the worst run, not the median.
  let longestMs = 0;
  for (let run = 1; run <= runs; run++) {
    const scroll = await measureScroll(debuggingPort, `${base}/grande`);
    longestMs = Math.max(longestMs, scroll.longestMs);
    console.log(
      `run ${run}/${runs} /grande scroll (phone, 4x CPU): ${scroll.scrolledPx} px, ${scroll.longTasks} long tasks, ` +
        `longest ${Math.round(scroll.longestMs)} ms, layout shift ${scroll.layoutShift.toFixed(3)}`,
    );
  }
  console.log(`/grande scroll: longest task over ${runs} runs ${Math.round(longestMs)} ms (target: none over 200 ms)`);
  const missed = medians.filter(
    (row) =>
      targeted.includes(row.path) &&
      !(
        row.performance >= targets.performance &&
        row.accessibility >= targets.accessibility &&
        row.lcp <= targets.lcpSeconds &&
        (ratios.get(row.path) ?? Number.NaN) <= targets.lcpToFloor &&
        row.tbt <= targets.tbtMs
      ),
  );
  console.log(
    `targets on ${targeted.join(', ')}: performance >= ${targets.performance}, accessibility ${targets.accessibility}, ` +
      `LCP <= ${targets.lcpSeconds} s and <= ${targets.lcpToFloor}× the floor, TBT <= ${targets.tbtMs} ms` +
      ` — ${missed.length === 0 && !failed ? 'all met' : `missed on ${missed.map((row) => row.path).join(', ') || 'a failed run'}`}`,
  );
} catch (error) {
  failed = true;
  console.error('bench:lighthouse failed:', error instanceof Error ? error.message : error);
} finally {
  await cleanUp();
}
process.exit(failed ? 1 : 0);
