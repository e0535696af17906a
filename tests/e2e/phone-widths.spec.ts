import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { newPlayer } from './support/players.ts';
import { sessionCookies } from './support/session.ts';
import { nb, shoot } from './support/shots.ts';

/**
 * The in-game table page on the narrowest phones: nothing may be wider than the screen at
 * 320 px and up — with a guest on the bill, a long name, and while the pause button spins.
 */
const WIDTHS = [320, 360, 375, 390];

async function newTable(api: APIRequestContext, adminToken: string) {
  const answer = await api.post('/v1/table/create', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { name: `Smal ${Math.random().toString(36).slice(2, 6)}`, capacity: 4, price_per_minute: 250, x: 20, y: 70 },
  });
  expect(answer.ok(), 'create a table').toBe(true);
  return ((await answer.json()) as { table: { id: number } }).table;
}

/** How far the page is wider than the screen, in px (0: it fits), and what sticks out. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
    return { by: document.documentElement.scrollWidth - width, out };
  });

test('the in-game table page fits 320, 360, 375 and 390 px, also while pausing', async ({ page, api, tokens }) => {
  const player = await newPlayer(api, tokens.admin, 'Maximiliane-Kristin');
  const table = await newTable(api, tokens.admin);
  const auth = { authorization: `Bearer ${player.token}` };
  const joined = await api.post('/v1/game/join', { headers: auth, data: { table_id: table.id } });
  expect(joined.ok(), 'join').toBe(true);
  const gameId = ((await joined.json()) as { game: { id: number } }).game.id;
  const guest = await api.post('/v1/game/join-guest', {
    headers: auth,
    data: { game_id: gameId, name: 'Bartholomæus Gjestesen' },
  });
  expect(guest.ok(), 'add a guest').toBe(true);

  await page.context().addCookies(sessionCookies(player.token));
  await page.goto(`/table/${table.id}`);
  await expect(page.getByTestId('my-bill-total')).toBeVisible();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    expect(await overflow(page), `overflow at ${width} px`).toEqual({ by: 0, out: [] });
  }

  // the pause request hangs: the button shows its spinner meanwhile
  let release: () => void = () => undefined;
  await page.route('**/v1/game/pause', async (route) => {
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    await route.continue();
  });
  await page.getByRole('button', { name: nb('games.table.pause') }).click();
  await expect(page.locator('.game-actions .button__spinner')).toBeVisible();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    expect(await overflow(page), `overflow at ${width} px while pausing`).toEqual({ by: 0, out: [] });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'table-pausing');
  release();
  await expect(page.getByText(nb('games.table.paused_title'), { exact: true })).toBeVisible();
});
