import { createHash } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';

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

/** The screens a phone or the TV opens first, by path, and the module of each. */
const FIRST_SCREENS: { path: string; module: string }[] = [
  { path: '^/$', module: 'src/app/routes/home.tsx' },
  { path: '^/table/\\d+$', module: 'src/features/tables/components/table-page.tsx' },
  { path: '^/tv$', module: 'src/features/live/components/tv-board.tsx' },
];

/** Each language's texts (src/lib/i18n.ts): the first render waits for the one in use. */
const TEXTS: Record<string, string> = { nb: 'src/lib/texts-nb.ts', en: 'src/lib/texts-en.ts' };

/**
 * Adds to index.html a tiny script that asks, at once, for the code and styles of the
 * screen being opened (one of FIRST_SCREENS): otherwise they are requested only after the
 * entry chunk ran, one more round trip before anything shows (Lighthouse's LCP on a phone).
 */
function preloadFirstScreen(): Plugin {
  let outDir = 'dist';
  let script: { fileName: string; source: string } | null = null;
  return {
    name: 'club:preload-first-screen',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      if (script) writeFileSync(join(outDir, script.fileName), script.source);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (chunk: Rolldown.OutputChunk, seen = new Set<string>()): Set<string> => {
          if (seen.has(chunk.fileName)) return seen;
          seen.add(chunk.fileName);
          for (const dep of chunk.imports) {
            const next = byFile.get(dep);
            if (next) closure(next, seen);
          }
          return seen;
        };
        const entry = chunks.find((c) => c.isEntry);
        if (!entry) return html;
        const inEntry = closure(entry);
        const moduleChunk = (module: string) => chunks.find((c) => c.facadeModuleId?.endsWith(`/web/${module}`));
        const screens = FIRST_SCREENS.flatMap(({ path, module }) => {
          const chunk = moduleChunk(module);
          if (!chunk) return [];
          const files = [...closure(chunk)].filter((f) => !inEntry.has(f));
          const css = files.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]);
          return [[path, files, css]];
        });
        const texts = Object.fromEntries(
          Object.entries(TEXTS).map(([locale, module]) => {
            const chunk = moduleChunk(module);
            return [locale, chunk ? [...closure(chunk)].filter((f) => !inEntry.has(f)) : []];
          }),
        );
        const source = `(()=>{const p=location.pathname,m=f=>{const l=document.createElement('link');l.rel='modulepreload';l.href='/'+f;document.head.append(l)};let t;try{t=localStorage.getItem('locale')}catch{}for(const f of ${JSON.stringify(texts)}[t==='en'?'en':'nb'])m(f);for(const[r,js,css]of ${JSON.stringify(screens)})if(new RegExp(r).test(p)){for(const f of js)m(f);for(const f of css){const l=document.createElement('link');l.rel='preload';l.as='style';l.href='/'+f;document.head.append(l)}}})()`;
        // a file, not inline: the content security policy allows scripts from the site only
        const fileName = `assets/first-screen-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
        script = { fileName, source };
        return [{ tag: 'script', attrs: { src: `/${fileName}`, async: true }, injectTo: 'head-prepend' }];
      },
    },
  };
}

/** The SPA; in development `/v1` and `/socket.io` go to the app server (`npm run dev:server`). */
export default defineConfig({
  plugins: [react(), precompress(), preloadFirstScreen()],
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
