import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { readConfig } from './config.ts';
import { loadPageRenderer, type PageRenderer } from './http/page-renderer.ts';
import { capturedLog } from './testing/captured-log.ts';
import { startTestServer, type TestServer, testProvider } from './testing/harness.ts';

// Issue 19: the server sends a visit's first screen as HTML, rendered by the web app's own module.

let t: TestServer;
const log = capturedLog('trace');
beforeAll(async () => {
  t = await startTestServer(undefined, undefined, undefined, { logger: log.logger });
});
afterAll(() => t.close());

const rendered = '<!doctype html><html lang="es"><div id="root"><h1>Inicia sesión</h1></div></html>';
const appWith = (renderPage: PageRenderer) =>
  createApp({ ...t.server.deps }, { webRoot: t.webRoot, provider: testProvider, renderPage });

describe('a page the web app renders (issue 19 point 1)', () => {
  it('goes out as the renderer wrote it, with the security headers of every page', async () => {
    const app = appWith(
      async () => new Response(rendered, { headers: { 'Content-Type': 'text/html; charset=utf-8' } }),
    );

    const answer = await app.request('/');

    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe(rendered);
    expect(answer.headers.get('Content-Security-Policy')).toContain("script-src 'self'");
  });

  it('is index.html as it is when the renderer has no screen for the address', async () => {
    const app = appWith(async () => null);

    const answer = await app.request('/top-up');

    expect(await answer.text()).toBe('<!doctype html><title>Vendo</title>');
  });

  it('is index.html, and an error line, when the render fails', async () => {
    const app = appWith(async () => {
      throw new Error('the screen broke');
    });

    const answer = await app.request('/');

    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('<!doctype html><title>Vendo</title>');
    const line = log.entries().find((entry) => entry.msg === 'server render failed: index.html went out instead');
    expect(line).toMatchObject({ level: 50, requestId: answer.headers.get('X-Request-Id') });
  });

  it('is never asked for the API, the provider pages, media or built files', async () => {
    const asked: string[] = [];
    const app = appWith(async (request) => {
      asked.push(new URL(request.url).pathname);
      return null;
    });

    for (const path of ['/api/product_server/nowhere', '/provider/x', '/media/x.png', '/assets/x.js'])
      await app.request(path);

    expect(asked).toEqual([]);
  });
});

describe('the renderer module (issue 19 point 2)', () => {
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'vendo-render-'));
    writeFileSync(join(folder, 'index.html'), '<!doctype html><html lang="es"><div id="root"></div></html>');
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('is loaded from the built file and given the template and the API address', async () => {
    const modulePath = join(folder, 'entry-server.js');
    writeFileSync(
      modulePath,
      'export const createRenderer = ({ template, apiBaseUrl }) => async () => new Response(template + apiBaseUrl());',
    );

    const render = await loadPageRenderer({ modulePath, required: true, webRoot: folder, apiBaseUrl: () => '/api/' });

    expect(await (await render?.(new Request('http://vendo.test/')))?.text()).toBe(
      '<!doctype html><html lang="es"><div id="root"></div></html>/api/',
    );
  });

  it('is skipped when the default one is missing: the app is served as static files', async () => {
    const modulePath = join(folder, 'missing.js');

    const render = await loadPageRenderer({ modulePath, required: false, webRoot: folder, apiBaseUrl: () => '' });

    expect(render).toBeNull();
  });

  it('stops the start when the one named by VENDO_WEB_RENDER is missing', async () => {
    const modulePath = join(folder, 'missing.js');

    const loading = loadPageRenderer({ modulePath, required: true, webRoot: folder, apiBaseUrl: () => '' });

    await expect(loading).rejects.toThrow(/VENDO_WEB_RENDER/);
  });

  it.each([
    [{}, { modulePath: join('/srv/web', '..', 'dist-server', 'entry-server.js'), required: false }],
    [{ VENDO_WEB_RENDER: 'off' }, { modulePath: null, required: false }],
    [{ VENDO_WEB_RENDER: '/opt/render.js' }, { modulePath: '/opt/render.js', required: true }],
  ])('is found from the settings %o', (env, webRender) => {
    expect(readConfig({ VENDO_WEB_ROOT: '/srv/web', ...env }).webRender).toEqual(webRender);
  });
});
