import { setTimeout as sleep } from 'node:timers/promises';
import { findInPage, showsInPage, type Target } from './find.ts';

/** A phone's screen, in CSS pixels: an iPhone 14's. */
export const phoneSize = { width: 390, height: 844 } as const;

/** A browser tab in one engine, as an adapter drives it (webkit.ts, firefox.ts): the little each must do. */
export interface Tab {
  goto(url: string): Promise<void>;
  url(): Promise<string>;
  /** Runs a self-contained function in the page with one JSON argument; its JSON answer. */
  evaluate<A, R>(fn: (arg: A) => R, arg: A): Promise<R>;
  /** Runs `findInPage` and keeps the element for `click` and `type`. */
  find(target: Target): Promise<{ missing: string } | { enabled: boolean; element: TabElement }>;
  /** Cookies on the app's origin, before the page that reads them opens. */
  setCookies(origin: string, cookies: readonly { name: string; value: string }[]): Promise<void>;
  screenshot(): Promise<Uint8Array>;
  close(): Promise<void>;
}

/** An element found in the page: the engine's own pointer and keyboard act on it. */
export interface TabElement {
  click(): Promise<void>;
  /** Types one character, as a key press (the element has the focus). */
  press(character: string): Promise<void>;
}

/** How long a member's screen may take to arrive on a loaded two-core machine. */
const patience = 15_000;
/** A thumb on a phone keyboard: about eight characters a second. */
const keystroke = 120;

/**
 * What a journey does, in any engine: open an address, tap what a member taps (found by its role and
 * name), type at a thumb's speed into a field found by its label, and wait for what the member sees.
 */
export class Driver {
  readonly engine: string;
  readonly #tab: Tab;
  readonly #origin: string;

  constructor(engine: string, tab: Tab, origin: string) {
    this.engine = engine;
    this.#tab = tab;
    this.#origin = origin;
  }

  /** Opens a path of the app, as a typed address or a followed link does. */
  async goto(path: string) {
    await this.#tab.goto(new URL(path, this.#origin).href);
  }

  /** Cookies the app keeps (its language, a stored session), set before it opens. */
  async setCookies(cookies: Record<string, string>) {
    await this.#tab.setCookies(
      this.#origin,
      Object.entries(cookies).map(([name, value]) => ({ name, value })),
    );
  }

  /**
   * Taps the control once it is there, enabled and still (no animation running, as a dialog sliding in):
   * what a member's thumb would do. A tap the engine refuses (covered, not yet in view) is tried again.
   */
  async tap(role: Target['role'], name: string | RegExp, options: { group?: string } = {}) {
    const wanted = target(role, name, options);
    await this.#waitFor(`an enabled ${role} "${String(name)}" to tap`, async () => {
      const found = await this.#tab.find(wanted);
      if ('missing' in found || !found.enabled || (await this.#tab.evaluate(moving, null))) return null;
      await this.#tab.evaluate(countPresses, null);
      await found.element.click();
      if (await this.#reached()) return true;
      console.warn(`${this.engine}: a tap on ${role} "${String(name)}" reached nothing; tapping again`);
      return null;
    });
  }

  /**
   * Whether the last click reached the page: WebKitWebDriver has answered a click as done of which no event
   * (not a pointerdown, not a mousedown) ever reached the page, once in about twenty runs of a journey's
   * first tap. Such a tap is made again; one that reached the page is never repeated. A page that moved on
   * (the tap followed a link or sent a form) got it.
   */
  async #reached(): Promise<boolean> {
    const deadline = Date.now() + 1_000;
    for (;;) {
      const presses = await this.#tab.evaluate(pressesSeen, null).catch(() => null);
      if (presses === null || presses > 0) return true;
      if (Date.now() > deadline) return false;
      await sleep(50);
    }
  }

  /** Taps the field found by its label and types the text into it, a key at a time. */
  async type(label: string, text: string) {
    const field = await this.#waitFor(`an enabled field "${label}"`, async () => {
      const found = await this.#tab.find(target('field', label));
      if ('missing' in found || !found.enabled || (await this.#tab.evaluate(moving, null))) return null;
      await found.element.click();
      return found.element;
    });
    for (const character of text) {
      await field.press(character);
      await sleep(keystroke);
    }
  }

  /** Waits until the control is there (enabled or not). */
  async see(role: Target['role'], name: string | RegExp, options: { group?: string } = {}) {
    await this.#waitFor(`${role} "${String(name)}"`, async () => {
      const found = await this.#tab.find(target(role, name, options));
      return 'missing' in found ? null : true;
    });
  }

  /** Waits until the page shows this text. */
  async seeText(text: string) {
    await this.#waitFor(`the text "${text}"`, async () =>
      (await this.#tab.evaluate(showsInPage, text)) ? true : null,
    );
  }

  /** Waits until the address's path matches. */
  async seePath(path: RegExp) {
    await this.#waitFor(`a path matching ${path}`, async () =>
      path.test(new URL(await this.#tab.url()).pathname) ? true : null,
    );
  }

  /** The page's language (`<html lang>`). */
  lang(): Promise<string> {
    return this.#tab.evaluate(() => document.documentElement.lang, null);
  }

  screenshot(): Promise<Uint8Array> {
    return this.#tab.screenshot();
  }

  url(): Promise<string> {
    return this.#tab.url();
  }

  /** Asks again every 100 ms until `check` answers, or fails naming what never came and what the page had. */
  async #waitFor<T>(what: string, check: () => Promise<T | null>): Promise<T> {
    const deadline = Date.now() + patience;
    let last = '';
    for (;;) {
      try {
        const answer = await check();
        if (answer !== null) return answer;
      } catch (error) {
        // A page navigating away mid-question, a tap the engine refused: ask again.
        last = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
      }
      if (Date.now() > deadline) {
        const at = await this.#tab.url().catch(() => '?');
        throw new Error(`${this.engine}: waited ${patience / 1000} s for ${what} at ${at}${last ? ` (${last})` : ''}`);
      }
      await sleep(100);
    }
  }
}

/** Runs in the page: counts from now the mouse presses that reach it, whatever they land on. */
function countPresses(): void {
  const page = window as unknown as { vendoPresses?: number };
  if (page.vendoPresses === undefined) {
    document.addEventListener(
      'mousedown',
      () => {
        page.vendoPresses = (page.vendoPresses ?? 0) + 1;
      },
      true,
    );
  }
  page.vendoPresses = 0;
}

/** Runs in the page: the presses counted since `countPresses`, or null on a page that has not counted (a new one). */
function pressesSeen(): number | null {
  return (window as unknown as { vendoPresses?: number }).vendoPresses ?? null;
}

/** Runs in the page: whether something is still moving (an animation or transition with an end). */
function moving(): boolean {
  return document
    .getAnimations()
    .some(
      (animation) =>
        animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY,
    );
}

function target(role: Target['role'], name: string | RegExp, options: { group?: string } = {}): Target {
  return {
    role,
    name: typeof name === 'string' ? name : name.source,
    ...(typeof name === 'string' ? {} : { pattern: true }),
    ...options,
  };
}

/** Re-exported for the adapters, which send its source to the page. */
export { findInPage };
