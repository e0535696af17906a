import { createHash } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { LOGGED_IN_COOKIE } from '@club/shared/session';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

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

/**
 * The screens a phone or the TV opens first, by path: the module of each, the modules of
 * the schemas of its first answers (checked once the screen is up: lib/api.ts; one chunk of
 * their own, fewerFirstChunks), and the API reads it starts with (`$1` is the path's first
 * group). A screen behind the login's guard starts its reads only with a login: without one
 * the guard sends the phone to the login page, and a read asked without the session would
 * be refused, and that refusal would answer the screen's first call after logging in.
 */
const FIRST_SCREENS: {
  path: string;
  module: string;
  answers: string[];
  reads: string[];
  /** outside the login's guard: the profile is not waited for, the reads start without a login */
  unguarded?: boolean;
  /** modules it imports as soon as it has rendered, preloaded with it */
  soon?: string[];
}[] = [
  {
    path: '^/$',
    module: 'src/app/routes/home.tsx',
    answers: ['src/features/tables/api/answers.ts', 'src/features/profile/api/answers.ts'],
    reads: ['/v1/table/all', '/v1/game/active', '/v1/user/my-active-subscription', '/v1/order/waiting'],
  },
  {
    path: '^/table/(\\d+)$',
    module: 'src/features/tables/components/table-page.tsx',
    answers: ['src/features/tables/api/answers.ts'],
    reads: ['/v1/table/$1', '/v1/table/all', '/v1/game/active'],
  },
  {
    path: '^/tv$',
    module: 'src/features/live/components/tv-board.tsx',
    answers: [],
    reads: [],
    unguarded: true,
    // the board is the floor room: it connects at once (live-context.tsx)
    soon: ['src/features/live/lib/live-client.ts', 'src/features/live/lib/cache-writer.ts'],
  },
];

/** The app's start, which main.tsx imports once React's DOM renderer has run. */
const BOOT = 'src/boot.tsx';

