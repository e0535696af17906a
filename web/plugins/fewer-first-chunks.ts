import type { Plugin } from 'vite';
import { BOOT, type FirstScreen, LOGGED_IN } from './first-screens.ts';

/**
 * Fewer files before the first paint. Left to itself the bundler splits off each module
 * that another lazy screen also imports (React, the icons, the API client, the bill…)
 * into a chunk of its own: two dozen small files on the way to a first screen, and over
 * HTTP/1.1 (six connections) a phone on a slow network pays a round trip for each. So:
 * everything the app's start (main.tsx, boot.tsx) imports statically is one chunk; what the
 * first screens (first-screens.ts) import statically is one chunk per screen, plus one for
 * what each set of them shares (the TV shares little with the phone's screens and fetches
 * only that); the schemas of their first answers in one more. The screens' own modules stay chunks of their own (Vite's manifest and
 * `npm run bench -- bundle` know them by that).
 */
export function fewerFirstChunks(screens: FirstScreen[]): {
  plugin: Plugin;
  groups: { name: string; test: (id: string) => boolean; priority: number }[];
} {
  /** what the app's start imports statically (main.tsx, then boot.tsx) */
  const inEntry = new Set<string>();
  /** what the entry itself imports statically (the styles, Vite's preload helper): its own chunk */
  const entryStatic = new Set<string>();
  /** a module two or more first screens import → the chunk of exactly those screens */
  const shared = new Map<string, string>();
  const answers = new Set<string>();
  const byScreen = screens.map(() => new Set<string>());
  const basename = (module: string) => module.replace(/^.*\//, '').replace(/\.tsx?$/, '');
  const subsets: string[][] = [[]];
  for (const { module } of screens) for (const set of [...subsets]) subsets.push([...set, basename(module)]);
  const screenSets = subsets.filter((set) => set.length > 1).map((set) => set.join('+'));
  return {
    groups: [
      // Vite's preload helper, which main.tsx needs to load the start (else it joins `app`)
      { name: 'preload', test: (id) => id.includes('preload-helper'), priority: 70 },
      { name: 'app', test: (id) => inEntry.has(id) && !entryStatic.has(id), priority: 50 },
      // every set of two or more screens; the wider shared first, so that what a module
      // pulls in with it goes to the widest set that has it
      ...screenSets.map((set) => ({
        name: set,
        test: (id: string) => shared.get(id) === set,
        priority: 30 + set.split('+').length,
      })),
      ...screens.map(({ module }, i) => ({
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
        const own = screens.map(({ module }) => find(module));
        const deps = own.map((id) => closure(id, inEntry));
        for (const set of deps) for (const id of own) if (id) set.delete(id);
        for (const set of deps)
          for (const id of set) {
            const by = screens.filter((_, j) => deps[j]?.has(id)).map(({ module }) => basename(module));
            if (by.length > 1) shared.set(id, by.join('+'));
          }
        deps.forEach((set, i) => {
          for (const id of set) if (!shared.has(id)) byScreen[i]?.add(id);
        });
        const answerModules = [LOGGED_IN.answers, ...screens.flatMap((screen) => screen.answers)].map(find);
        const skip = new Set([...inEntry, ...shared.keys(), ...own.filter((id): id is string => Boolean(id))]);
        for (const module of answerModules) {
          if (module && !skip.has(module)) answers.add(module);
          for (const id of closure(module, skip)) answers.add(id);
        }
      },
    },
  };
}
