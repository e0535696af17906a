/**
 * The player's bundle: gzip kB of the JS and CSS a phone must fetch to
 * render `/table/{id}` and `/tv` the first time — the entry chunk with its static imports,
 * the route's lazy chunk with its own, and the texts of the language in use (a chunk of
 * their own, and the text groups the route's screen loads with it: bokmål, the default,
 * counts; English is reported beside it) — read from
 * Vite's manifest of a production build. Checks that admin screens, charts, Sentry (replay) and zod are not among them.
 * Baseline in the same run: a bare React 19 app (createRoot + one element) built by the
 * same Vite, i.e. the floor any React page pays.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { firstScreens } from '../web/plugins/first-screens.ts';
import { machine, ROOT, table, webDist, writeResult } from './lib.ts';

const BUDGET_KB = 120;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The lazy module behind each player route; null when the route is part of the entry. */
const ROUTES: { route: string; module: string | null }[] = [
  { route: '/table/{id}', module: 'src/features/tables/components/table-page.tsx' },
  { route: '/tv', module: 'src/features/live/components/tv-board.tsx' },
];

/** Each language's texts (web/src/lib/i18n.ts): fetched before the first render, in the language in use. */
const TEXTS = { nb: 'src/lib/texts-nb.ts', en: 'src/lib/texts-en.ts' } as const;