/** What every screen behind the login waits for: the profile (lib/auth.ts); and its schema. */
const LOGGED_IN = { answers: 'src/lib/answers.ts', read: '/v1/user/profile' };

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
        // the entry and its two steps (main.tsx): in the page, as preloads
        const inEntry = closure(entry);
        const start = new Set<string>();
        for (const dynamic of entry.dynamicImports) {
          const chunk = byFile.get(dynamic);
          if (chunk) for (const f of closure(chunk)) if (!inEntry.has(f)) start.add(f);
        }
        for (const f of start) inEntry.add(f);
        // a module of its own chunk, or one in a group (fewerFirstChunks: the answers' schemas)
        const moduleChunk = (module: string) =>
          chunks.find((c) => c.facadeModuleId?.endsWith(`/web/${module}`)) ??
          chunks.find((c) => c.moduleIds.some((id) => id.endsWith(`/web/${module}`)));
        const outside = (module: string) => {
          const chunk = moduleChunk(module);
          return chunk ? [...closure(chunk)].filter((f) => !inEntry.has(f)) : [];
        };
        const screens = FIRST_SCREENS.flatMap(({ path, module, reads, unguarded = false, soon = [] }) => {
          const files = outside(module);
          if (!files.length) return [];
          const css = files.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]);
          // not the answers' schemas: the first reads are checked once the screen is up (lib/api.ts)
          const js = [...new Set([...files, ...soon.flatMap(outside)])];
          return [[path, js, css, reads, unguarded]];
        });
        const texts = Object.fromEntries(Object.entries(TEXTS).map(([locale, module]) => [locale, outside(module)]));
        const loggedIn = LOGGED_IN.read;
        // A file of its own, so it cannot import: 'locale' is LOCALE_STORAGE_KEY (lib/i18n.ts);
        // change them together. The reads carry the session by the browser's HttpOnly cookie,
        // which no script reads; `logged_in` says there is one (shared/session.ts).
        // The screen's styles go in as stylesheets, not preloads: the screen's `import()` then
        // finds them in place and does not wait for their load event (one step less before
        // its first render). Appended after the page's own stylesheet, as Vite would: the
        // script runs once fetched, after the small page has been parsed.
        // The reads go to `window.__firstReads` (path → the response's promise, and when they
        // started): lib/api.ts answers the first identical GET with them instead of asking again.
        // Each read and each preload is started in a task of its own (the stored language read in
        // one more, a first read of the storage is slow): together they kept the
        // phone's main thread busy for over 100 ms (4× CPU), blocking what came after the first paint.
        const source = `(()=>{const p=location.pathname,h=document.head,m=(f,r='modulepreload')=>{const l=document.createElement('link');l.rel=r;l.href='/'+f;if(r!=='stylesheet')l.fetchPriority='low';h.append(l)},q={},g=u=>{let r;const f=new Promise(v=>{r=v});f.catch(()=>{});q[u]=f;setTimeout(()=>r(fetch(u,{headers:{accept:'application/json'},credentials:'same-origin'})))};let k=!1;for(const c of document.cookie.split(';')){const i=c.trim();if(i.startsWith(${JSON.stringify(`${LOGGED_IN_COOKIE}=`)})&&i.length>${LOGGED_IN_COOKIE.length + 1})k=!0}window.__firstReads={at:performance.now(),reads:q};const c=[],s=${JSON.stringify(screens)},x=s.map(([r])=>new RegExp(r).exec(p)),i=x.findIndex(Boolean);if(k&&!s[i]?.[4])g(${JSON.stringify(loggedIn)});if(i>=0){const[,js,css,reads,open]=s[i];c.push(...js);for(const f of css)m(f,'stylesheet');if(k||open)for(const u of reads)g(u.replace('$1',x[i][1]))}setTimeout(()=>{let t;try{t=localStorage.getItem('locale')}catch{}for(const f of ${JSON.stringify(texts)}[t==='en'?'en':'nb'])m(f)});for(const f of c)setTimeout(()=>m(f))})()`;
        // a file, not inline: the content security policy allows scripts from the site only
        const fileName = `assets/first-screen-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
        script = { fileName, source };
        return {
          html: html.replace(/<(script type="module"|link rel="modulepreload") /g, '<$1 fetchpriority="low" '),
          tags: [
            { tag: 'script', attrs: { src: `/${fileName}`, async: true }, injectTo: 'head-prepend' },
            ...[...start].map((f) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', fetchpriority: 'low', crossorigin: true, href: `/${f}` },
              injectTo: 'head' as const,
            })),
            // their styles as the page's own, as Vite does for the entry's
            ...[...start]
              .flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])])
              .map((f) => ({
                tag: 'link',
                attrs: { rel: 'stylesheet', crossorigin: true, href: `/${f}` },
                injectTo: 'head' as const,
              })),
          ],
        };
      },
    },
  };
}

/**
 * Fewer files before the first paint. Left to itself the bundler splits off each module
 * that another lazy screen also imports (React, the icons, the API client, the bill…)
 * into a chunk of its own: two dozen small files on the way to a first screen, and over
 * HTTP/1.1 (six connections) a phone on a slow network pays a round trip for each. So:
 * React's DOM renderer is one chunk, everything else the app's start (main.tsx, boot.tsx)
 * imports statically one more; what the first screens
 * (FIRST_SCREENS) import statically is one chunk per screen, plus one for what each set of
 * them shares (the TV shares little with the phone's screens and fetches only that); the schemas of their first answers in one more. The screens' own modules stay
 * chunks of their own (Vite's manifest and `npm run bench -- bundle` know them by that).
 */
function fewerFirstChunks(): {
  plugin: Plugin;
  groups: { name: string; test: (id: string) => boolean; priority: number }[];
} {
  /** what the app's start imports statically (main.tsx, then boot.tsx: see main.tsx) */
  const inEntry = new Set<string>();
  /** React's DOM renderer, with React and the scheduler: the start's first step */
  const renderer = new Set<string>();
  /** what the entry itself imports statically (the styles, Vite's preload helper): its own chunk */
  const entryStatic = new Set<string>();
  /** a module two or more first screens import → the chunk of exactly those screens */
  const shared = new Map<string, string>();
  const answers = new Set<string>();
  const byScreen = FIRST_SCREENS.map(() => new Set<string>());
  const basename = (module: string) => module.replace(/^.*\//, '').replace(/\.tsx?$/, '');
  const subsets: string[][] = [[]];
  for (const { module } of FIRST_SCREENS) for (const set of [...subsets]) subsets.push([...set, basename(module)]);
  const screenSets = subsets.filter((set) => set.length > 1).map((set) => set.join('+'));
  return {
    groups: [
      { name: 'react-dom', test: (id) => renderer.has(id), priority: 60 },
      // Vite's preload helper, which main.tsx needs before either step (else it joins `app`)
      { name: 'preload', test: (id) => id.includes('preload-helper'), priority: 70 },
      { name: 'app', test: (id) => inEntry.has(id) && !entryStatic.has(id), priority: 50 },
      // every set of two or more screens; the wider shared first, so that what a module
      // pulls in with it goes to the widest set that has it
      ...screenSets.map((set) => ({
        name: set,
        test: (id: string) => shared.get(id) === set,
        priority: 30 + set.split('+').length,
      })),
      ...FIRST_SCREENS.map(({ module }, i) => ({
        name: `${basename(module)}-deps`,
        test: (id: string) => byScreen[i]?.has(id) ?? false,
        priority: 20,
      })),
      { name: 'first-answers', test: (id) => answers.has(id), priority: 10 },
    ],
    plugin: {
      name: 'club:fewer-first-chunks',
      apply: 'build',
      buildEnd() {
        const ids = [...this.getModuleIds()];
        const find = (module: string) => ids.find((id) => id.endsWith(`/web/${module}`));
        /** the modules `from` imports statically, not `from` itself and none in `skip` */
        const closure = (from: string | undefined, skip: Set<string>) => {
          const seen = new Set<string>();
          const walk = (id: string) => {
            if (seen.has(id) || skip.has(id)) return;
            seen.add(id);
            for (const next of this.getModuleInfo(id)?.importedIds ?? []) walk(next);
          };
          if (from) walk(from);
          if (from) seen.delete(from);
          return seen;
        };
        const entry = ids.find((id) => this.getModuleInfo(id)?.isEntry);
        if (!entry) return;
        for (const id of [entry, ...closure(entry, new Set())]) entryStatic.add(id);
        const boot = find(BOOT);
        for (const id of [...entryStatic, ...closure(boot, new Set())]) inEntry.add(id);
        if (boot) inEntry.add(boot);
        const reactDom = ids.find((id) => /\/node_modules\/react-dom\/client\.js$/.test(id));
        if (reactDom) for (const id of [reactDom, ...closure(reactDom, new Set())]) renderer.add(id);
        const own = FIRST_SCREENS.map(({ module }) => find(module));
        const deps = own.map((id) => closure(id, inEntry));
        for (const set of deps) for (const id of own) if (id) set.delete(id);
        for (const set of deps)
          for (const id of set) {
            const by = FIRST_SCREENS.filter((_, j) => deps[j]?.has(id)).map(({ module }) => basename(module));
            if (by.length > 1) shared.set(id, by.join('+'));
          }
        deps.forEach((set, i) => {
          for (const id of set) if (!shared.has(id)) byScreen[i]?.add(id);
        });
        const answerModules = [LOGGED_IN.answers, ...FIRST_SCREENS.flatMap((screen) => screen.answers)].map(find);
        const skip = new Set([...inEntry, ...shared.keys(), ...own.filter((id): id is string => Boolean(id))]);
        for (const module of answerModules) {
          if (module && !skip.has(module)) answers.add(module);
          for (const id of closure(module, skip)) answers.add(id);
        }
      },
    },
  };
}

const firstChunks = fewerFirstChunks();

/**
 * The installable app (vite-plugin-pwa 2, which supports Vite 8): the manifest and icons, and a
 * service worker that keeps the built assets for a quick start and shows an offline page only
 * when a page cannot be fetched at all. Every page is asked of the network first, so a live page
 * is never an old copy; the API and the socket are never touched. Push messages are shown by
 * `public/push-sw.js`, which the worker imports.
 */
const pwa = VitePWA({
  registerType: 'autoUpdate',
  // a file, not inline: the content security policy allows scripts from the site only
  injectRegister: 'script',
  includeAssets: ['favicon.svg', 'apple-touch-icon.png', 'offline.html', 'offline.css', 'offline.js'],
  manifest: {
    name: 'Cue Club',
    short_name: 'Cue Club',
    description: 'Biljardklubben: bord, spill, betaling og venteliste',
    lang: 'nb',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#0c1410',
    theme_color: '#0f1713',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // screens: network only, the offline page when there is no network
    navigateFallback: null,
    // only what the offline page needs up front: a phone installing the app downloads no more
    globPatterns: ['offline.{html,css,js}', 'favicon.svg', 'icon-192.png'],
    importScripts: ['/push-sw.js'],
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: true,
    runtimeCaching: [
      {
        // written into sw.js as it stands: the paths the server answers itself, live, are left alone
        urlPattern: ({ request, url }) =>
          request.mode === 'navigate' &&
          !/^\/(v1|socket\.io|realtime|vipps-sim|stripe-sim|metrics|health|ready)(\/|$)/.test(url.pathname),
        handler: 'NetworkOnly',
        options: { precacheFallback: { fallbackURL: '/offline.html' } },
      },
      {
        // built assets carry their content's hash in the name: a kept copy is never stale
        urlPattern: ({ url }) => url.pathname.startsWith('/assets/'),
        handler: 'CacheFirst',
        options: { cacheName: 'assets', expiration: { maxEntries: 300, maxAgeSeconds: 60 * 60 * 24 * 30 } },
      },
    ],
  },
});

/** The SPA; in development `/v1` and `/socket.io` go to the app server (`npm run dev:server`). */
export default defineConfig({
  plugins: [react(), precompress(), preloadFirstScreen(), firstChunks.plugin, pwa],
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
    rolldownOptions: {
      output: { codeSplitting: { groups: firstChunks.groups } },
    },
  },
});
