import { expect, type Page, test } from '@playwright/test';
import { PhoneVerificationPage } from './pages/phone-verification.ts';
import { appRuns, SignInPage } from './pages/sign-in.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { chunkOf } from './support/chunks.ts';
import { hold } from './support/hold.ts';
import { freshPhone, lastCode } from './support/members.ts';

// Issue 19: the first screen of a visit comes from the server as HTML, and the browser takes it over.

/** Everything the page reports as an error: React's hydration mismatches are among them (main.tsx). */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The machine and product reads the browser makes (the server's page should spare it every one). */
function machineReads(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/api\/product_servers?\//.test(pathname)) reads.push(pathname);
  });
  return reads;
}

/**
 * Keeps the first element matching `selector` as the server drew it, before any of the app's code has run;
 * `stillThere()` then says whether the page still holds that very node (taken over, not drawn again).
 */
async function serverNode(page: Page, selector: string) {
  await page.addInitScript((wanted) => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as { serverNode?: Element | null }).serverNode = document.querySelector(wanted);
    });
  }, selector);
  return {
    stillThere: () =>
      page.evaluate(() => {
        const node = (window as { serverNode?: Element | null }).serverNode;
        return Boolean(node) && document.contains(node ?? null);
      }),
  };
}

/** The app's own module: held, the server's page is seen alone first. */
const appModule = /\/assets\/index-[\w-]+\.js$/;
/** The sign-in flow's chunk, which comes after the app has taken the page over. */
const loginFlowChunk = chunkOf('src/features/sign-in/login-flow.ts');

test.describe('/ with JavaScript off (issue 19 point 3)', () => {
  test.use({ javaScriptEnabled: false });

  test('shows the sign-in form in Spanish, the default', async ({ page }) => {
    const signIn = new SignInPage(page);

    await signIn.open({ untilTheAppRuns: false });

    await expect(signIn.phone()).toBeVisible();
    await expect(page.getByRole('button', { name: signIn.text.send })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  });

  test('shows it in English to a member who chose English', async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: 'vendo.locale', value: 'en', url: baseURL ?? '' }]);
    const signIn = new SignInPage(page, 'en');

    await signIn.open({ untilTheAppRuns: false });

    await expect(signIn.phone()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test.describe('in a browser that speaks English', () => {
    test.use({ locale: 'en-US' });

    test('shows it in English', async ({ page }) => {
      const signIn = new SignInPage(page, 'en');

      await signIn.open({ untilTheAppRuns: false });

      await expect(signIn.phone()).toBeVisible();
    });
  });
});

test("the server's / passes an axe scan before any of the app's code runs (issue 19 point 3)", async ({ page }) => {
  // axe runs as a script of its own, so the page keeps JavaScript and only the app's code is refused.
  await page.route(/\/(boot|assets\/.+)\.js$/, (route) => route.abort());
  const signIn = new SignInPage(page);

  await signIn.open({ untilTheAppRuns: false });

  await expect(signIn.phone()).toBeEditable();
  await expectNoAxeViolations(page);
});

test.describe('/ hydrated (issue 19 point 3)', () => {
  for (const lang of ['es', 'en'] as const) {
    test(`the browser takes over the server's page in ${lang} without drawing it again or a mismatch`, async ({
      page,
      baseURL,
    }) => {
      if (lang === 'en') await page.context().addCookies([{ name: 'vendo.locale', value: 'en', url: baseURL ?? '' }]);
      const errors = errorsOf(page);
      const signIn = new SignInPage(page, lang);
      // The app's code waits until the server's heading has been seen, so the two can be compared.
      const release = await hold(page, appModule);

      const answer = await page.goto('/', { waitUntil: 'commit' });
      await expect(page.getByRole('heading', { level: 1, name: signIn.text.heading })).toBeVisible();
      // Issue 31: the form is the browser's own until then, and what is typed into it stays.
      await signIn.phone().pressSequentially('55123');
      await page.evaluate(() => {
        (window as { serverHeading?: Element | null }).serverHeading = document.querySelector('h1');
      });
      release();

      await appRuns(page);
      await signIn.phone().pressSequentially('45678');
      await expect(signIn.phone()).toHaveValue('5512345678');
      expect(await answer?.text()).toContain(`<h1>${signIn.text.heading}</h1>`);
      const sameHeading = await page.evaluate(
        () => (window as { serverHeading?: Element | null }).serverHeading === document.querySelector('h1'),
      );
      expect(sameHeading).toBe(true);
      expect(errors).toEqual([]);
    });
  }

  test('keeps what a member types once the form can be used', async ({ page }) => {
    const signIn = new SignInPage(page);
    await signIn.open();

    await signIn.fill('5512345678');

    await expect(signIn.phone()).toHaveValue('5512345678');
    await expect(page.getByRole('checkbox', { name: signIn.text.privacy })).toBeChecked();
  });

  test("sends what is typed and sent before the sign-in flow's own chunk arrives, once it does (issue 31)", async ({
    page,
    request,
  }) => {
    const errors = errorsOf(page);
    const signIn = new SignInPage(page);
    const release = await hold(page, loginFlowChunk);
    const flowAsked = page.waitForRequest(loginFlowChunk);
    const phone = freshPhone();

    await signIn.open({ untilTheAppRuns: false });
    await flowAsked;
    await signIn.fill(phone);
    await signIn.send();
    release();

    await new PhoneVerificationPage(page).expectOpen();
    expect(await lastCode(request, phone)).toMatch(/^\d{4}$/);
    expect(errors).toEqual([]);
  });
});

