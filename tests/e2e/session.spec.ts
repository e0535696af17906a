import { PLAYER } from './support/env.ts';
import { expect, test } from './support/fixtures.ts';
import { newPlayer, newTable } from './support/players.ts';
import { nb, shoot } from './support/shots.ts';

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
  // three phones, one after the other
  test.setTimeout(90_000);
  const player = await newPlayer(api, tokens.admin, 'Quinn');
  const table = await newTable(api, tokens.admin);
  for (const round of [1, 2, 3]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    // what the gateway answers on the page's socket
    const frames: string[] = [];
    page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => void frames.push(String(payload))));
    await page.goto(`/table/${table.id}`);
    await expect(page).toHaveURL(/\/login$/);
    if (round === 1) await shoot(page, 'qr-login');
    await page.getByLabel('E-post').fill(player.email);
    await page.getByLabel('Passord', { exact: true }).fill(player.password);
    await page.getByRole('button', { name: 'Logg inn' }).click();

    await expect(page).toHaveURL(new RegExp(`/table/${table.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: table.name })).toBeVisible();
    // a refusal would send the phone back to /login a second after the page showed
    await page.waitForTimeout(1_500);
    await expect(page, `round ${round}`).toHaveURL(new RegExp(`/table/${table.id}$`));
    await expect(page.getByText(nb('error.auth_required'))).toHaveCount(0);

    // the socket joined the player's own room: its handshake carried the session cookie; and,
    // once they play here, the table's room (before, its bills are not theirs to hear)
    const heard = (room: string, kind: string) =>
      frames.some((f) => f.includes(`"room":"${room}"`) && f.includes(`"kind":"${kind}"`));
    await expect.poll(() => heard(`user:${player.id}`, 'user')).toBe(true);
    if (round > 1) await expect.poll(() => heard(`table:${table.id}`, 'table')).toBe(true);

    if (round === 1) {
      await shoot(page, 'qr-table');
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

test('after logging in, no script can read the session token', async ({ page, context }) => {
  await page.goto('/login');
  await page.getByLabel('E-post').fill(PLAYER.email);
  await page.getByLabel('Passord', { exact: true }).fill(PLAYER.password);
  const answer = page.waitForResponse((r) => r.url().endsWith('/v1/auth/login'));
  await page.getByRole('button', { name: 'Logg inn' }).click();
  const login = await answer;
  await expect(page.getByRole('heading', { level: 1, name: 'Hei, Sander' })).toBeVisible();

  const token = (await context.cookies()).find((c) => c.name === 'token');
  expect(token, 'the session cookie').toBeDefined();
  expect(token?.httpOnly).toBe(true);
  expect(token?.sameSite).toBe('Lax');
  expect(token?.value.length).toBeGreaterThan(20);
  const secret = token?.value ?? '';
  // the login's answer, the cookies a script sees and everything it stored
  expect(await login.text()).not.toContain(secret);
  const readable = await page.evaluate(() => ({
    cookie: document.cookie,
    stored: [localStorage, sessionStorage].flatMap((storage) =>
      Object.keys(storage).map((key) => `${key}=${storage.getItem(key)}`),
    ),
  }));
  expect(readable.cookie).toContain('logged_in=1');
  expect(readable.cookie).not.toContain('token=');
  expect(readable.cookie).not.toContain(secret);
  for (const item of readable.stored) expect(item).not.toContain(secret);

  // and the login holds across a reload; logging out clears the cookie
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Hei, Sander' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Hovedmeny' }).getByRole('link', { name: 'Profil' }).click();
  await page.getByRole('button', { name: nb('auth.logout') }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await context.cookies()).filter((c) => c.name === 'token' || c.name === 'logged_in')).toEqual([]);
});
