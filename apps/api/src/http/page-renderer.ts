import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The web app's own render of a page (apps/web/src/entry-server.tsx, built to dist-server/): the page's
 * HTML with its first screen in it, or null for index.html as it is. The server knows it only by this
 * shape, loaded from the built file: it never imports the web app's sources.
 */
export type PageRenderer = (request: Request) => Promise<Response | null>;

interface RenderModule {
  createRenderer(options: { template: string; apiBaseUrl: () => string }): PageRenderer;
}

const isRenderModule = (value: unknown): value is RenderModule =>
  typeof value === 'object' && value !== null && typeof (value as RenderModule).createRenderer === 'function';

export interface PageRendererSource {
  /** The built module; null: the app is served as static files only. */
  readonly modulePath: string | null;
  /** True when the operator named the module: then a missing one stops the start instead of being skipped. */
  readonly required: boolean;
  readonly webRoot: string;
  /** The provider's API as this server reaches it, known once it listens. */
  readonly apiBaseUrl: () => string;
}

/** Loads the web app's renderer; null when there is none to load (a build served as static files). */
export async function loadPageRenderer(source: PageRendererSource): Promise<PageRenderer | null> {
  const { modulePath } = source;
  if (!modulePath) return null;
  const template = join(source.webRoot, 'index.html');
  if (!existsSync(modulePath) || !existsSync(template)) {
    if (source.required) throw new Error(`VENDO_WEB_RENDER: ${modulePath} or ${template} is missing`);
    return null;
  }
  const loaded: unknown = await import(pathToFileURL(modulePath).href);
  if (!isRenderModule(loaded)) throw new Error(`VENDO_WEB_RENDER: ${modulePath} exports no createRenderer`);
  return loaded.createRenderer({ template: readFileSync(template, 'utf8'), apiBaseUrl: source.apiBaseUrl });
}
