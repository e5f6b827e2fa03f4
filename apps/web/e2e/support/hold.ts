import type { Page } from '@playwright/test';

/** Holds the scripts an address matches until the returned function is called: what comes before is seen alone. */
export async function hold(page: Page, script: RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(script, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
