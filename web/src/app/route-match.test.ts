import { ROUTES } from '@club/shared/routes';
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createRouteMatcher } from './route-match.ts';
import { routeObjects } from './route-table.tsx';

describe('the route matcher', () => {
  const match = createRouteMatcher(routeObjects);
  const paths = [
    ...Object.values(ROUTES).map((path) => path.replace(/:(\w+)/g, '7')),
    '/table/%C3%A5',
    '/TABLE/3/',
    '/nope',
    '/admin/nope/deeper',
    '/profile/account/extra',
  ];

  it.each(paths)('finds what React Router finds at %s', (path) => {
    const theirs = matchRoutes(routeObjects, path) ?? [];
    const ours = match(path);
    // the same element objects, not look-alikes: each is the key of its screen's preload
    const elements = ours?.elements ?? [];
    expect(elements).toHaveLength(theirs.length);
    for (const [i, element] of elements.entries()) expect(element).toBe(theirs[i]?.route.element);
    expect(ours?.params ?? {}).toEqual(theirs.at(-1)?.params ?? {});
  });
});
