// The journeys in WebKit and Firefox (apps/web/playwright.engines.config.ts) run Debian's engines: WebKitGTK
// through WebKitWebDriver under Xvfb, Firefox ESR through WebDriver BiDi. Installs them when missing and we
// are root; otherwise says what to install.
import { ensureDebianPackages } from './ensure-debian-packages.ts';

export const enginePackages = [
  { path: '/usr/bin/WebKitWebDriver', pkg: 'webkit2gtk-driver' },
  { path: '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser', pkg: 'webkit2gtk-driver' },
  { path: '/usr/bin/Xvfb', pkg: 'xvfb' },
  { path: '/usr/bin/firefox-esr', pkg: 'firefox-esr' },
] as const;

export function ensureEngines(): boolean {
  return ensureDebianPackages('WebKitGTK and Firefox ESR', enginePackages);
}
