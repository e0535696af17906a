import { matchPath, type Navigator, type RouteMatch, type RouteObject } from 'react-router-dom';
import { pathPattern } from '../lib/path-pattern.ts';

/** One route of a branch, with its path relative to the routes above it (React Router's `routesMeta`). */
interface Level {
  route: RouteObject;
  relativePath: string;
}

/** A screen's chain of routes (layouts, guards, the screen), with its whole path compiled. */
interface Branch {
  levels: Level[];
  pattern: RegExp;
  score: number;
}

const PARAM = /^:[\w-]+$/;

/** React Router's ranking (`computeScore`): static segments before parameters, a catch-all last. */
function score(path: string): number {
  const segments = path.split('/');
  let total = segments.length - (segments.includes('*') ? 2 : 0);
  for (const segment of segments.filter((s) => s !== '*')) total += PARAM.test(segment) ? 3 : segment === '' ? 1 : 10;
  return total;
}

const joinPaths = (paths: string[]) => paths.join('/').replace(/[\\/]{2,}/g, '/');
const normalizePathname = (pathname: string) => pathname.replace(/\/+$/, '').replace(/^\/*/, '/');

function flatten(routes: RouteObject[], parentPath: string, parents: Level[]): Branch[] {
  return routes.flatMap((route) => {
    const own = route.path ?? '';
    const relativePath = own.startsWith('/') ? own.slice(parentPath.length) : own;
    const path = joinPaths([parentPath, relativePath]);
    const levels = [...parents, { route, relativePath }];
    const below = route.children ? flatten(route.children, path, levels) : [];
    if (route.path === undefined) return below;
    // React Router matches without regard to case, with or without closing slashes
    const pattern = new RegExp(`^${pathPattern(path).source.replace(/\/$/, '')}/*$`, 'i');
    return [...below, { levels, pattern, score: score(path) }];
  });
}

/** React Router's `decodePath`: each segment decoded, a slash inside one kept encoded. */
function decodePath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

/** React Router's `matchRouteBranch`: each route of the branch matched against what is left of the path. */
function matchBranch(branch: Branch, pathname: string): RouteMatch<string, RouteObject>[] | null {
  const params: Record<string, string | undefined> = {};
  let matched = '/';
  const matches: RouteMatch<string, RouteObject>[] = [];
  for (const [i, { route, relativePath }] of branch.levels.entries()) {
    const remaining = matched === '/' ? pathname : pathname.slice(matched.length) || '/';
    const found = matchPath(
      { path: relativePath, caseSensitive: route.caseSensitive === true, end: i === branch.levels.length - 1 },
      remaining,
    );
    if (!found) return null;
    Object.assign(params, found.params);
    matches.push({
      params,
      pathname: joinPaths([matched, found.pathname]),
      pathnameBase: normalizePathname(joinPaths([matched, found.pathnameBase])),
      route,
    });
    if (found.pathnameBase !== '/') matched = joinPaths([matched, found.pathnameBase]);
  }
  return matches;
}

/**
 * The routes a path leads to, as React Router's `matchRoutes` finds them for this route table
 * (route-match.test.ts holds the two to each other), with the table flattened, ranked and
 * compiled once. `matchRoutes` does all that at every call, and `<Routes>` calls it at every
 * render: on a phone's first load that was a sixth of the first render, and the longest part
 * of working out which screen's code and reads to start (app/router.tsx).
 */
export function createRouteMatcher(routes: RouteObject[]) {
  let branches: Branch[] | undefined;
  return (pathname: string): RouteMatch<string, RouteObject>[] | null => {
    branches ??= flatten(routes, '', [])
      .map((branch, order) => ({ branch, order }))
      .sort((a, b) => b.branch.score - a.branch.score || a.order - b.order)
      .map(({ branch }) => branch);
    const decoded = decodePath(pathname);
    for (const branch of branches) {
      if (!branch.pattern.test(decoded)) continue;
      const matches = matchBranch(branch, decoded);
      if (matches) return matches;
    }
    return null;
  };
}

/**
 * What `<Routes>` renders for the matches at the top of the tree (`useRoutes`): each match's
 * own copy of the parameters, and its paths encoded again as the browser's history encodes them.
 */
export function matchesToRender(
  matches: RouteMatch<string, RouteObject>[] | null,
  navigator: Navigator,
): RouteMatch<string, RouteObject>[] | null {
  const encode = (path: string) =>
    joinPaths([
      '/',
      navigator.encodeLocation
        ? navigator.encodeLocation(path.replace(/%/g, '%25').replace(/\?/g, '%3F').replace(/#/g, '%23')).pathname
        : path,
    ]);
  return (
    matches?.map((match) => ({
      ...match,
      params: { ...match.params },
      pathname: encode(match.pathname),
      pathnameBase: match.pathnameBase === '/' ? '/' : encode(match.pathnameBase),
    })) ?? null
  );
}
