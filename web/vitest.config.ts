import { createRequire } from 'node:module';
import preact from '@preact/preset-vite';
import { defineProject } from 'vitest/config';

const require = createRequire(import.meta.url);
// the ES modules of Testing Library and React Router: their CommonJS builds, which Node's
// resolution picks here, would `require` React itself past the aliases below
const testingLibrary = require
  .resolve('@testing-library/react')
  .replace(/dist\/index\.js$/, 'dist/@testing-library/react.esm.js');
const reactRouter = require.resolve('react-router').replace(/index\.js$/, 'index.mjs');

/** The components render with what the app ships (vite.config.ts): Preact through preact/compat. */
export default defineProject({
  plugins: [preact({ prefreshEnabled: false, devToolsEnabled: false })],
  resolve: {
    alias: [
      { find: '@testing-library/react', replacement: testingLibrary },
      { find: /^react-router(-dom)?$/, replacement: reactRouter },
      // React 18's hook, which react-i18next takes from this shim for older Reacts
      { find: /^use-sync-external-store\/shim$/, replacement: 'preact/compat' },
      { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react(-dom)?$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
    ],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'plugins/**/*.test.ts'],
    setupFiles: ['./src/testing/setup.ts'],
    // the libraries that import `react` go through the aliases too, not Node's own loader
    server: {
      deps: {
        inline: [
          /react-router/,
          /react-i18next/,
          /@tanstack/,
          /react-toastify/,
          /@sentry/,
          /@xstate/,
          /@testing-library/,
        ],
      },
    },
  },
});
