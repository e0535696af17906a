import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { LOGGED_IN_COOKIE } from '@club/shared/session';
import type { Plugin, Rolldown } from 'vite';
import { chunkGraph } from './chunk-graph.ts';
import { type FirstScreen, LOGGED_IN, TEXTS } from './first-screens.ts';
import { warmIntlWorker } from './warm-intl.ts';

/**
 * Adds to index.html a tiny script that asks, at once, for the code and styles of the
 * screen being opened (one of the first screens, first-screens.ts): otherwise they are
 * requested only after the entry chunk ran, one more round trip before anything shows
 * (Lighthouse's LCP on a phone).
 */
export function preloadFirstScreen(screens: FirstScreen[]): Plugin {
  let outDir = 'dist';
  let root = '.';
  let script: { fileName: string; source: string } | null = null;
  return {
    name: 'club:preload-first-screen',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      root = config.root;
    },
    writeBundle() {
      if (script) writeFileSync(join(outDir, script.fileName), script.source);
      writeFileSync(join(outDir, warmIntlWorker.fileName), warmIntlWorker.source);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
        const graph = chunkGraph(chunks, root);
        const { byFile, closure, moduleChunk } = graph;
        if (!graph.entry) return html;
        // the entry and its two steps (main.tsx): in the page, as preloads
        const { inEntry, steps: start } = graph.start();
        for (const f of start) inEntry.add(f);
        const outside = (module: string) => {
          const chunk = moduleChunk(module);
          return chunk ? [...closure(chunk)].filter((f) => !inEntry.has(f)) : [];
        };
        const first = screens.flatMap(({ path, module, reads, unguarded, soon, texts }) => {
          const files = outside(module);
          if (!files.length) return [];
          const css = files.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]);
          // not the answers' schemas: the first reads are checked once the screen is up (lib/api.ts)
          const js = [...new Set([...files, ...soon.flatMap(outside)])];
          // its text groups, by language: fetched with the language's own texts
          const groups = Object.fromEntries(
            Object.entries(texts).map(([locale, modules]) => [locale, [...new Set(modules.flatMap(outside))]]),
          );
          return [[path, js, css, reads, unguarded, groups]];
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
        // First of all, the worker that loads the date data (warm-intl.ts), in a task of its own.
        const source = `(()=>{setTimeout(()=>{try{new Worker('/${warmIntlWorker.fileName}',{name:'intl'})}catch{}});const p=location.pathname,h=document.head,m=(f,r='modulepreload')=>{const l=document.createElement('link');l.rel=r;l.href='/'+f;if(r!=='stylesheet')l.fetchPriority='low';h.append(l)},q={},g=u=>{let r;const f=new Promise(v=>{r=v});f.catch(()=>{});q[u]=f;setTimeout(()=>r(fetch(u,{headers:{accept:'application/json'},credentials:'same-origin'})))};let k=!1;for(const c of document.cookie.split(';')){const i=c.trim();if(i.startsWith(${JSON.stringify(`${LOGGED_IN_COOKIE}=`)})&&i.length>${LOGGED_IN_COOKIE.length + 1})k=!0}window.__firstReads={at:performance.now(),reads:q};const c=[],s=${JSON.stringify(first)},x=s.map(([r])=>new RegExp(r).exec(p)),i=x.findIndex(Boolean);if(k&&!s[i]?.[4])g(${JSON.stringify(loggedIn)});if(i>=0){const[,js,css,reads,open]=s[i];c.push(...js);for(const f of css)m(f,'stylesheet');if(k||open)for(const u of reads)g(u.replace(/\\$(\\d)/g,(_,n)=>x[i][n]))}setTimeout(()=>{let t;try{t=localStorage.getItem('locale')}catch{}const l=t==='en'?'en':'nb';for(const f of [...${JSON.stringify(texts)}[l],...(s[i]?.[5][l]??[])])m(f)});for(const f of c)setTimeout(()=>m(f))})()`;
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
