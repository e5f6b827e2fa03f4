// The README's test command: every test runner of the repository, then one totals line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ensureChromium } from './ensure-chromium.ts';
import { ensureEngines } from './ensure-engines.ts';
import {
  type PlaywrightReport,
  playwrightFailures,
  type UnhandledError,
  unhandledFailures,
  type VitestReport,
  vitestFailures,
} from './test-reports.ts';

const root = resolve(import.meta.dirname, '..');
const reports = join(root, 'reports');
const bin = (where: string, name: string) => join(root, where, 'node_modules', '.bin', name);

interface Totals {
  readonly runner: string;
  readonly passed: number;
  readonly failed: number;
  /** What failed, by name: printed again beside the totals so a log's tail says which. */
  readonly failures: readonly string[];
}

function run(command: string, args: string[], cwd = root): number {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: process.env });
  return result.status ?? 1;
}

function readReport<T>(file: string): T | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : null;
}

function vitest(runner: string, args: string[] = [], env: NodeJS.ProcessEnv = {}): Totals {
  const file = join(reports, `${runner}.json`);
  const unhandledFile = join(reports, `${runner}-unhandled.json`);
  const result = spawnSync(
    bin('.', 'vitest'),
    [
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--reporter=${join(root, 'scripts/unhandled-errors-reporter.ts')}`,
      `--outputFile.json=${file}`,
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env, VENDO_UNHANDLED_ERRORS_FILE: unhandledFile },
    },
  );
  const report = readReport<VitestReport>(file);
  if (!report) return { runner, passed: 0, failed: 1, failures: [`${runner}: no report`] };
  // A crash outside any test (a broken suite file, an error no test awaited) still fails the run.
  const failed = report.numFailedTests + (result.status !== 0 && report.numFailedTests === 0 ? 1 : 0);
  const unhandled = unhandledFailures(readReport<UnhandledError[]>(unhandledFile) ?? [], root);
  return { runner, passed: report.numPassedTests, failed, failures: [...vitestFailures(report, root), ...unhandled] };
}

/** With VENDO_TEST_DATABASE_URL the API suites run a second time on that PostgreSQL server. */
function vitestOnPostgres(): Totals[] {
  const url = process.env.VENDO_TEST_DATABASE_URL;
  if (!url) {
    console.log('API suites on a PostgreSQL server: skipped (set VENDO_TEST_DATABASE_URL to run them).');
    return [];
  }
  return [vitest('vitest-postgres', ['--project', 'api'])];
}

function playwright(
  runner = 'playwright',
  config?: string,
  browsers = { ready: ensureChromium, name: 'Chromium' },
): Totals {
  if (!browsers.ready()) return { runner, passed: 0, failed: 1, failures: [`${runner}: no ${browsers.name}`] };
  const file = join(reports, `${runner}.json`);
  const status = run(
    bin('apps/web', 'playwright'),
    ['test', ...(config ? ['--config', config] : [])],
    join(root, 'apps/web'),
  );
  const report = readReport<PlaywrightReport>(file);
  if (!report) return { runner, passed: 0, failed: 1, failures: [`${runner}: no report`] };
  const failed = report.stats.unexpected + (status !== 0 && report.stats.unexpected === 0 ? 1 : 0);
  return { runner, passed: report.stats.expected + report.stats.flaky, failed, failures: playwrightFailures(report) };
}

/**
 * With a PostgreSQL server and HAProxy (VENDO_TEST_HAPROXY), the journeys run once more through the
 * load balancer in front of two processes of the release (`pnpm release`, started as an operator
 * starts it), and a replica is killed under a member.
 */
function playwrightThroughReplicas(): Totals[] {
  if (!process.env.VENDO_TEST_DATABASE_URL || !process.env.VENDO_TEST_HAPROXY) {
    console.log('Journeys through a load balancer: skipped (set VENDO_TEST_DATABASE_URL and VENDO_TEST_HAPROXY).');
    return [];
  }
  return [playwright('playwright-replicas', 'playwright.replicas.config.ts')];
}

/**
 * The release (`pnpm release`) the journeys after the first run start as an operator does
 * (VENDO_TEST_RELEASE): the app alone in front of the reference API, and the replicas.
 */
function release(): boolean {
  const folder = join(reports, 'release');
  if (run(process.execPath, [join(root, 'scripts/release.ts'), folder]) !== 0) return false;
  process.env.VENDO_TEST_RELEASE = folder;
  return true;
}

/** The main journeys once more in WebKitGTK and Firefox ESR, from Debian's packages. */
function playwrightInOtherEngines(): Totals {
  return playwright('playwright-engines', 'playwright.engines.config.ts', {
    ready: ensureEngines,
    name: 'WebKitGTK or Firefox ESR',
  });
}

function notBuilt(runner: string): Totals {
  return { runner, passed: 0, failed: 1, failures: [`${runner}: the build failed`] };
}

rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

// Journeys run against the production build, served as the start command serves it.
const built = run(bin('.', 'turbo'), ['run', 'build']) === 0;
const totals = [
  // The API suites use embedded PGlite here; the Postgres run below covers the DATABASE_URL path.
  vitest('vitest', [], { VENDO_TEST_DATABASE_URL: '' }),
  ...vitestOnPostgres(),
  built ? playwright() : notBuilt('playwright'),
  built ? playwrightInOtherEngines() : notBuilt('playwright-engines'),
  ...(built && release()
    ? [playwright('playwright-app-only', 'playwright.app-only.config.ts'), ...playwrightThroughReplicas()]
    : [notBuilt('playwright-app-only (the release)')]),
];

for (const { runner, failures } of totals) for (const failure of failures) console.log(`${runner} failed: ${failure}`);

for (const { runner, passed, failed } of totals) console.log(`${runner} totals: passed ${passed}, failed ${failed}`);
const passed = totals.reduce((sum, t) => sum + t.passed, 0);
const failed = totals.reduce((sum, t) => sum + t.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
