import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const API = process.env.API_URL ?? 'http://localhost:3000';

/**
 * Writes `.br` and `.gz` beside every text asset, so the server sends them compressed
 * without compressing per request (main.ts serves them with `precompressed`): the phone
 * downloads about a third of the bytes.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'club:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    writeBundle(_, bundle) {
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg)$/.test(name)) continue;
        const path = join(outDir, name);
        if (statSync(path).size < 1024) continue;
        const raw = readFileSync(path);
        writeFileSync(`${path}.gz`, gzipSync(raw, { level: 9 }));
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(raw, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
          }),
        );
      }
    },
  };
}

/** The SPA; in development `/v1` and `/socket.io` go to the app server (`npm run dev:server`). */
export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: {
      '/v1': { target: API, changeOrigin: true },
      '/socket.io': { target: API, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: process.env.WEB_DIST ?? 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // bench/bundle.ts reads it to find what a route needs for its first render
    manifest: true,
    chunkSizeWarningLimit: 400,
  },
});
