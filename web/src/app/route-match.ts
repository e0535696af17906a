import type { RouteObject } from 'react-router-dom';
import { pathPattern } from '../lib/path-pattern.ts';

/** A screen's chain of route elements (layouts, guards, the screen) with its whole path, compiled. */
interface Branch {
  elements: unknown[];
  pattern: RegExp;
  params: string[];
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

function compile(path: string): { pattern: RegExp; params: string[] } {
  const { source, params } = pathPattern(path);
  // React Router matches without regard to case, with or without a closing slash
  return { pattern: new RegExp(`^${source.replace(/\/$/, '')}/?$`, 'i'), params };
}

function flatten(routes: RouteObject[], parentPath: string, parents: unknown[]): Branch[] {
  return routes.flatMap((route) => {
    const path =
      route.path === undefined
        ? parentPath
        : route.path.startsWith('/')
          ? route.path
          : `${parentPath.replace(/\/$/, '')}/${route.path}`;
    const elements = [...parents, route.element];
    const below = route.children ? flatten(route.children, path, elements) : [];
    return route.path === undefined ? below : [...below, { elements, ...compile(path), score: score(path) }];
  });
}

/**
 * The route elements a path leads to, and its parameters, as React Router's `matchRoutes` finds
 * them for this route table (route-match.test.ts holds the two to each other), with the table
 * flattened and compiled once. `matchRoutes` flattens, ranks and compiles the whole table at
 * every call: on a phone's first load that was the longest part of working out which screen's
 * code and reads to start (app/router.tsx).
 */
export function createRouteMatcher(routes: RouteObject[]) {
  let branches: Branch[] | undefined;
  return (pathname: string): { elements: unknown[]; params: Record<string, string> } | null => {
    branches ??= flatten(routes, '', [])
      .map((branch, order) => ({ branch, order }))
      .sort((a, b) => b.branch.score - a.branch.score || a.order - b.order)
      .map(({ branch }) => branch);
    for (const branch of branches) {
      const found = branch.pattern.exec(pathname);
      if (!found) continue;
      const params: Record<string, string> = {};
      branch.params.forEach((name, i) => {
        const value = found[i + 1] ?? '';
        try {
          params[name] = decodeURIComponent(value);
        } catch {
          params[name] = value;
        }
      });
      return { elements: branch.elements, params };
    }
    return null;
  };
}
