import { join } from 'node:path';
import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints, firstLoadChunks } from './compile-hints.ts';
import type { FirstScreen } from './first-screens.ts';

const ROOT = '/web';
const chunk = (fileName: string, fields: Partial<Rolldown.OutputChunk> = {}) =>
  ({
    type: 'chunk',
    fileName,
    code: `code of ${fileName}`,
    imports: [],
    dynamicImports: [],
    isEntry: false,
    facadeModuleId: null,
    moduleIds: [],
    ...fields,
  }) as Rolldown.OutputChunk;
const screen = (module: string, soon: string[] = []) => ({ module, soon }) as FirstScreen;

/** The entry imports the app and starts boot (main.tsx); the screens and texts load on demand. */
const bundle = () => {
  const chunks = [
    chunk('index.js', { isEntry: true, imports: ['app.js'], dynamicImports: ['boot.js'] }),
    chunk('app.js', { dynamicImports: ['home.js', 'admin.js', 'texts-nb.js'] }),
    chunk('boot.js', { imports: ['app.js'] }),
    chunk('home.js', { facadeModuleId: join(ROOT, 'src/home.tsx'), imports: ['home-deps.js'] }),
    chunk('home-deps.js'),
    chunk('live.js', { facadeModuleId: join(ROOT, 'src/live.ts') }),
    chunk('admin.js', { facadeModuleId: join(ROOT, 'src/admin.tsx'), imports: ['home-deps.js'] }),
    chunk('texts-nb.js', { moduleIds: [join(ROOT, 'src/texts-nb.ts')] }),
  ];
  return Object.fromEntries(chunks.map((c) => [c.fileName, c]));
};

describe('compile hints for the first load', () => {
  it('marks the entry, its steps, the first screens and what they load at once, and nothing else', () => {
    const chunks = Object.values(bundle());
    const files = firstLoadChunks(chunks, ROOT, [screen('src/home.tsx', ['src/live.ts'])]);
    expect([...files].sort()).toEqual(['app.js', 'boot.js', 'home-deps.js', 'home.js', 'index.js', 'live.js']);
  });

  it('puts the hint on the first line and moves the source map down a line with the code', () => {
    const files = bundle();
    const output: Record<string, Rolldown.OutputChunk | Rolldown.OutputAsset> = {
      ...files,
      'home.js.map': {
        type: 'asset',
        fileName: 'home.js.map',
        source: JSON.stringify({ mappings: 'AAAA' }),
      } as Rolldown.OutputAsset,
    };
    const plugin = compileHints([screen('src/home.tsx')]);
    (plugin.configResolved as (config: { root: string }) => void)({ root: ROOT });
    const generate = plugin.generateBundle as { handler: (options: unknown, bundle: typeof output) => void };
    generate.handler({}, output);
    expect((output['home.js'] as Rolldown.OutputChunk).code).toBe(`${COMPILE_HINT}\ncode of home.js`);
    expect(JSON.parse(String((output['home.js.map'] as Rolldown.OutputAsset).source))).toEqual({ mappings: ';AAAA' });
    expect((output['admin.js'] as Rolldown.OutputChunk).code).toBe('code of admin.js');
  });
});
