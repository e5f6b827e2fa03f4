import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { readConfig } from '../config.ts';
import { capturedLog } from '../testing/captured-log.ts';
import { startTestServer, type TestServer, testProvider } from '../testing/harness.ts';
import { loadPageRenderer, type PageRenderer } from './page-renderer.ts';

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

describe("issue 32 point 13: the process's budget of renders", () => {
  /** A renderer that draws whenever the server lets it. */
  const drawsWhenLet: PageRenderer = async (_request, context) =>
    context?.mayDraw && !(await context.mayDraw())
      ? null
      : new Response(rendered, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });

  it('draws at most VENDO_RENDERS_PER_SECOND pages a second; the visits past it get index.html', async () => {
    const app = createApp(
      { ...t.server.deps },
      { webRoot: t.webRoot, provider: testProvider, renderPage: drawsWhenLet, rendersPerSecond: 2 },
    );

    const pages = await Promise.all([1, 2, 3].map(async () => (await app.request('/')).text()));

    expect(pages.filter((page) => page === rendered)).toHaveLength(2);
    expect(pages.filter((page) => page === '<!doctype html><title>Vendo</title>')).toHaveLength(1);
  });

  it('is 10 pages a second unless set', () => {
    expect([readConfig({}).rendersPerSecond, readConfig({ VENDO_RENDERS_PER_SECOND: '40' }).rendersPerSecond]).toEqual([
      10, 40,
    ]);
  });
});

describe('the renderer module (issue 19 point 2)', () => {
  let folder: string;
  let webRoot: string;
  const quiet = { warn: () => {} };
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'vendo-render-'));
    webRoot = join(folder, 'dist');
    mkdirSync(webRoot);
    mkdirSync(join(folder, 'dist-server'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><html lang="es"><div id="root"></div></html>');
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('is loaded from the file VENDO_WEB_RENDER names, given the template and the API address', async () => {
    const modulePath = join(folder, 'named.js');
    writeFileSync(
      modulePath,
      'export const createRenderer = ({ template, apiBaseUrl }) => async () => new Response(template + apiBaseUrl());',
    );

    const render = await loadPageRenderer({ setting: { modulePath }, webRoot, apiBaseUrl: () => '/api/', log: quiet });

    const page = await (await render?.(new Request('http://vendo.test/')))?.text();
    expect(page).toBe('<!doctype html><html lang="es"><div id="root"></div></html>/api/');
  });

  it('stops the start when the one VENDO_WEB_RENDER names is missing', async () => {
    const setting = { modulePath: join(folder, 'missing.js') };

    const loading = loadPageRenderer({ setting, webRoot, apiBaseUrl: () => '', log: quiet });

    await expect(loading).rejects.toThrow(/VENDO_WEB_RENDER: .*missing\.js is missing/);
  });

  it('is skipped, silently, when the build beside the web root has none: the app is served as static files', async () => {
    const warnings: unknown[] = [];

    const render = await loadPageRenderer({
      setting: 'beside-web-root',
      webRoot: join(folder, 'elsewhere'),
      apiBaseUrl: () => '',
      log: { warn: (...line: unknown[]) => warnings.push(line) },
    });

    expect(render).toBeNull();
    expect(warnings).toEqual([]);
  });

  it('is skipped with a warning when the one beside the web root cannot serve it', async () => {
    writeFileSync(
      join(folder, 'dist-server', 'entry-server.js'),
      "export const createRenderer = () => { throw new Error('no root element in this index.html'); };",
    );
    const warnings: unknown[][] = [];

    const render = await loadPageRenderer({
      setting: 'beside-web-root',
      webRoot,
      apiBaseUrl: () => '',
      log: { warn: (...line: unknown[]) => warnings.push(line) },
    });

    expect(render).toBeNull();
    expect(warnings).toEqual([
      [{ reason: 'no root element in this index.html' }, 'server render off: every page is index.html'],
    ]);
  });

  it('is never loaded when set off', async () => {
    const render = await loadPageRenderer({ setting: 'off', webRoot, apiBaseUrl: () => '', log: quiet });

    expect(render).toBeNull();
  });

  it.each([
    [{}, 'beside-web-root'],
    [{ VENDO_WEB_RENDER: 'off' }, 'off'],
    [{ VENDO_WEB_RENDER: '/opt/render.js' }, { modulePath: '/opt/render.js' }],
  ])('is found from the settings %o', (env, webRender) => {
    expect(readConfig(env).webRender).toEqual(webRender);
  });
});
