import { ROUTES } from '@club/shared/routes';
import { lazyRoutes, pathPattern, type RouteName } from './route-table.ts';
import { textGroupModules } from './text-groups.ts';

/** What a first screen needs besides its code: the part of the map the route table cannot say. */
interface FirstData {
  /** the modules of the schemas of its first answers (checked once the screen is up: lib/api.ts) */
  answers: string[];
  /** the API reads it starts with; `:name` is the route's parameter of that name */
  reads: string[];
  /** modules it imports as soon as it has rendered, preloaded with it */
  soon?: string[];
}

/**
 * The screens a phone or the TV opens first, by their name in the route table, with the data
 * each starts with. Their paths, modules and guards come from the route table itself.
 */
const FIRST_DATA: Partial<Record<RouteName, FirstData>> = {
  home: {
    answers: [
      'src/features/tables/api/answers.ts',
      'src/features/profile/api/answers.ts',
      'src/features/orders/api/answers.ts',
      'src/features/devices/api/door-answers.ts',
    ],
    reads: [
      '/v1/table/all',
      '/v1/game/active',
      '/v1/user/my-active-subscription',
      '/v1/order/waiting',
      '/v1/door/access',
    ],
  },
  table: {
    answers: ['src/features/tables/api/answers.ts'],
    reads: ['/v1/table/:id', '/v1/table/all', '/v1/game/active'],
  },
  tv: {
    answers: ['src/lib/opening-status-answers.ts'],
    // the tables come through the floor room; the opening hours are a read, checked later
    reads: ['/v1/settings/opening-hours'],
    // the board is the floor room: it connects at once (live-context.tsx)
    soon: ['src/features/live/lib/live-client.ts', 'src/features/live/lib/cache-writer.ts'],
  },
};

export interface FirstScreen extends FirstData {
  name: RouteName;
  /** a regular expression of the path; its groups are the route's parameters */
  path: string;
  module: string;
  /** the reads with each parameter as `$n`, its group in `path` */
  reads: string[];
  /** outside the login's guard: the profile is not waited for, the reads start without a login */
  unguarded: boolean;
  soon: string[];
  /** by language, the modules of the text groups it loads with its code, from the web root */
  texts: Record<string, string[]>;
}

/**
 * The first screens, as the build's plugins use them. A screen behind the login's guard starts
 * its reads only with a login: without one the guard sends the phone to the login page, and a
 * read asked without the session would be refused, and that refusal would answer the screen's
 * first call after logging in.
 */
export function firstScreens(webRoot: string): FirstScreen[] {
  const routes = lazyRoutes(webRoot);
  const groups = textGroupModules(webRoot);
  return Object.entries(FIRST_DATA).map(([key, data]) => {
    const name = key as RouteName;
    const route = routes.find((r) => r.name === name);
    if (!route) throw new Error(`first screen '${name}' is not a lazy route of src/app/route-table.tsx`);
    const { pattern, params } = pathPattern(ROUTES[name]);
    const reads = data.reads.map((read) =>
      read.replace(/:(\w+)/g, (_, param: string) => {
        const index = params.indexOf(param);
        if (index < 0) throw new Error(`first screen '${name}' reads ${read}: ${ROUTES[name]} has no :${param}`);
        return `$${index + 1}`;
      }),
    );
    return {
      ...data,
      name,
      path: pattern,
      module: route.module,
      reads,
      unguarded: !route.guarded,
      soon: data.soon ?? [],
      texts: Object.fromEntries(
        Object.keys(TEXTS).map((locale) => [
          locale,
          route.texts.flatMap((group) => {
            const modules = groups[group]?.[locale];
            if (!modules) throw new Error(`first screen '${name}' loads the texts '${group}': not in TEXT_GROUPS`);
            return modules;
          }),
        ]),
      ),
    };
  });
}

/** The app's start, which main.tsx imports. */
export const BOOT = 'src/boot.tsx';

/** What every screen behind the login waits for: the profile (lib/auth.ts); and its schema. */
export const LOGGED_IN = { answers: 'src/lib/answers.ts', read: '/v1/user/profile' };

/** Each language's texts (src/lib/i18n.ts): the first render waits for the one in use. */
export const TEXTS: Record<string, string> = { nb: 'src/lib/texts-nb.ts', en: 'src/lib/texts-en.ts' };
