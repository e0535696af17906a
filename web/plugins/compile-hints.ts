import type { Plugin, Rolldown } from 'vite';
import { chunkGraph } from './chunk-graph.ts';
import type { FirstScreen } from './first-screens.ts';

/** V8's explicit compile hint for a whole file (Chromium 136 on); other engines read a comment. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * The chunks a phone runs on opening one of the first screens: the entry, its two steps
 * (main.tsx), each first screen's code and what it imports at once, with what it loads as soon
 * as it is up (`soon`, first-screens.ts).
 */
export function firstLoadChunks(chunks: Rolldown.OutputChunk[], root: string, screens: FirstScreen[]): Set<string> {
  const { closure, moduleChunk, start } = chunkGraph(chunks, root);
  const { inEntry, steps } = start();
  const files = new Set([...inEntry, ...steps]);
  for (const { module, soon } of screens)
    for (const m of [module, ...soon]) {
      const chunk = moduleChunk(m);
      if (chunk) for (const f of closure(chunk)) files.add(f);
    }
  return files;
}

/**
 * Marks the chunks of a first load with V8's compile hint: Chromium then compiles all their
 * functions as they download, on a thread of its own. Without it each function is compiled on
 * the main thread at its first call, and most of them are first called in the first render:
 * in the bench's phone (Lighthouse, 4× CPU) that was a third of the first render's time.
 * The source map moves down a line with the code.
 */
export function compileHints(screens: FirstScreen[]): Plugin {
  let root = '.';
  return {
    name: 'club:compile-hints',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    // after Vite's own additions to the code (`__vite__mapDeps`): the hint must be its first line
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
        for (const fileName of firstLoadChunks(chunks, root, screens)) {
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk') continue;
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          const map = bundle[`${fileName}.map`];
          if (map?.type === 'asset') {
            const json = JSON.parse(String(map.source)) as { mappings: string };
            map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
          }
        }
      },
    },
  };
}
