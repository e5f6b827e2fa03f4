import { fileURLToPath } from 'node:url';

/**
 * Where the built web app is when VENDO_WEB_ROOT does not say: beside the sources, the web app's build in
 * the workspace. The release (scripts/release.ts) puts its own answer in this module's place: `web/dist`
 * beside its main.js.
 */
export const defaultWebRoot = fileURLToPath(new URL('../../web/dist', import.meta.url));
