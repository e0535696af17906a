import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { resources } from '@club/shared/i18n/resources';
import { describe, expect, it } from 'vitest';
import { lazyRoutes } from '../../plugins/route-table.ts';
import { ADMIN_NAV_TEXTS } from '../app/layouts/admin-nav-texts.ts';
import { CORE_TEXTS, TEXT_GROUPS, type TextGroup } from './i18n.ts';

/**
 * A screen shows only texts that are there when it renders: the core texts, and the text
 * groups it loads with its code (the route table's `lazyPage(…, ['games'])`). Each screen's
 * modules — what it imports, statically or lazily — are read for the text keys they name
 * (`'games.table.join'`, or `` `live.status.${status}` ``), and each must be in one of them.
 * The app's frame (boot.tsx, the layouts, the error pages) has the core texts only, but for
 * the lazy parts of it below, which load their groups with their code.
 */
const WEB = join(import.meta.dirname, '../..');
const PARTS_WITH_TEXTS: Record<string, TextGroup[]> = { 'src/app/layouts/admin-nav.tsx': ADMIN_NAV_TEXTS };
/** keys a screen's module names that its screen never shows */
const NOT_SHOWN: Record<string, string> = {
  // the door button of the staff, on the staff's screens only (which load the console's texts)
  'devices.door_staff.opened': 'src/features/devices/components/door-button.tsx',
};

type Tree = { [key: string]: unknown };
const ALL = resources.nb.translation as Tree;

function at(tree: Tree, key: string): unknown {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || !(part in node)) return undefined;
    node = (node as Tree)[part];
  }
  return node;
}
/** a text, a plural's base, or (a template's head) an object of texts */
const isText = (tree: Tree, key: string) =>
  key.endsWith('.')
    ? typeof at(tree, key.slice(0, -1)) === 'object'
    : typeof at(tree, key) === 'string' || typeof at(tree, `${key}_other`) === 'string';

const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)['"](\.[^'"]+)['"]/g;
const DYNAMIC = /import\s*\(\s*['"](\.[^'"]+)['"]/g;
const KEY = /['"`]([a-z][a-zA-Z]*(?:\.[a-zA-Z0-9_]+)+\.?)(?=['"`]|\$\{)/g;
const local = (path: string) => relative(WEB, path).split('\\').join('/');

/** The modules of web/src a module reaches, each with the groups loaded with it. */
function reach(from: string, groups: TextGroup[], out = new Map<string, TextGroup[]>()) {
  const name = local(from);
  if (out.has(name) || !existsSync(from) || !/\.tsx?$/.test(from) || /\/texts-\w+\.ts$/.test(from)) return out;
  const own = [...groups, ...(PARTS_WITH_TEXTS[name] ?? [])];
  out.set(name, own);
  const source = readFileSync(from, 'utf8');
  // the route table: the frame's own modules, not the screens it loads
  const screens = name === 'src/app/route-table.tsx' ? new Set([...source.matchAll(DYNAMIC)].map((m) => m[1])) : null;
  for (const [, spec] of source.matchAll(IMPORT))
    if (spec && !screens?.has(spec)) reach(resolve(dirname(from), spec), own, out);
  return out;
}

function keysOf(module: string): string[] {
  // not the keys a comment names as an example
  const source = readFileSync(join(WEB, module), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  return [...source.matchAll(KEY)].map((m) => m[1] as string).filter((key) => isText(ALL, key) && !key.startsWith('.'));
}

async function treesOf(groups: TextGroup[]): Promise<Tree[]> {
  return Promise.all([CORE_TEXTS.nb(), ...[...new Set(groups)].map((group) => TEXT_GROUPS[group].nb())]) as Promise<
    Tree[]
  >;
}

async function missing(modules: Map<string, TextGroup[]>, skip: ReadonlySet<string> = new Set()): Promise<string[]> {
  const out: string[] = [];
  for (const [module, groups] of modules) {
    if (skip.has(module)) continue;
    const trees = await treesOf(groups);
    for (const key of keysOf(module))
      if (NOT_SHOWN[key] !== module && !trees.some((tree) => isText(tree, key))) out.push(`${module}: ${key}`);
  }
  return out;
}

describe('the texts each screen shows', () => {
  const frame = reach(join(WEB, 'src/boot.tsx'), []);

  it('reads the frame and the screens', () => {
    expect(frame.has('src/app/layouts/app-layout.tsx')).toBe(true);
    expect(frame.has('src/features/tables/components/table-page.tsx')).toBe(false);
    expect(keysOf('src/features/live/components/tv-board.tsx')).toContain('live.status.');
  });

  it('are in the core texts for the app’s frame', async () => {
    expect(await missing(frame)).toEqual([]);
  });

  it.each(lazyRoutes(WEB).map((route) => [route.name, route] as const))(
    'are in the core texts or the groups %s loads',
    async (_, route) => {
      const modules = reach(join(WEB, route.module), route.texts as TextGroup[]);
      expect(await missing(modules, new Set(frame.keys()))).toEqual([]);
    },
  );
});
