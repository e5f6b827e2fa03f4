import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Builder, type WebDriver, type WebElement } from 'selenium-webdriver';
import { findInPage, phoneSize, type Tab } from './driver.ts';
import { freePort, start, stop, until } from './processes.ts';

/** Debian's webkit2gtk-driver: the WebDriver server and the browser it drives (WebKitGTK, the iPhone's engine). */
export const webkitDriverPath = '/usr/bin/WebKitWebDriver';
export const miniBrowserPath = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/**
 * MiniBrowser's toolbar would keep its window wider than a phone (447 px): this GTK style shrinks the
 * browser's own widgets, never the page.
 */
const smallToolbar =
  'window * { font-size: 1px; min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; }';

/** Xvfb on a display nobody uses and WebKitWebDriver on a free port, for one test worker. */
export async function startWebKit() {
  for (const path of [webkitDriverPath, miniBrowserPath]) {
    if (!existsSync(path)) throw new Error(`${path} is missing: apt-get install -y webkit2gtk-driver xvfb`);
  }
  const home = mkdtempSync(join(tmpdir(), 'vendo-webkit-'));
  mkdirSync(join(home, 'gtk-3.0'));
  writeFileSync(join(home, 'gtk-3.0', 'gtk.css'), smallToolbar);

  // -displayfd: Xvfb takes the first free display and writes its number once it accepts clients.
  const xvfb = start('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], { fd3: true });
  const display = await new Promise<string>((resolve, reject) => {
    let written = '';
    (xvfb.child.stdio[3] as Readable).on('data', (chunk: Buffer) => {
      written += chunk.toString();
      if (written.includes('\n')) resolve(`:${written.trim()}`);
    });
    xvfb.child.once('exit', () => reject(new Error(`Xvfb stopped: ${xvfb.errors()}`)));
  });

  const port = await freePort();
  const server = start(webkitDriverPath, [`--port=${port}`, '--host=127.0.0.1'], {
    env: { DISPLAY: display, XDG_CONFIG_HOME: home },
  });
  const url = `http://127.0.0.1:${port}`;
  await until('WebKitWebDriver', 15_000, async () => (await fetch(`${url}/status`)).ok);

  return {
    /** A fresh MiniBrowser (its own cookies and storage) at phone size. */
    openTab: () => openTab(url),
    async close() {
      await stop(server.child);
      await stop(xvfb.child);
      rmSync(home, { recursive: true, force: true });
    },
  };
}

async function openTab(server: string): Promise<Tab> {
  const session = new Builder()
    .usingServer(server)
    .withCapabilities({
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': { binary: miniBrowserPath, args: ['--automation'] },
    })
    .build();
  const driver = await within(30_000, 'WebKitWebDriver opening a MiniBrowser', session);
  await within(15_000, 'MiniBrowser taking a phone size', toPhoneSize(driver));
  return webkitTab(driver);
}

/** The step, or an error naming it once it has taken longer than `ms`. */
async function within<T>(ms: number, step: string, running: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${step} took over ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([running, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The window's size less what the browser draws around the page: the page gets a phone's screen. */
async function toPhoneSize(driver: WebDriver) {
  await driver
    .manage()
    .window()
    .setRect({ x: 0, y: 0, ...phoneSize });
  const inner = (await driver.executeScript('return [innerWidth, innerHeight]')) as [number, number];
  await driver
    .manage()
    .window()
    .setRect({ width: phoneSize.width * 2 - inner[0], height: phoneSize.height * 2 - inner[1] });
}

function webkitTab(driver: WebDriver): Tab {
  const element = (found: WebElement) => ({
    click: () => found.click(),
    press: (character: string) => found.sendKeys(character),
  });
  return {
    goto: (url) => driver.get(url),
    url: () => driver.getCurrentUrl(),
    evaluate: async <A, R>(fn: (arg: A) => R, arg: A) =>
      (await driver.executeScript(`return (${fn.toString()})(arguments[0]);`, arg)) as R,
    async find(target) {
      const found = (await driver.executeScript(`return (${findInPage.toString()})(arguments[0]);`, target)) as
        | { missing: string }
        | { enabled: boolean; element: WebElement };
      return 'missing' in found ? found : { enabled: found.enabled, element: element(found.element) };
    },
    async setCookies(origin, cookies) {
      // WebDriver sets cookies on the open page's origin: be on it first (a small document of the API).
      if (!(await driver.getCurrentUrl()).startsWith(origin)) await driver.get(`${origin}/openapi.json`);
      for (const cookie of cookies) await driver.manage().addCookie({ ...cookie, path: '/' });
    },
    screenshot: async () => Buffer.from(await driver.takeScreenshot(), 'base64'),
    close: () => driver.quit(),
  };
}
