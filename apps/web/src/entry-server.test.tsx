// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createRenderer } from './entry-server.tsx';

// Issue 19 point 1: `/` rendered on the server, in the member's language, without a window.

const template = [
  '<!doctype html><html lang="es"><head>',
  '<script type="module" crossorigin src="/assets/index-Bq9.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/dist-Bm.js">',
  '<link rel="stylesheet" crossorigin href="/assets/index-Df.css">',
  '</head><body><div id="root"></div></body></html>',
].join('\n');
const render = createRenderer({ template, apiBaseUrl: () => 'http://provider.test/api/' });
const request = (path: string, headers: Record<string, string> = {}) => ({
  url: `http://vendo.test${path}`,
  headers: new Headers(headers),
});

describe('the server render of / (issue 19 point 1)', () => {
  it('writes the sign-in screen into the page, in Spanish by default', async () => {
    const page = await (await render(request('/')))?.text();

    expect(page).toContain('<html lang="es">');
    expect(page).toContain('<h1>Inicia sesión</h1>');
    expect(page).toMatch(/<fieldset class="vendo-fieldset" disabled="">/);
  });

  it('writes it in English for a member who chose English', async () => {
    const page = await (await render(request('/', { cookie: 'other=1; vendo.locale=en' })))?.text();

    expect(page).toContain('<html lang="en">');
    expect(page).toContain('<h1>Sign in</h1>');
  });

  it("follows the browser's language when none was chosen", async () => {
    const page = await (await render(request('/', { 'accept-language': 'en-US,en;q=0.9' })))?.text();

    expect(page).toContain('<h1>Sign in</h1>');
  });

  it("keeps the chosen language over the browser's", async () => {
    const page = await (await render(request('/', { cookie: 'vendo.locale=es', 'accept-language': 'en' })))?.text();

    expect(page).toContain('<h1>Inicia sesión</h1>');
  });

  it('leaves a signed-in member to the browser, which sends them onwards (spec §2)', async () => {
    const answer = await render(request('/', { cookie: 'vendo.token=tok; vendo.member=7' }));

    expect(answer).toBeNull();
  });

  it('leaves the screens it does not render to the browser', async () => {
    expect(await render(request('/top-up'))).toBeNull();
  });

  it('is never kept by a cache for another visitor', async () => {
    const answer = await render(request('/'));

    expect(answer?.headers.get('Cache-Control')).toBe('no-cache');
    expect(answer?.headers.get('Vary')).toBe('Cookie, Accept-Language');
  });

  it('paints before the app loads: /boot.js fetches it after the first paint, and nothing preloads it', async () => {
    const page = (await (await render(request('/')))?.text()) ?? '';

    expect(page).toContain('<meta name="vendo-app" content="/assets/index-Bq9.js" />');
    expect(page).toContain('<script type="module" src="/boot.js"></script>');
    expect(page).not.toContain('<script type="module" crossorigin src="/assets/index-Bq9.js">');
    expect(page).not.toContain('modulepreload');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/index-Df.css">');
  });

  it("refuses a template without the app's module script", () => {
    const bare = '<!doctype html><html lang="es"><body><div id="root"></div></body></html>';

    expect(() => createRenderer({ template: bare, apiBaseUrl: () => 'http://provider.test/api/' })).toThrow(
      /no module script/,
    );
  });
});
