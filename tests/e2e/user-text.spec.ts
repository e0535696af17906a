import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { newPlayer } from './support/players.ts';
import { sessionCookies } from './support/session.ts';

/**
 * What people type is shown as text, never run as markup. A player's name,
 * a guest's name and a notification carry HTML and a script; they must appear literally on
 * the table page, the admin's live floor plan, the admin orders list and the notification
 * list, with no element made from them and `window.__xss` never set. (The CSP would also
 * stop an inline handler, so the DOM itself is checked, not only the flag.)
 */
const IMG = '<img src=x onerror=window.__xss=1>';
const SCRIPT = '<script>window.__xss=1</script>';

async function as(page: Page, token: string) {
  await page.context().clearCookies();
  await page.context().addCookies(sessionCookies(token));
}

/** Nothing was made from the payloads: no such element, no such script, the flag unset. */
async function nothingRan(page: Page) {
  const state = await page.evaluate(() => ({
    flag: (window as unknown as { __xss?: unknown }).__xss,
    images: document.querySelectorAll('img[src="x"], img[onerror]').length,
    scripts: [...document.scripts].filter((s) => s.textContent?.includes('__xss')).length,
    handlers: document.querySelectorAll('[onerror], [onload], [onclick]').length,
  }));
  expect(state).toEqual({ flag: undefined, images: 0, scripts: 0, handlers: 0 });
}

test('names, guest names and notifications with markup are shown as text', async ({ page, api, tokens }) => {
  test.setTimeout(90_000);
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const player = await newPlayer(api, tokens.admin, IMG);
  const table = (
    (await (
      await api.post('/v1/table/create', {
        headers: auth(tokens.admin),
        data: {
          name: `XSS ${Math.random().toString(36).slice(2, 6)}`,
          capacity: 4,
          price_per_minute: 250,
          x: 8,
          y: 92,
        },
      })
    ).json()) as { table: { id: number } }
  ).table;
  const joined = await api.post('/v1/game/join', { headers: auth(player.token), data: { table_id: table.id } });
  expect(joined.ok(), 'join').toBe(true);
  const gameId = ((await joined.json()) as { game: { id: number } }).game.id;
  const guest = await api.post('/v1/game/join-guest', {
    headers: auth(player.token),
    data: { game_id: gameId, name: SCRIPT },
  });
  expect(guest.ok(), 'add the guest').toBe(true);
  const notified = await api.post('/v1/notification/create', {
    headers: auth(tokens.admin),
    data: { message: `Hei ${IMG} ${SCRIPT}`, link_text: IMG, url: '/shop', audience: 'user', user_id: player.id },
  });
  expect(notified.ok(), 'notify').toBe(true);

  // the player's table page
  await as(page, player.token);
  await page.goto(`/table/${table.id}`);
  await expect(page.getByText(IMG).first()).toBeVisible();
  await expect(page.getByText(SCRIPT).first()).toBeVisible();
  await nothingRan(page);

  // the notification list: the text literal, the link a plain in-app link
  await page.goto('/notifications');
  await expect(page.getByText(`Hei ${IMG} ${SCRIPT}`)).toBeVisible();
  await expect(page.getByRole('link', { name: IMG })).toHaveAttribute('href', '/shop');
  await nothingRan(page);

  // the admin's live floor plan, then the orders list once the player has left
  await as(page, tokens.admin);
  await page.goto('/admin/live');
  await page.getByTestId(`floor-table-${table.id}`).click();
  await expect(page.getByText(IMG).first()).toBeVisible();
  await expect(page.getByText(SCRIPT).first()).toBeVisible();
  await nothingRan(page);

  expect((await api.post('/v1/game/leave', { headers: auth(player.token), data: { game_id: gameId } })).ok()).toBe(
    true,
  );
  await page.goto('/admin/orders');
  await expect(page.getByText(IMG).first()).toBeVisible();
  await nothingRan(page);
});

test('the API refuses notification links that are not https: or an in-app path, on create and on edit', async ({
  api,
  tokens,
}) => {
  const headers = { authorization: `Bearer ${tokens.admin}` };
  const created = await api.post('/v1/notification/create', {
    headers,
    data: {
      message: 'Lenke',
      audience: 'all',
      url: '/shop',
      ends_at: '2000-01-02T00:00:00Z',
      starts_at: '2000-01-01T00:00:00Z',
    },
  });
  expect(created.ok()).toBe(true);
  const id = ((await created.json()) as { notification: { id: number } }).notification.id;
  for (const url of [
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'http://evil.example',
    '//evil',
    '/\\evil',
  ]) {
    for (const [path, extra] of [
      ['/v1/notification/create', {}],
      ['/v1/notification/update', { id }],
    ] as const) {
      const answer = await api.post(path, { headers, data: { message: 'x', audience: 'all', url, ...extra } });
      expect(answer.status(), `${path} ${url}`).toBe(422);
      expect(await answer.json()).toMatchObject({
        message: 'error.validation_failed',
        errors: { url: 'validation.url' },
      });
    }
  }
  await api.post(`/v1/notification/delete/${id}`, { headers });
});
