import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { chunkOf } from './support/chunks.ts';

/** The machine-selection screen's own chunk (not the texts' catalog). */
const screenChunk = chunkOf('src/features/machines/machine-selection.tsx');

/** Goes to a route inside the running app, as a link would: no new document. */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Counts the documents the tab loads from now on (each reload). */
function countDocuments(page: Page) {
  const documents = { count: 0 };
  page.on('load', () => documents.count++);
  return documents;
}

test.describe('a new release under an open tab (issue 15 point 24)', () => {
  test('a screen chunk that fails to load once reloads the page, which then shows the screen', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    let blocked = 0;
    await page.route(screenChunk, async (route) => {
      if (blocked++ === 0) await route.abort('failed');
      else await route.continue();
    });
    const documents = countDocuments(page);

    await navigateInApp(page, '/machine-selection');

    await expect(page.getByRole('heading', { name: 'Elige una máquina' })).toBeVisible();
    expect(documents.count).toBe(1);
  });
});

test.describe('a render error shows the error boundary, not a blank page (issue 15 point 23)', () => {
  for (const [locale, texts] of [
    ['es', { title: 'Algo salió mal', reload: 'Intentar de nuevo', screen: 'Elige una máquina' }],
    ['en', { title: 'Something went wrong', reload: 'Try again', screen: 'Choose a machine' }],
  ] as const) {
    test(`a screen whose code breaks offers to try again (${locale})`, async ({ page, context, baseURL }) => {
      await context.addCookies([{ name: 'vendo.locale', value: locale, url: baseURL ?? '' }]);
      const reported: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') reported.push(message.text());
      });
      // A chunk that breaks when it runs, every time: the one reload does not help, the boundary shows.
      await page.route(screenChunk, (route) =>
        route.fulfill({ contentType: 'text/javascript', body: 'throw new Error("corrupted chunk");' }),
      );

      await page.goto('/machine-selection');

      await expect(page.getByRole('heading', { name: texts.title })).toBeVisible();
      expect(reported.some((line) => line.includes('corrupted chunk'))).toBe(true);
      await expectNoAxeViolations(page);
      await page.unroute(screenChunk);
      await page.getByRole('button', { name: texts.reload }).click();
      await expect(page.getByRole('heading', { name: texts.screen })).toBeVisible();
    });
  }
});

test.describe('the built app as it is served (issue 16 point 5)', () => {
  test("the entry's code goes out as the Brotli copy written at build time, immutable", async ({ request }) => {
    // index.html as it is (the server's render of / loads the same entry through public/boot.js).
    const index = await (await request.get('/machine-selection')).text();
    const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(index)?.[1] ?? '';

    const response = await request.get(entry, { headers: { 'Accept-Encoding': 'br' } });

    // A copy compressed per request streams without a length; the file written at build time has one.
    expect({
      encoding: response.headers()['content-encoding'],
      length: Number(response.headers()['content-length']) > 0,
      caching: response.headers()['cache-control'],
    }).toEqual({ encoding: 'br', length: true, caching: 'public, max-age=31536000, immutable' });
  });
});
