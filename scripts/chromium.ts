/** Debian's Chromium, never a downloaded browser (the machine's network is closed). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Flags every headless Chromium of the repository starts with (journeys, benchmarks). Without the
 * background-networking ones Chromium floods the closed network with connections that are refused.
 */
export const chromiumFlags: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
