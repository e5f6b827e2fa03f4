import { fileURLToPath } from 'node:url';
import { getConfig } from '@lingui/conf';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { preloadOnlyWhatIsMissing } from './build/preload-deps.ts';
import { serviceWorker } from './build/service-worker.ts';

const preload = preloadOnlyWhatIsMissing();
// Found from this folder, whichever folder the tool runs in (the test runner starts at the repository's root).
const linguiConfig = { cwd: fileURLToPath(new URL('.', import.meta.url)) };

// `vite build --ssr src/entry-server.tsx` builds the server's render (dist-server/) beside the app: the
// browser's own plugins (service worker, preload lists, compressed copies) have no part in it.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    lingui(linguiConfig),
    babel({ presets: [linguiTransformerBabelPreset({ linguiConfig: getConfig(linguiConfig) }, linguiConfig)] }),
    ...(isSsrBuild
      ? []
      : [
          serviceWorker(),
          preload.plugin,
          // Brotli and gzip copies written once at build time, served as they are (no compression per request).
          compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
        ]),
  ],
  resolve: {
    // @xstate/react and wouter import use-sync-external-store's shim for React before 18. React 19 has the
    // hook, so those imports go to the package's plain builds, which only re-export React's (smaller `/`).
    alias: [
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector.js',
      },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'use-sync-external-store' },
    ],
  },
  build: {
    // bench:size reads the manifest to tell each route's first load.
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    // Every browser Vendo supports preloads modules itself; iOS 16 without it only loads a route's parts in turn.
    modulePreload: { polyfill: false, resolveDependencies: preload.resolveDependencies },
    // Everything the first screen imports statically, in one chunk: left to itself the bundler split it in
    // ten (React, XState, the session, …), and each file cost its own imports, exports and gzip stream
    // (bench:size: / from 103.8 to 101.2 KB, 12 files to 3).
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
            // The first load names every chunk a route may preload, so each name costs / bytes: a chunk is named
            // by its hash alone (the manifest, .vite/manifest.json, says which source it holds; the journeys ask
            // it, e2e/support/chunks.ts), 7 characters being the fewest rolldown takes for this many chunks
            // (bench:size: / from 100,017 to 99,364 bytes).
            entryFileNames: 'assets/[name]-[hash:7].js',
            chunkFileNames: 'assets/[hash:7].js',
            assetFileNames: 'assets/[name]-[hash:7][extname]',
          },
        },
  },
  server: {
    // In development the reference API runs beside Vite; the built app is served by the API itself.
    proxy: {
      '/api': { target: 'http://localhost:3000', ws: true },
      '/openapi.json': 'http://localhost:3000',
      '/media': 'http://localhost:3000',
      '/provider': 'http://localhost:3000',
      '/voucher-provider': 'http://localhost:3000',
      '/campaign': 'http://localhost:3000',
      // The dev control answers only requests that name its own host (issue 32 point 14), not Vite's.
      '/__dev': { target: 'http://localhost:3000', changeOrigin: true },
    },
  },
}));
