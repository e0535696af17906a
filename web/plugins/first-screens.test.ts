import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTES } from '@club/shared/routes';
import { describe, expect, it } from 'vitest';
import { firstScreens } from './first-screens.ts';
import { lazyRoutes, pathPattern } from './route-table.ts';

const WEB = join(import.meta.dirname, '..');

describe('the route table as the build reads it', () => {
  const routes = lazyRoutes(WEB);

  it('finds every lazy screen with its module and guard', () => {
    expect(routes.find((r) => r.name === 'table')).toEqual({
      name: 'table',
      module: 'src/features/tables/components/table-page.tsx',
      guarded: true,
      texts: ['games', 'waitlist'],
    });
    expect(routes.find((r) => r.name === 'tv')).toEqual({
      name: 'tv',
      module: 'src/features/live/components/tv-board.tsx',
      guarded: false,
      texts: ['booking', 'waitlist'],
    });
    expect(routes.find((r) => r.name === 'admin.cash')?.texts).toEqual(['admin', 'cash']);
    expect(routes.find((r) => r.name === 'admin.reports')?.guarded).toBe(true);
    expect(routes.find((r) => r.name === 'login')?.guarded).toBe(false);
    for (const route of routes) expect(existsSync(join(WEB, route.module)), route.module).toBe(true);
    expect(routes.length).toBeGreaterThan(40);
  });

  it('turns a path into a pattern whose groups are its parameters', () => {
    expect(pathPattern(ROUTES.table)).toEqual({ pattern: '^/table/([^/]+)$', params: ['id'] });
    expect(new RegExp(pathPattern(ROUTES.home).pattern).test('/')).toBe(true);
    expect(new RegExp(pathPattern(ROUTES.tv).pattern).test('/tv/x')).toBe(false);
  });

  it('gives each first screen its path, module and reads with the parameters numbered', () => {
    const table = firstScreens(WEB).find((s) => s.name === 'table');
    expect(table).toMatchObject({
      path: '^/table/([^/]+)$',
      module: 'src/features/tables/components/table-page.tsx',
      reads: ['/v1/table/$1', '/v1/table/all', '/v1/game/active'],
      unguarded: false,
      texts: {
        nb: ['../shared/src/i18n/web-games.nb.ts', '../shared/src/i18n/web-waitlist.nb.ts'],
        en: ['../shared/src/i18n/web-games.en.ts', '../shared/src/i18n/web-waitlist.en.ts'],
      },
    });
    expect(firstScreens(WEB).find((s) => s.name === 'tv')?.unguarded).toBe(true);
  });
});
