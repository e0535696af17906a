import { ADMIN } from './support/env.ts';
import { expect, test } from './support/fixtures.ts';
import { newPlayer, newTable, playAndLeave } from './support/players.ts';
import { nb, shoot } from './support/shots.ts';

/** What staff meet first: the floor plan after logging in, and a dashboard whose money adds up. */
test('an admin who logs in lands on the live floor plan', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-post').fill(ADMIN.email);
  await page.getByLabel('Passord', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Logg inn' }).click();
  await expect(page).toHaveURL(/\/admin\/live$/);
  await expect(page.getByRole('heading', { level: 1, name: nb('live.admin.title') })).toBeVisible();
});

/** `kr 1 234,50` or `−kr 12,00` as øre. */
const ore = (text: string) => {
  const negative = text.trim().startsWith('−');
  const value = Math.round(Number(text.replace(/[^\d,]/g, '').replace(',', '.')) * 100);
  return negative ? -value : value;
};

test('the dashboard’s revenue parts, the discounts among them, add up to its total', async ({ page, loginAs }) => {
  await loginAs(page, 'admin');
  await page.goto('/admin');
  const total = page.locator('.revenue__total');
  await expect(total).toBeVisible();
  await expect(page.getByTestId('revenue-discounts')).toContainText(nb('adminConsole.dashboard.discounts'));
  const parts = await page.locator('.revenue__parts').first().locator('dd').allTextContents();
  expect(parts).toHaveLength(4);
  const sales = ore((await total.textContent()) ?? '');
  expect(parts.map(ore).reduce((a, b) => a + b, 0)).toBe(sales);
  // money given back today (the refund tests' among it) is below the sales: what the day kept after it
  const refunds = page.getByTestId('revenue-refunds');
  if ((await refunds.count()) > 0) {
    const back = ore((await refunds.locator('dd').textContent()) ?? '');
    expect(back).toBeLessThan(0);
    expect(ore((await page.getByTestId('revenue-net').locator('dd').textContent()) ?? '')).toBe(sales + back);
  }
});

test('a link opened far down a page shows the next page from its top', async ({ page, loginAs }) => {
  await loginAs(page, 'admin');
  await page.setViewportSize({ width: 390, height: 500 });
  await page.goto('/admin');
  const link = page.getByRole('main').getByRole('link', { name: nb('admin.discounts.title') });
  await link.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await link.click();
  await expect(page).toHaveURL(/\/admin\/discounts$/);
  await expect(page.getByRole('heading', { level: 1, name: nb('admin.discounts.title') })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('staff choose that a player who owes money cannot start a new game; the player is told why', async ({
  page,
  api,
  tokens,
  loginAs,
}) => {
  const admin = { authorization: `Bearer ${tokens.admin}` };
  const player = await newPlayer(api, tokens.admin, 'Gjertrud');
  const table = await newTable(api, tokens.admin);
  await playAndLeave(api, player, table.id, 2);
  try {
    await loginAs(page, 'admin');
    await page.goto('/admin/tables');
    await page.getByRole('tab', { name: nb('games.admin.tab_billing') }).click();
    await page.getByLabel(nb('games.debts.block')).check();
    await expect(page.getByText(nb('games.debts.saved'))).toBeVisible();
    await shoot(page, 'admin-debt-setting');

    const refused = await api.post('/v1/game/join', {
      headers: { authorization: `Bearer ${player.token}` },
      data: { table_id: table.id },
    });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe('error.unpaid_orders_block_games');
  } finally {
    await api.post('/v1/settings/debts', { headers: admin, data: { block_new_games: false } });
  }
});
