import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API = process.env.API_URL ?? 'http://localhost:3000';

/** The SPA; in development `/v1` and `/socket.io` go to the app server (`npm run dev:server`). */
export default defineConfig({
  plugins: [react()],
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