test.describe('/:vendingMachineName with JavaScript off (issue 19 point 3)', () => {
  test.use({ javaScriptEnabled: false });

  for (const lang of ['es', 'en'] as const) {
    test(`shows the machine's products and their prices, in ${lang}`, async ({ page, baseURL }) => {
      await page.context().addCookies([{ name: 'vendo.locale', value: lang, url: baseURL ?? '' }]);

      await page.goto('/demo');

      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('button', { name: '@demo' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText('Bebidas');
      const water = page.getByRole('link', { name: /Agua natural 600 ml/ });
      await expect(water).toBeVisible();
      // A price keeps its `$` (the page is assembled with no replacement patterns).
      await expect(water).toContainText(/\$\d+\.\d{2}/);
    });
  }
});

test.describe('/:vendingMachineName hydrated (issue 19 points 1 and 3)', () => {
  for (const lang of ['es', 'en'] as const) {
    test(`the browser takes over the machine's page in ${lang}, reads neither machine nor products again, and moves to /machine-inventory`, async ({
      page,
      baseURL,
    }) => {
      if (lang === 'en') await page.context().addCookies([{ name: 'vendo.locale', value: lang, url: baseURL ?? '' }]);
      const errors = errorsOf(page);
      const reads = machineReads(page);
      const release = await hold(page, appModule);

      await page.goto('/demo', { waitUntil: 'commit' });
      const water = page.getByRole('link', { name: /Agua natural 600 ml/ });
      await expect(water).toBeVisible();
      await expect(page.getByRole('button', { name: '@demo' })).toBeDisabled();
      await water.evaluate((element) => {
        (window as { serverCard?: Element }).serverCard = element;
      });
      release();

      await expect(page).toHaveURL(/\/machine-inventory$/);
      await expect(page.getByRole('button', { name: '@demo' })).toBeEnabled();
      const sameCard = await water.evaluate((element) => (window as { serverCard?: Element }).serverCard === element);
      expect(sameCard).toBe(true);
      expect(reads).toEqual([]);
      expect(errors).toEqual([]);
      await expectNoAxeViolations(page);
    });

    test(`takes the machine's page over as it arrives in ${lang}, keeping the server's nodes (issue 19 point 1)`, async ({
      page,
      baseURL,
    }) => {
      if (lang === 'en') await page.context().addCookies([{ name: 'vendo.locale', value: lang, url: baseURL ?? '' }]);
      const reads = machineReads(page);
      const card = await serverNode(page, 'a[href^="/product/"]');

      await page.goto('/demo');

      await expect(page).toHaveURL(/\/machine-inventory$/);
      await expect(page.getByRole('button', { name: '@demo' })).toBeEnabled();
      expect(await card.stillThere()).toBe(true);
      expect(reads).toEqual([]);
    });
  }

  test("takes a page drawn on the coins tab over keeping the server's keypad: no key is drawn again under a finger (issue 31)", async ({
    page,
  }) => {
    const errors = errorsOf(page);
    const key = await serverNode(page, '.vendo-keypad button');

    await page.goto('/teclado?tab=coins');

    await expect(page).toHaveURL(/\/machine-inventory$/);
    await expect(page.getByRole('button', { name: '@teclado' })).toBeEnabled();
    expect(await key.stillThere()).toBe(true);
    expect(errors).toEqual([]);
  });
});

test('a product tapped while the browser takes the machine page over opens (issue 19 point 3)', async ({ page }) => {
  // Taps the first product as soon as React has reached its card, while it is still taking the page over:
  // the tap must open the product, and the move of the address to /machine-inventory must not undo it.
  await page.addInitScript(() => {
    const tapOnceReactHasTheCard = () => {
      const card = document.querySelector<HTMLAnchorElement>('a[href^="/product/"]');
      if (!card || !Object.keys(card).some((key) => key.startsWith('__reactFiber'))) {
        requestAnimationFrame(tapOnceReactHasTheCard);
        return;
      }
      card.click();
    };
    requestAnimationFrame(tapOnceReactHasTheCard);
  });

  await page.goto('/demo');

  await expect(page).toHaveURL(/\/product\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Agua natural 600 ml' })).toBeVisible();
});

test('a member who scrolled while the app took the page over stays where they scrolled: the move to /machine-inventory is not a new screen', async ({
  page,
}) => {
  // The screen's announcer comes after the member's scroll, as on a slow phone (it once took the page back
  // to its heading, and the end of the list out of reach).
  const announcer = chunkOf('src/app/screen-heading.ts');
  await page.route(announcer, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  const announced = page.waitForResponse(announcer);
  await page.goto('/grande');
  await expect(page.getByRole('button', { name: '@grande' })).toBeEnabled();

  await page.evaluate(() => window.scrollTo(0, 600));
  await announced;
  await expect(page).toHaveURL(/\/machine-inventory$/);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));

  expect(await page.evaluate(() => window.scrollY)).toBe(600);
  await expect(page.getByRole('heading', { level: 1 })).not.toBeFocused();
});

test.describe('a machine with more products than a page carries (issue 19 point 4)', () => {
  const texts = {
    es: { failed: 'No se pudieron cargar los demás productos', retry: 'Intentar de nuevo' },
    en: { failed: 'The other products could not be loaded', retry: 'Try again' },
  } as const;
  const productReads = /\/api\/product_servers\/\d+\/products$/;
  const products = (page: Page) => page.locator('main a[href^="/product/"]');

  /** Scrolls to the end of the inventory until more than the first screen's products are drawn. */
  async function expectMoreThanTheFirstScreen(page: Page) {
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        return products(page).count();
      })
      .toBeGreaterThan(12);
  }

  test("the page carries the first screen's products; the rest are read once, when the member scrolls to them", async ({
    page,
  }) => {
    const errors = errorsOf(page);
    const reads = machineReads(page);

    await page.goto('/grande');

    const embedded = JSON.parse((await page.locator('#vendo-machine').textContent()) ?? 'null');
    expect([embedded.complete, embedded.items.length]).toEqual([false, 12]);
    await expect(page).toHaveURL(/\/machine-inventory$/);
    await expect(page.getByRole('button', { name: '@grande' })).toBeEnabled();
    await expect(products(page)).toHaveCount(12);
    expect(reads).toEqual([]);
    await expectMoreThanTheFirstScreen(page);
    expect(reads.map((read) => productReads.test(read))).toEqual([true]);
    expect(errors).toEqual([]);
  });

  for (const lang of ['es', 'en'] as const) {
    test(`keeps the first screen's products when the rest cannot be read, and reads them again, in ${lang}`, async ({
      page,
      baseURL,
    }) => {
      if (lang === 'en') await page.context().addCookies([{ name: 'vendo.locale', value: lang, url: baseURL ?? '' }]);
      await page.route(productReads, (route) => route.abort('internetdisconnected'));
      await page.goto('/grande');
      await expect(page.getByRole('button', { name: '@grande' })).toBeEnabled();

      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));

      await expect(page.getByRole('alert')).toContainText(texts[lang].failed);
      await expect(products(page)).toHaveCount(12);
      await expectNoAxeViolations(page);
      await page.unroute(productReads);
      await page.getByRole('button', { name: texts[lang].retry }).click();
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expectMoreThanTheFirstScreen(page);
    });
  }
});
