import type { Page } from 'playwright-core';

/**
 * Lighthouse's mobile conditions, applied by hand through Chromium's DevTools (issue 31): a CPU four times
 * slower, 150 ms of round trip, 1.6 Mbps down and 750 kbps up. The journeys that type like a member on a
 * cheap phone and bench:first-input run under the same.
 */
export async function asSlowPhone(page: Page): Promise<void> {
  const devTools = await page.context().newCDPSession(page);
  await devTools.send('Network.enable');
  await devTools.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await devTools.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}
