// Journeys run in Debian's Chromium. Installs it when missing and we are root; otherwise says what to install.
import { chromiumPath } from './chromium.ts';
import { ensureDebianPackages } from './ensure-debian-packages.ts';

export function ensureChromium(): boolean {
  return ensureDebianPackages(
    "Debian's Chromium",
    [{ path: chromiumPath, pkg: 'chromium' }],
    '\n(or set CHROMIUM_PATH to a Chromium binary).',
  );
}
