import type { TTable } from '@club/shared/tables';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { BASE_URL } from './support/env.ts';
import { expect, test } from './support/fixtures.ts';
import { phone } from './support/phone.ts';
import { newPlayer } from './support/players.ts';
import { sessionCookies } from './support/session.ts';
import { nb, shoot } from './support/shots.ts';

/**
 * The waitlist on a busy evening: every table is taken, a player joins the line from their
 * phone and sees their place and expected wait; a game ends, and the phone shows the table held
 * for them at once (no reload), and one tap takes it. Staff see the line beside the floor plan,
 * the wall TV when the busy table is expected to be free.
 */
const LIVE = { timeout: 3000 };

async function asAdmin(api: APIRequestContext, token: string, path: string, data: unknown) {
  const answer = await api.post(path, { headers: { authorization: `Bearer ${token}` }, data });
  expect(answer.ok(), `${path} ${JSON.stringify(data)}`).toBe(true);
  return answer.json();
}

async function screen(browser: Browser, token: string | null, width = 1280): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width, height: 800 }, locale: 'nb-NO' });
  if (token) await context.addCookies(sessionCookies(token));
  return context.newPage();
}

test('a player waits in line while every table is taken, and claims the table offered the moment it frees', async ({
  browser,
  api,
  tokens,
  checkA11y,
}) => {
  test.setTimeout(120_000);
  // a full club: a game on every free table
  const all = ((await (await api.get('/v1/table/all')).json()) as { data: TTable[] }).data;
  const games: { token: string; gameId: number }[] = [];
  const queueTable = `Kø-bordet ${Math.random().toString(36).slice(2, 6)}`;
  const occupy = async (tableId: number, who: string) => {
    const player = await newPlayer(api, tokens.admin, who);
    const answer = await api.post('/v1/game/join', {
      headers: { authorization: `Bearer ${player.token}` },
      data: { table_id: tableId },
    });
    expect(answer.ok(), `a game at table ${tableId}`).toBe(true);
    const game = { token: player.token, gameId: ((await answer.json()) as { game: { id: number } }).game.id };
    games.push(game);
    return game;
  };
  for (const t of all.filter((t) => t.active && t.status === 'free' && !t.out_of_order)) await occupy(t.id, 'Gjest');
  try {
    const table = (await asAdmin(api, tokens.admin, '/v1/table/create', {
      name: queueTable,
      capacity: 2,
      price_per_minute: 250,
      x: 20,
      y: 80,
    })) as { table: TTable };
    const tableId = table.table.id;
    const ours = await occupy(tableId, 'Spillende');
    games.pop();

    const waiting = await newPlayer(api, tokens.admin, 'Ventende');
    const mobile = await phone(browser, waiting.token);
    await mobile.goto('/');
    const join = mobile.getByTestId('waitlist-join');
    await expect(join).toContainText(nb('waitlist.all_busy'));
    await expect(mobile.getByText(nb('waitlist.free_about', { time: '' }).trim()).first()).toBeVisible();
    await checkA11y(mobile);
    await shoot(mobile, 'waitlist-join');
    await join.getByRole('button', { name: nb('waitlist.join') }).click();
    const place = mobile.getByTestId('waitlist-place');
    await expect(place).toContainText(nb('waitlist.position', { position: 1 }));
    await expect(place).toContainText(nb('waitlist.party', { count: 2 }));
    await shoot(mobile, 'waitlist-place');

    // staff see the line beside the floor plan; the TV says when the table should be free
    const staff = await screen(browser, tokens.admin);
    await staff.goto('/admin/live');
    const panel = staff.getByTestId('waitlist-panel');
    await expect(panel).toContainText('Ventende');
    await shoot(staff, 'waitlist-staff');
    const tv = await screen(browser, null);
    await tv.goto('/tv');
    await expect(tv.getByTestId(`tv-table-${tableId}`)).toContainText(/ledig ca\. \d\d:\d\d/);
    await shoot(tv, 'waitlist-tv');

    // the game ends: the phone shows the offer live, and the table is held for this player
    const left = await api.post('/v1/game/leave', {
      headers: { authorization: `Bearer ${ours.token}` },
      data: { game_id: ours.gameId },
    });
    expect(left.ok(), 'the game ends').toBe(true);
    const offer = mobile.getByTestId('waitlist-offer');
    await expect(offer).toContainText(nb('waitlist.offer_title', { table: queueTable }), LIVE);
    await expect(tv.getByTestId(`tv-table-${tableId}`)).toContainText(nb('waitlist.held'), LIVE);
    await expect(panel).toContainText(queueTable, LIVE);
    // and staff see the table held on the floor, not free to anyone who walks up
    await expect(staff.getByTestId(`floor-table-${tableId}`)).toContainText(nb('live.status.held'), LIVE);
    await checkA11y(mobile);
    await shoot(mobile, 'waitlist-offer');

    // someone else cannot take it; the player takes it with one tap
    const other = await api.post('/v1/game/join', {
      headers: { authorization: `Bearer ${tokens.player}` },
      data: { table_id: tableId },
    });
    expect(((await other.json()) as { message: string }).message).toBe('error.table_held');
    await offer.getByRole('button', { name: nb('waitlist.claim', { table: queueTable }) }).click();
    await expect(mobile).toHaveURL(new RegExp(`/table/${tableId}$`));
    await expect(mobile.getByRole('heading', { level: 1, name: queueTable })).toBeVisible();
    await expect(panel).toContainText(nb('waitlist.staff_empty'), LIVE);
    await expect(tv.getByTestId(`tv-table-${tableId}`)).toContainText(nb('live.status.playing'), LIVE);
    await shoot(mobile, 'waitlist-claimed');

    const mine = (await (
      await api.get('/v1/game/active', { headers: { authorization: `Bearer ${waiting.token}` } })
    ).json()) as { game: { id: number; players: { status: string; guest_of: number | null }[] } };
    // the party of two sat down together: the player, and a guest on their bill
    const seated = mine.game.players.filter((p) => p.status === 'joined');
    expect(seated.map((p) => p.guest_of !== null).sort()).toEqual([false, true]);
    await api.post('/v1/game/leave', {
      headers: { authorization: `Bearer ${waiting.token}` },
      data: { game_id: mine.game.id },
    });
    for (const page of [mobile, staff, tv]) await page.context().close();
  } finally {
    for (const game of games)
      await api.post('/v1/game/leave', {
        headers: { authorization: `Bearer ${game.token}` },
        data: { game_id: game.gameId },
      });
  }
});
