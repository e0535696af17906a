import { readdirSync, readFileSync } from 'node:fs';
import { ROUTES } from '@club/shared/routes';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { ADMIN_ROUTE_NAMES, PLAYER_PATHS } from './support/paths.ts';
import { newPlayer } from './support/players.ts';
import { sessionCookies } from './support/session.ts';

/**
 * Every screen is split into its own chunk and brings the feature stylesheets it uses
 * (web/src/styles/<feature>.css). Opened directly — a reload, a link from Vipps — a screen
 * whose elements use a class of a stylesheet nobody on that screen imported comes out
 * unstyled, which no other test notices. Here each route is opened cold and every class in
 * the page that a feature stylesheet defines must have that stylesheet loaded.
 */
const STYLES = new URL('../../web/src/styles/', import.meta.url);
const featureClasses = new Map<string, string>();
for (const file of readdirSync(STYLES).filter((f) => f.endsWith('.css') && f !== 'index.css')) {
  for (const [, name] of readFileSync(new URL(file, STYLES), 'utf8').matchAll(/\.([a-zA-Z][\w-]*)/g))
    featureClasses.set(name!, file);
}
// print-only rules for other screens' elements, not what makes them look right
const PRINT_ONLY = new Set(['Toastify']);

async function unstyled(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('.spinner')).toHaveCount(0);
  const { used, selectors } = await page.evaluate(() => {
    const used = new Set<string>();
    for (const el of document.querySelectorAll('[class]')) for (const c of el.classList) used.add(c);
    const selectors: string[] = [];
    // rules inside @media, @supports and @layer too
    const walk = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if (rule instanceof CSSStyleRule) selectors.push(rule.selectorText);
        if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of document.styleSheets) walk(sheet.cssRules);
    return { used: [...used], selectors: selectors.join(' ') };
  });
  return used
    .filter((c) => featureClasses.has(c) && !PRINT_ONLY.has(c))
    .filter((c) => !new RegExp(`\\.${c}(?![\\w-])`).test(selectors))
    .map((c) => `${path}: .${c} (${featureClasses.get(c)})`);
}

test('every screen opened directly has the stylesheets its elements use', async ({ browser, api, tokens }) => {
  test.setTimeout(240_000);
  // a player with a waiting order, so the payment screens show their real content
  const player = await newPlayer(api, tokens.admin, 'Stil');
  const headers = { authorization: `Bearer ${player.token}` };
  const joined = await api.post('/v1/game/join', { headers, data: { table_id: 3 } });
  expect(joined.ok(), 'join a table').toBe(true);
  const { game } = (await joined.json()) as { game: { id: number } };
  await api.post('/v1/test/clock', { data: { advance_ms: 5 * 60_000 } });
  const left = await api.post('/v1/game/leave', { headers, data: { game_id: game.id } });
  const { order_id: orderId } = (await left.json()) as { order_id: number };

  // the player's screens with the waiting order, and the TV; the verify page answers a link, not a screen
  const playerPaths = [...PLAYER_PATHS.filter((p) => p !== ROUTES.verify), ROUTES.tv].map((p) =>
    p.replace(':id', String(p.startsWith('/payment') ? orderId : 1)),
  );
  const adminPaths = ADMIN_ROUTE_NAMES.map((name) =>
    ROUTES[name].replace(':id', name === 'admin.order' ? String(orderId) : '1'),
  );

  const problems: string[] = [];
  for (const [token, paths] of [
    [player.token, playerPaths],
    [tokens.admin, adminPaths],
  ] as const) {
    const context = await browser.newContext();
    await context.addCookies(sessionCookies(token));
    const page = await context.newPage();
    for (const path of paths) problems.push(...(await unstyled(page, path)));
    await context.close();
  }
  expect(problems).toEqual([]);
});
