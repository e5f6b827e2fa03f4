import type { Locator, Page } from '@playwright/test';

/** Scrolls down as a member would until `last` is on the page: the inventory adds products as its end nears. */
export async function scrollUntil(page: Page, last: Locator) {
  const deadline = Date.now() + 45_000;
  while ((await last.count()) === 0) {
    if (Date.now() > deadline) throw new Error('the end of the inventory never arrived');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(50);
  }
}
