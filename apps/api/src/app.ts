import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { buildOpenApi } from '@vendo/core/openapi';
import { Hono } from 'hono';

export interface AppOptions {
  readonly webRoot: string;
}

/** Paths the app itself never routes to: they answer 404 instead of the app's index.html. */
const notForTheApp = /^\/(api|__dev)(\/|$)/;

export function createApp({ webRoot }: AppOptions) {
  const app = new Hono();
  const openApi = buildOpenApi();

  app.get('/openapi.json', (c) => c.json(openApi));
  app.all('/api/*', (c) => c.json({ error: { message: 'Not found', description: c.req.path } }, 404));

  app.use('*', serveStatic({ root: webRoot }));
  // Every other GET is a route of the single-page app (spec §2): answer its index.html.
  app.get('*', async (c) => {
    if (notForTheApp.test(c.req.path)) return c.notFound();
    try {
      return c.html(await readFile(join(webRoot, 'index.html'), 'utf8'));
    } catch {
      return c.text('The web app is not built: run the start command from the README.', 503);
    }
  });
  return app;
}
