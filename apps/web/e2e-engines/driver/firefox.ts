import { existsSync } from 'node:fs';
import puppeteer, { type ElementHandle, type JSHandle } from 'puppeteer-core';
import { findInPage, phoneSize, type Tab } from './driver.ts';

/** Debian's Firefox ESR, driven over WebDriver BiDi (no geckodriver, no downloaded browser). */
export const firefoxPath = '/usr/bin/firefox-esr';

/** One Firefox for a test worker; each test gets a context of its own (its own cookies and storage). */
export async function startFirefox() {
  if (!existsSync(firefoxPath)) throw new Error(`${firefoxPath} is missing: apt-get install -y firefox-esr`);
  const browser = await puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: firefoxPath,
    headless: true,
    extraPrefsFirefox: {
      // A Mexican member's phone, as the Chromium journeys' es-MX.
      'intl.accept_languages': 'es-MX, es',
      // Off the closed network: no update, telemetry or safe-browsing calls.
      'app.update.enabled': false,
      'browser.safebrowsing.malware.enabled': false,
      'browser.safebrowsing.phishing.enabled': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'network.captive-portal-service.enabled': false,
      'network.connectivity-service.enabled': false,
    },
  });
  return {
    async openTab(): Promise<Tab> {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ ...phoneSize, isMobile: true, hasTouch: true });
      const element = (found: ElementHandle) => ({
        click: () => found.click(),
        press: (character: string) => found.type(character),
      });
      return {
        goto: async (url) => {
          await page.goto(url);
        },
        url: async () => page.url(),
        // The function's source, as WebDriver classic sends it: the same text runs in both engines.
        evaluate: async <A, R>(fn: (arg: A) => R, arg: A) =>
          (await page.evaluate(`(${fn.toString()})(${JSON.stringify(arg)})`)) as R,
        async find(target) {
          const found: JSHandle = await page.evaluateHandle(findInPage, target);
          const missing = (await (await found.getProperty('missing')).jsonValue()) as string | undefined;
          if (missing !== undefined) return { missing };
          const enabled = (await (await found.getProperty('enabled')).jsonValue()) as boolean;
          const handle = (await found.getProperty('element')).asElement() as ElementHandle | null;
          if (!handle) return { missing: 'the element left the page' };
          return { enabled, element: element(handle) };
        },
        async setCookies(origin, cookies) {
          const { hostname } = new URL(origin);
          await context.setCookie(...cookies.map((cookie) => ({ ...cookie, domain: hostname, path: '/' })));
        },
        screenshot: () => page.screenshot(),
        close: () => context.close(),
      };
    },
    close: () => browser.close(),
  };
}
