import { expect, test } from './support/fixtures.ts';
import { moveClock, newPlayer, newTable, playAndLeave } from './support/players.ts';
import { sessionCookies } from './support/session.ts';
import { kr, nb, shoot } from './support/shots.ts';

/** A payment page follows what staff do at the counter, without a reload. */
test.afterEach(async ({ api }) => {
  await moveClock(api, { freeze: false });
});

test('the payment overview of a waiting order shows it paid the moment staff settle it', async ({
  page,
  api,
  tokens,
}) => {
  const player = await newPlayer(api, tokens.admin, 'Vigdis');
  const table = await newTable(api, tokens.admin);
  const orderId = await playAndLeave(api, player, table.id, 3);

  await page.context().addCookies(sessionCookies(player.token));
  await page.goto(`/payment/overview/${orderId}`);
  await expect(page.getByRole('button', { name: new RegExp(nb('pay.overview.kiosk')) })).toBeVisible();

  const paid = await api.post('/v1/payment/system', {
    headers: { authorization: `Bearer ${tokens.admin}` },
    data: { order_id: orderId },
  });
  expect(paid.ok(), 'staff settle the order').toBe(true);
  await expect(page.getByText(nb('pay.banner.paid'), { exact: true })).toBeVisible({ timeout: 3_000 });
  await expect(page.getByRole('button', { name: new RegExp(nb('pay.overview.kiosk')) })).toHaveCount(0);
});

test('a game fully paid by prepaid hours says so, with the minutes used — never "pay kr 0" or "paid by staff"', async ({
  page,
  api,
  tokens,
}) => {
  const player = await newPlayer(api, tokens.admin, 'Klara');
  const admin = { authorization: `Bearer ${tokens.admin}` };
  const catalogue = await api.get('/v1/subscription/all', { headers: admin });
  const [hours] = ((await catalogue.json()) as { data: { id: number }[] }).data;
  expect(hours, 'the demo club sells prepaid hours').toBeDefined();
  const added = await api.post('/v1/subscription/add', {
    headers: admin,
    data: { user_id: player.id, subscription_id: hours?.id },
  });
  expect(added.ok(), 'give the player prepaid hours').toBe(true);
  const table = await newTable(api, tokens.admin);
  await moveClock(api, { freeze: true });
  const joined = await api.post('/v1/game/join', {
    headers: { authorization: `Bearer ${player.token}` },
    data: { table_id: table.id },
  });
  expect(joined.ok(), 'join').toBe(true);
  await moveClock(api, { advance_ms: 3 * 60_000 + 30_000 });

  await page.context().addCookies(sessionCookies(player.token));
  await page.goto(`/table/${table.id}`);
  await expect(page.getByTestId('my-bill-total')).toHaveText(kr(0));
  await expect(page.getByRole('button', { name: nb('games.table.leave') })).toHaveCount(0);
  await page.getByRole('button', { name: nb('games.covered.leave'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: nb('games.table.leave_title') });
  await expect(dialog).toContainText(nb('games.covered.leave_text_other', { count: 4 }));
  await shoot(page, 'table-leave-covered');
  await dialog.getByRole('button', { name: nb('games.covered.leave'), exact: true }).click();

  await expect(page).toHaveURL(/\/payment\/overview\/\d+$/);
  await expect(page.getByText(nb('pay.covered.banner_other', { count: 4 }))).toBeVisible();
  await expect(page.getByText(nb('pay.method.system'))).toHaveCount(0);
  await shoot(page, 'payment-covered');
});

test('the home page shows what the player still owes, one tap from paying it', async ({ page, api, tokens }) => {
  const player = await newPlayer(api, tokens.admin, 'Ulrikke');
  const table = await newTable(api, tokens.admin);
  const orderId = await playAndLeave(api, player, table.id, 2);
  await page.context().addCookies(sessionCookies(player.token));
  await page.goto('/');
  const card = page.getByTestId('home-unpaid');
  await expect(card).toContainText(nb('unpaid.title_one', { count: 1 }));
  await shoot(page, 'home-unpaid');
  await card.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/payment/overview/${orderId}$`));
});
