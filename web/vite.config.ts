import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';
import { compileHints } from './plugins/compile-hints.ts';
import { fewerFirstChunks } from './plugins/fewer-first-chunks.ts';
import { firstScreens } from './plugins/first-screens.ts';
import { precompress } from './plugins/precompress.ts';
import { preloadFirstScreen } from './plugins/preload-first-screen.ts';
import { pwa } from './plugins/pwa.ts';

const API = process.env.API_URL ?? 'http://localhost:3000';

/**
 * React Router's package resolves its development build (dev warnings, extra checks) in every
 * condition (remix-run/react-router#14102); the app build takes the production one it ships.
 */
const reactRouter = import.meta.resolve('react-router/package.json');
const reactRouterProduction = [
  { find: /^react-router$/, replacement: 'dist/production/index.mjs' },
  { find: /^react-router\/dom$/, replacement: 'dist/production/dom-export.mjs' },
].map(({ find, replacement }) => ({ find, replacement: fileURLToPath(new URL(replacement, reactRouter)) }));

/** the screens a phone or the TV opens first, from the route table (plugins/first-screens.ts) */
const screens = firstScreens(fileURLToPath(new URL('.', import.meta.url)));
const firstChunks = fewerFirstChunks(screens);

/**
 * The SPA, rendered by Preact through its React layer (`preact/compat`, aliased for `react` and
 * `react-dom` by the preset): the same React API at a tenth of React DOM's size in every first
 * download (docs/performance.md). In development `/v1` and `/socket.io` go to the app server
 * (`npm run dev:server`).
 */
export default defineConfig(({ command }) => ({
  plugins: [preact(), precompress(), preloadFirstScreen(screens), compileHints(screens), firstChunks.plugin, pwa()],
  resolve: { alias: command === 'build' ? reactRouterProduction : [] },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: {
      '/v1': { target: API, changeOrigin: true },
      '/socket.io': { target: API, changeOrigin: true, ws: true },
    },
  },
  // the checks' worker (lib/checks.ts) is a module, as the page's own code
  worker: { format: 'es' },
  build: {
    outDir: process.env.WEB_DIST ?? 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // bench/bundle.ts reads it to find what a route needs for its first render
    manifest: true,
    // the first load's budget is bench/bundle.ts's; above it only lazy chunks remain, the largest
    // Sentry's SDK (454 kB, loaded only with a DSN) and the admin's charts (396 kB)
    chunkSizeWarningLimit: 500,
    rolldownOptions: {
      output: { codeSplitting: { groups: firstChunks.groups } },
    },
  },
}));