/** What must stay out of a player's first render, by the source paths in each chunk's sourcemap. */
const FORBIDDEN: { name: string; pattern: RegExp }[] = [
  { name: 'admin', pattern: /\/src\/features\/(admin[^/]*|reports)\/|\/src\/app\/routes\/admin-/ },
  { name: 'charts', pattern: /node_modules\/(recharts|d3-[^/]+|victory[^/]*)\// },
  { name: 'sentry', pattern: /node_modules\/@sentry(-internal)?\// },
  // answers are checked after the first screen (docs/design.md §8, "The first load is kept small")
  { name: 'zod', pattern: /node_modules\/zod\// },
];

const gz = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;

/** The chunks a key pulls in statically, itself included. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(manifest, dep, seen);
  return seen;
}

function sourcesOf(dist: string, file: string): string[] {
  try {
    const map = JSON.parse(readFileSync(join(dist, `${file}.map`), 'utf8')) as { sources?: string[] };
    return map.sources ?? [];
  } catch {
    return [];
  }
}

interface Measured {
  js_kb: number;
  css_kb: number;
  js_files: string[];
  css_files: string[];
  forbidden: { name: string; files: string[] }[];
}

function measure(dist: string, keys: Set<string>, manifest: Manifest): Measured {
  const js = [...keys].map((k) => manifest[k]!.file);
  const css = [...new Set([...keys].flatMap((k) => manifest[k]!.css ?? []))];
  const forbidden = FORBIDDEN.map(({ name, pattern }) => ({
    name,
    files: js.filter((f) => sourcesOf(dist, f).some((s) => pattern.test(s))),
  })).filter((f) => f.files.length > 0);
  const kb = (files: string[]) => +(files.reduce((n, f) => n + gz(join(dist, f)), 0) / 1000).toFixed(1);
  return { js_kb: kb(js), css_kb: kb(css), js_files: js, css_files: css, forbidden };
}

function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!key) throw new Error('no entry in the manifest (is build.manifest on in web/vite.config.ts?)');
  return key;
}

/** A bare React page built by the same Vite: the floor under any React route. */
async function baseline(): Promise<Measured> {
  const out = mkdtempSync(join(os.tmpdir(), 'bench-bundle-baseline-'));
  await build({
    root: join(ROOT, 'bench/bundle-baseline'),
    configFile: false,
    logLevel: 'warn',
    build: { outDir: out, emptyOutDir: true, manifest: true, sourcemap: true },
  });
  const manifest = JSON.parse(readFileSync(join(out, '.vite/manifest.json'), 'utf8')) as Manifest;
  return measure(out, closure(manifest, entryKey(manifest)), manifest);
}

async function main() {
  const dist = webDist();
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = entryKey(manifest);
  const initial = closure(manifest, entry);
  // and what the entry imports dynamically: the app's start (web/src/main.tsx)
  for (const step of manifest[entry]!.dynamicImports ?? []) closure(manifest, step, initial);
  const bare = await baseline();

  const texts = (locale: keyof typeof TEXTS) => {
    const key = TEXTS[locale];
    if (!manifest[key]) throw new Error(`${key} is not a chunk of its own (web/src/lib/i18n.ts loads it lazily)`);
    return key;
  };
  // the text groups each first screen loads with its code (web/src/lib/i18n.ts, the route table)
  const screens = firstScreens(join(ROOT, 'web'));
  const groups = (module: string | null, locale: keyof typeof TEXTS) =>
    (screens.find((s) => s.module === module)?.texts[locale] ?? []).map((key) => {
      if (!manifest[key]) throw new Error(`${key} is not a chunk of its own (a text group of ${module})`);
      return key;
    });
  const routes = ROUTES.map(({ route, module }) => {
    const keys = new Set(initial);
    const lazy = module && manifest[module] && !initial.has(module) ? module : null;
    if (lazy) closure(manifest, lazy, keys);
    const english = closure(manifest, texts('en'), new Set(keys));
    for (const key of groups(module, 'en')) closure(manifest, key, english);
    closure(manifest, texts('nb'), keys);
    for (const key of groups(module, 'nb')) closure(manifest, key, keys);
    const m = measure(dist, keys, manifest);
    return {
      route,
      ...m,
      js_kb_english: measure(dist, english, manifest).js_kb,
      lazy_chunk: lazy ? manifest[lazy]!.file : null,
      budget_js_kb: BUDGET_KB,
      within_budget: m.js_kb <= BUDGET_KB,
      ratio_to_bare_react: +(m.js_kb / bare.js_kb).toFixed(2),
    };
  });
  const everything = Object.values(manifest).filter((c) => c.file.endsWith('.js'));
  const total = +(everything.reduce((n, c) => n + gz(join(dist, c.file)), 0) / 1000).toFixed(1);

  const report = {
    ...machine(),
    note: 'gzip (level 9) kB of the JS and CSS fetched before the first render of each route: entry + static imports + the route’s lazy chunk and its imports + the bokmål texts with the route’s text groups (js_kb_english: with the English texts instead); baseline = a bare React 19 createRoot page built by the same Vite',
    budget_js_kb: BUDGET_KB,
    baseline: { js_kb: bare.js_kb, css_kb: bare.css_kb },
    all_js_kb: total,
    routes,
  };
  const path = writeResult('bundle', report);

  console.log(`\nplayer bundle (gzip kB to first render; all JS of the app: ${total} kB)\n`);
  console.log(
    table(
      [
        'route',
        'JS',
        'JS in English',
        'CSS',
        'chunks',
        'bare React JS',
        'JS ratio',
        'budget JS',
        'admin / charts / Sentry / zod',
      ],
      [
        ...routes.map((r) => [
          `\`${r.route}\``,
          r.js_kb,
          r.js_kb_english,
          r.css_kb,
          r.js_files.length,
          bare.js_kb,
          `${r.ratio_to_bare_react}×`,
          `${r.within_budget ? '✓' : '✗'} ≤ ${BUDGET_KB}`,
          r.forbidden.length ? `✗ ${r.forbidden.map((f) => f.name).join(', ')}` : '✓ lazy',
        ]),
      ],
    ),
  );
  console.log(`\n${path}`);
  const failed = routes.filter((r) => !r.within_budget || r.forbidden.length);
  if (failed.length) {
    for (const r of failed)
      console.log(
        `goal missed on ${r.route}: ${r.js_kb} kB JS${r.forbidden.map((f) => `; ${f.name} in ${f.files.join(', ')}`).join('')}`,
      );
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
