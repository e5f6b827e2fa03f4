// Scrolls a page at phone size with a 4x slower CPU in the Chromium that bench:lighthouse started, and
// reports the long tasks (over 50 ms, from Chromium's own trace of the main thread) and layout shifts.
import { chromium } from 'playwright-core';

export interface ScrollFigures {
  readonly longTasks: number;
  readonly longestMs: number;
  readonly layoutShift: number;
  readonly scrolledPx: number;
}

/** What the page collects while the bench scrolls it (runs in the browser, typed loosely here in Node). */
interface BenchWindow {
  vendoBench: { longTasks: number[]; shift: number };
  scrollY: number;
  innerHeight: number;
  scrollBy(x: number, y: number): void;
}

declare const document: { documentElement: { scrollHeight: number }; querySelector(selector: string): unknown };
declare const performance: { now(): number };

type Entry = { duration: number; value: number; hadRecentInput: boolean };
type Observer = new (
  callback: (list: { getEntries(): Entry[] }) => void,
) => { observe(options: { type: string; buffered: boolean }): void };

declare const window: BenchWindow;
declare const PerformanceObserver: Observer;
declare function requestAnimationFrame(callback: () => void): number;

export async function measureScroll(debuggingPort: number, url: string): Promise<ScrollFigures> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debuggingPort}`);
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 915 },
      deviceScaleFactor: 2.625,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.vendoBench = { longTasks: [], shift: 0 };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.vendoBench.longTasks.push(entry.duration);
      }).observe({ type: 'longtask', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (!entry.hadRecentInput) window.vendoBench.shift += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(url, { waitUntil: 'networkidle' });
    // The inventory is there once its first category heading is.
    await page.getByRole('heading', { level: 2 }).first().waitFor({ timeout: 30_000 });
    // Only what happens while scrolling counts.
    await page.evaluate(() => {
      window.vendoBench.longTasks = [];
      window.vendoBench.shift = 0;
    });
    // Frames are only drawn for the page in front: Lighthouse's own tab is another page of this browser.
    await page.bringToFront();
    // Scrolls like a member flicking down the list. The inventory adds products as its end nears and
    // marks that end until every product is painted (a spinner stands there while the rest of a long list
    // is read), so at the bottom it waits for the page to grow while either is there (up to 10 s, however
    // slow the machine) and stops once both are gone.
    const scrolledPx = await page.evaluate(async () => {
      // Two frames, or a second if frames stop coming; then the deadline below ends the run with a reason.
      const frame = () =>
        new Promise((resolve) => {
          setTimeout(resolve, 1_000);
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(undefined)));
        });
      const deadline = performance.now() + 120_000;
      const bottom = () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
      const more = () => document.querySelector('.vendo-catalogue-end, main .vendo-spinner') !== null;
      for (;;) {
        if (performance.now() > deadline)
          throw new Error(`scrolled ${window.scrollY} px in 120 s without reaching the end`);
        window.scrollBy(0, Math.round(window.innerHeight * 0.8));
        await frame();
        if (!bottom()) continue;
        if (!more()) return window.scrollY;
        const height = document.documentElement.scrollHeight;
        const started = performance.now();
        while (document.documentElement.scrollHeight === height && performance.now() - started < 10_000) await frame();
        if (document.documentElement.scrollHeight === height) return window.scrollY;
      }
    });
    await page.waitForTimeout(500);
    const figures = await page.evaluate(() => window.vendoBench);
    await context.close();
    return {
      longTasks: figures.longTasks.length,
      longestMs: Math.max(0, ...figures.longTasks),
      layoutShift: figures.shift,
      scrolledPx,
    };
  } finally {
    await browser.close();
  }
}
