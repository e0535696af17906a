import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { moveClock, newPlayer } from './support/players.ts';
import { nb } from './support/shots.ts';

/**
 * Keyboard only: the player's whole flow with the keyboard alone — Tab, Shift+Tab, Enter,
 * Space and Escape, never the mouse: log in, open a table from the front page, start a game,
 * pause, resume, open and close a dialog (focus stays inside, then returns to its button),
 * leave, see the payment overview, reach the shop and add to the cart.
 */

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement).catch(() => false);

/** Tabs (or Shift+Tabs) until `target` has the focus; fails if it is never reached. */
async function tabTo(page: Page, target: Locator, options: { back?: boolean; max?: number } = {}) {
  await expect(target).toBeVisible();
  for (let i = 0; i < (options.max ?? 80); i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
  }
  expect(await isFocused(target), `reach ${target} with ${options.back ? 'Shift+Tab' : 'Tab'}`).toBe(true);
}

test('a player’s whole evening with the keyboard alone', async ({ page, api, tokens }) => {
  test.setTimeout(120_000);
  // a keyboard, not a touch screen
  await page.setViewportSize({ width: 1280, height: 800 });
  const player = await newPlayer(api, tokens.admin, 'Tastatur');
  const tableName = `Tast ${Math.random().toString(36).slice(2, 6)}`;
  const created = await api.post('/v1/table/create', {
    headers: { authorization: `Bearer ${tokens.admin}` },
    data: { name: tableName, capacity: 4, price_per_minute: 250, x: 92, y: 8 },
  });
  expect(created.ok(), 'create a table').toBe(true);
  await moveClock(api, { freeze: true });

  // log in: type into the fields, Enter submits
  await page.goto('/login');
  await tabTo(page, page.getByLabel('E-post'));
  await page.keyboard.type(player.email);
  await tabTo(page, page.getByLabel('Passord', { exact: true }));
  await page.keyboard.type(player.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });

  // open the table from the front page
  const tableLink = page.getByRole('link', { name: new RegExp(tableName) });
  await tabTo(page, tableLink, { max: 150 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: tableName })).toBeVisible();

  // start (Enter), pause (Space), resume (Enter)
  await tabTo(page, page.getByRole('button', { name: nb('games.table.start') }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(nb('games.table.joined_toast', { table: tableName }))).toBeVisible();
  await moveClock(api, { advance_ms: 5 * 60_000 });
  const pause = page.getByRole('button', { name: nb('games.table.pause') });
  await tabTo(page, pause);
  await page.keyboard.press('Space');
  await expect(page.getByText(nb('games.table.paused_title'), { exact: true })).toBeVisible();
  const resume = page.getByRole('button', { name: nb('games.table.unpause') });
  await tabTo(page, resume, { back: true });
  await page.keyboard.press('Enter');
  await expect(page.getByText(nb('games.table.paused_title'), { exact: true })).toHaveCount(0);

  // a dialog: focus moves in, Tab cannot leave it, Escape closes it and focus returns
  const leave = page.getByRole('button', { name: nb('games.table.leave') });
  await tabTo(page, leave);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: nb('games.table.leave_title') });
  await expect(dialog).toBeVisible();
  const insideDialog = () => dialog.evaluate((el) => el.contains(document.activeElement));
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
    expect(await insideDialog(), `focus stays in the dialog after ${i + 1} presses`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect.poll(() => isFocused(leave), { message: 'focus returns to the button that opened it' }).toBe(true);

  // leave for real: the dialog's own button, then the payment overview
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: nb('games.table.leave') }), { max: 10 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/payment\/overview\/\d+$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: nb('pay.overview.title') })).toBeVisible();

  // the shop, from the navigation, and a product into the cart
  const shopLink = page.getByRole('link', { name: nb('nav.shop'), exact: true }).first();
  await tabTo(page, shopLink, { max: 150 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/shop$/);
  const add = page.getByRole('button', { name: nb('store.shop.add') }).first();
  await tabTo(page, add, { max: 150 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: nb('store.shop.added') }).first()).toBeVisible();
  const cart = await api.get('/v1/cart', { headers: { authorization: `Bearer ${player.token}` } });
  expect(((await cart.json()) as { cart: { items: unknown[] } }).cart.items.length).toBeGreaterThan(0);
  await moveClock(api, { freeze: false });
});
