import { expect, test } from './support/fixtures.ts';
import { newPlayer, newTable } from './support/players.ts';
import { nb } from './support/shots.ts';

/**
 * The way in from a table's QR code, on a phone that has never seen the club (a fresh
 * browser context): the table page, the login it asks for, and back at the table, logged in
 * for good — the first login is enough, every time.
 */
test('a fresh phone scans a table: one login, the table page, join, and a reload keeps it', async ({
  browser,
  api,
  tokens,
}) => {
  const player = await newPlayer(api, tokens.admin, 'Quinn');
  const table = await newTable(api, tokens.admin);
  for (const round of [1, 2, 3]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`/table/${table.id}`);
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('E-post').fill(player.email);
    await page.getByLabel('Passord', { exact: true }).fill(player.password);
    await page.getByRole('button', { name: 'Logg inn' }).click();

    await expect(page).toHaveURL(new RegExp(`/table/${table.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: table.name })).toBeVisible();
    // a refusal would send the phone back to /login a second after the page showed
    await page.waitForTimeout(1_500);
    await expect(page, `round ${round}`).toHaveURL(new RegExp(`/table/${table.id}$`));
    await expect(page.getByText(nb('error.auth_required'))).toHaveCount(0);

    if (round === 1) {
      await page.getByRole('button', { name: nb('games.table.start') }).click();
      await expect(page.getByText(nb('games.table.joined_toast', { table: table.name }))).toBeVisible();
    }
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: table.name })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/table/${table.id}$`));
    await context.close();
  }
  // the game the first phone started: left, so the table is free for others
  const auth = { authorization: `Bearer ${player.token}` };
  const active = (await (await api.get('/v1/game/active', { headers: auth })).json()) as {
    game: { id: number } | null;
  };
  if (active.game) await api.post('/v1/game/leave', { headers: auth, data: { game_id: active.game.id } });
});
