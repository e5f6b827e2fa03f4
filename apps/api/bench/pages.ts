// bench:api's run of anonymous machine pages (issue 32 point 13): the deal polls' p95 alone, then beside
// 50 visitors opening a large machine's page over and over, on one process on embedded PGlite. The
// target is a p95 within 2× of the polls' own; the run says whether it held.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServerProcess } from '../src/testing/process.ts';
import { type Step, step } from './load.ts';
import { pollTarget } from './poll-target.ts';

/** What the run asks: polls at a member screen's pace, visitors at the same moment, how long each part. */
export const pagesRule = { pollsPerSecond: 100, visitors: 50, seconds: 10, machine: 'grande', target: 2 } as const;

export interface PagesRun {
  readonly alone: Step;
  readonly beside: Step;
  /** Machine pages answered a second while the polls were measured beside them, and how. */
  readonly pagesPerSecond: number;
  readonly drawn: number;
  readonly indexHtml: number;
  readonly failed: number;
  readonly ratio: number;
}

/** Visitors with no session opening the page again as soon as it has come, until told to stop. */
function visitors(base: string, count: number) {
  const tally = { drawn: 0, indexHtml: 0, failed: 0 };
  let stopped = false;
  const visitor = async () => {
    while (!stopped) {
      try {
        const answer = await fetch(`${base}/${pagesRule.machine}`, { headers: { 'Accept-Language': 'es-MX' } });
        const page = await answer.text();
        if (!answer.ok) tally.failed++;
        // A drawn page carries the machine it read beside the screen; index.html has an empty root.
        else if (page.includes('id="vendo-machine"')) tally.drawn++;
        else tally.indexHtml++;
      } catch {
        tally.failed++;
      }
    }
  };
  const running = Array.from({ length: count }, visitor);
  return {
    tally,
    async stop() {
      stopped = true;
      await Promise.all(running);
    },
  };
}

export async function measurePages(serverEnv: NodeJS.ProcessEnv): Promise<PagesRun> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vendo-bench-'));
  // The built app, as the start command serves it: pages are drawn by its server render.
  const webRoot = fileURLToPath(new URL('../../web/dist', import.meta.url));
  // The visitors are counted as a deployment counts them: one place, paced as one address (the polls read
  // no per-address limit).
  const env = { ...serverEnv, VENDO_WEB_ROOT: webRoot, VENDO_ADDRESS_LIMITS_SCALE: '1' };
  const server = await startServerProcess({ dataDir }, env, false);
  try {
    const target = await pollTarget(server.url);
    const { pollsPerSecond, seconds } = pagesRule;
    await step(server.url, target, pollsPerSecond / 2, 2);
    const alone = await step(server.url, target, pollsPerSecond, seconds);
    const pages = visitors(server.url, pagesRule.visitors);
    // The visitors' first pages (connections opened, the machine read) before anything counts.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const before = { ...pages.tally };
    const started = performance.now();
    const beside = await step(server.url, target, pollsPerSecond, seconds);
    const elapsed = (performance.now() - started) / 1000;
    const during = {
      drawn: pages.tally.drawn - before.drawn,
      indexHtml: pages.tally.indexHtml - before.indexHtml,
      failed: pages.tally.failed - before.failed,
    };
    await pages.stop();
    return {
      alone,
      beside,
      ...during,
      pagesPerSecond: (during.drawn + during.indexHtml + during.failed) / elapsed,
      ratio: beside.p95 / alone.p95,
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The run's lines, as bench:api prints them. */
export function pagesReport(run: PagesRun): string[] {
  const { pollsPerSecond, visitors: count, machine, target } = pagesRule;
  return [
    `deal polls at ${pollsPerSecond}/s beside ${count} visitors opening /${machine} (500 products) with no session, 1 process on embedded PGlite`,
    `  polls alone: p50 ${ms(run.alone.p50)}, p95 ${ms(run.alone.p95)}, p99 ${ms(run.alone.p99)}, errors ${run.alone.errors}`,
    `  beside the pages: p50 ${ms(run.beside.p50)}, p95 ${ms(run.beside.p95)}, p99 ${ms(run.beside.p99)}, errors ${run.beside.errors}`,
    `  pages: ${Math.round(run.pagesPerSecond)}/s (drawn ${run.drawn}, index.html past the cap ${run.indexHtml}, failed ${run.failed})`,
    `  polls' p95 beside the pages: ${run.ratio.toFixed(2)}× alone (target ≤ ${target}×): ${run.ratio <= target ? 'held' : 'NOT HELD'}`,
  ];
}
