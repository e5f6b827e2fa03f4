import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { WebRenderSetting } from '../config.ts';
import type { Logger } from '../log.ts';

/**
 * The web app's own render of a page (apps/web/src/entry-server.tsx, built to dist-server/): the page's
 * HTML with its first screen in it, or null for index.html as it is; or the answer to a form such a page
 * sent before the app took it over (a POST). The server knows it only by this
 * shape, loaded from the built file: it never imports the web app's sources.
 */
export type PageRenderer = (request: Request, context?: PageRenderContext) => Promise<Response | null>;

/** What the server knows of a request beyond it: how the render reaches this API for it (in process). */
export interface PageRenderContext {
  readonly fetch?: typeof fetch;
  /** Asked before a page is drawn: false when the process's budget of renders is spent (index.html goes). */
  readonly mayDraw?: () => Promise<boolean>;
}

interface RenderModule {
  createRenderer(options: { template: string; apiBaseUrl: () => string }): PageRenderer;
}

const isRenderModule = (value: unknown): value is RenderModule =>
  typeof value === 'object' && value !== null && typeof (value as RenderModule).createRenderer === 'function';

export interface PageRendererSource {
  readonly setting: WebRenderSetting;
  /** The built web app: its index.html is the template, and the default render sits beside it. */
  readonly webRoot: string;
  /** The provider's API as this server reaches it, known once it listens. */
  readonly apiBaseUrl: () => string;
  readonly log: Pick<Logger, 'warn'>;
}

/**
 * Loads the web app's renderer. Null when there is none (`off`, or a build served as static files): then
 * every page is index.html. One that VENDO_WEB_RENDER names must load, or the server does not start; the
 * default one beside the web root is skipped, with a warning, when it cannot serve this web root.
 */
export async function loadPageRenderer(source: PageRendererSource): Promise<PageRenderer | null> {
  const { setting, webRoot } = source;
  if (setting === 'off') return null;
  const named = setting !== 'beside-web-root';
  const modulePath = named ? setting.modulePath : join(webRoot, '..', 'dist-server', 'entry-server.js');
  try {
    if (!existsSync(modulePath)) throw new Error(`${modulePath} is missing`);
    const loaded: unknown = await import(pathToFileURL(modulePath).href);
    if (!isRenderModule(loaded)) throw new Error(`${modulePath} exports no createRenderer`);
    const template = readFileSync(join(webRoot, 'index.html'), 'utf8');
    return loaded.createRenderer({ template, apiBaseUrl: source.apiBaseUrl });
  } catch (failure) {
    const reason = failure instanceof Error ? failure.message : String(failure);
    if (named) throw new Error(`VENDO_WEB_RENDER: ${reason}`);
    // A build without the render (or one made for another index.html) still serves the app.
    if (existsSync(modulePath)) source.log.warn({ reason }, 'server render off: every page is index.html');
    return null;
  }
}
