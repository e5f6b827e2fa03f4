// Journeys run in Debian's Chromium. Installs it when missing and we are root; otherwise says what to install.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

import { chromiumPath } from './chromium.ts';

export function ensureChromium(): boolean {
  if (existsSync(chromiumPath)) return true;
  if (process.getuid?.() !== 0) {
    console.error(
      `Debian's Chromium is missing at ${chromiumPath}. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium\n(or set CHROMIUM_PATH to a Chromium binary).`,
    );
    return false;
  }
  console.log(`Installing Debian's Chromium (apt-get install chromium)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const run = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (run.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed (exit ${run.status}).`);
      return false;
    }
  }
  return existsSync(chromiumPath);
}
