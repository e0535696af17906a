import type { Page } from '@playwright/test';
import { BASE_URL } from './support/env.ts';
import { expect, test } from './support/fixtures.ts';
import { phone } from './support/phone.ts';
import { moveClock, newPlayer } from './support/players.ts';
import { kr, nb, shoot } from './support/shots.ts';

/**
 * Tables and games from the players' phones: two people at table 1 (two browser contexts), a guest,
 * pause for everyone, resume, send the guest home, leave → the payment overview of an order
 * whose total is exactly what the table page showed. And the admin side: create a table,
 * edit it, find its QR code on the print sheet, preview the billing settings.
 *
 * The server clock is frozen and moved by whole minutes plus 30 s, so every phone (which
 * ticks with its own clock plus the skew from the last answer) is mid-minute when compared.
 */
const MINUTE = 60_000;

const myTotal = (page: Page) => page.getByTestId('my-bill-total');

test.afterEach(async ({ api }) => {
  await moveClock(api, { freeze: false });
});

test('two phones at table 1: join, a guest, pause, resume, leave and pay exactly what was shown', async ({
  page,
  browser,
  api,
  tokens,
  loginAs,
  checkA11y,
}) => {
  test.setTimeout(120_000);
  const bToken = (await newPlayer(api, tokens.admin, 'Berit')).token;
  await moveClock(api, { freeze: true });

  // Sander (A) scans table 1 and starts the game; Berit (B) joins on her phone
  await loginAs(page, 'player');
  await page.goto('/table/1');
  await expect(page.getByRole('heading', { level: 1, name: 'Bord 1' })).toBeVisible();
  await checkA11y(page);
  await shoot(page, 'table-free');
  await page.getByRole('button', { name: nb('games.table.start') }).click();
  await expect(myTotal(page)).toBeVisible();
  await expect(page.getByText(nb('games.table.joined_toast', { table: 'Bord 1' }))).toBeVisible();

  const b = await phone(browser, bToken);
  await b.goto('/table/1');
  await expect(b.getByText('Sander')).toBeVisible();
  await b.getByRole('button', { name: nb('table.join') }).click();
  await expect(myTotal(b)).toBeVisible();

  // A adds a guest: on A's bill, and B's phone sees them at the table
  await page.getByLabel(nb('games.table.guest_name')).fill('Gunnar Gjest');
  await page.getByRole('button', { name: nb('games.table.add') }).click();
  await expect(page.getByText(nb('games.table.guest_added', { name: 'Gunnar Gjest' }))).toBeVisible();
  await expect(b.getByText('Gunnar Gjest')).toBeVisible({ timeout: 10_000 });

  // a player who is not at the table sees who plays there, and no one's bill
  const stranger = await phone(browser, (await newPlayer(api, tokens.admin, 'Stine')).token);
  await stranger.goto('/table/1');
  const lineup = stranger.getByTestId('game-lineup');
  await expect(lineup).toContainText('Sander');
  await expect(lineup).toContainText('Gunnar Gjest');
  await expect(lineup).toContainText(nb('games.table.bills_private'));
  await expect(myTotal(stranger)).toHaveCount(0);
  await expect(lineup).not.toContainText('kr');
  await checkA11y(stranger);
  await shoot(stranger, 'table-stranger');
  await stranger.context().close();

  // 3 min 30 s of play: 4 started minutes at kr 2,50 each, for A and the guest on A's bill
  await moveClock(api, { advance_ms: 3 * MINUTE + 30_000 });
  await expect(myTotal(page)).toHaveText(kr(2 * 4 * 250), { timeout: 10_000 });
  await expect(myTotal(b)).toHaveText(kr(4 * 250), { timeout: 10_000 });
  await checkA11y(page);
  await shoot(page, 'table-playing');

  // A pauses for everyone: both bills stand still while the server's clock runs on
  await page.getByRole('button', { name: nb('games.table.pause') }).click();
  await expect(page.getByText(nb('games.table.paused_title'), { exact: true })).toBeVisible();
  await expect(b.getByText(nb('games.table.paused_title'), { exact: true })).toBeVisible({ timeout: 10_000 });
  const pausedA = await myTotal(page).textContent();
  const pausedB = await myTotal(b).textContent();
  expect(pausedA).toBe(kr(2 * 4 * 250));
  expect(pausedB).toBe(kr(4 * 250));
  await moveClock(api, { advance_ms: 5 * MINUTE });
  // B opens the page afresh, with the server's new time: the paused bill has not moved
  await b.reload();
  await expect(b.getByText(nb('games.table.paused_title'), { exact: true })).toBeVisible();
  await expect(myTotal(page)).toHaveText(pausedA ?? '');
  await expect(myTotal(b)).toHaveText(pausedB ?? '');
  await shoot(page, 'table-paused');

  // B resumes; two more minutes: 5 min 30 s played → 6 started minutes each
  // the answer refreshes B's table: that read must be back before the clock jumps, or its
  // older time and minutes would land after the gateway's tick and hide it
  const refreshed = b.waitForResponse((r) => r.request().method() === 'GET' && r.url().endsWith('/v1/table/1'));
  await b.getByRole('button', { name: nb('games.table.unpause') }).click();
  await expect(b.getByText(nb('games.table.paused_title'), { exact: true })).toHaveCount(0);
  await refreshed;
  await moveClock(api, { advance_ms: 2 * MINUTE });
  await expect(myTotal(page)).toHaveText(kr(2 * 6 * 250), { timeout: 10_000 });
  await expect(myTotal(b)).toHaveText(kr(6 * 250), { timeout: 10_000 });

  // A sends the guest home: the guest's time stays on A's bill
  await page.getByRole('button', { name: nb('games.table.let_go_named', { name: 'Gunnar Gjest' }) }).click();
  const letGo = page.getByRole('dialog', { name: nb('games.table.let_go_title', { name: 'Gunnar Gjest' }) });
  await expect(letGo).toContainText(kr(6 * 250));
  await letGo.getByRole('button', { name: nb('games.table.let_go') }).click();
  await expect(page.getByText(nb('games.table.guest_left', { name: 'Gunnar Gjest' }))).toBeVisible();
  await expect(page.getByText(nb('games.table.gone'), { exact: true })).toBeVisible();
  await expect(myTotal(page)).toHaveText(kr(2 * 6 * 250));

  // A leaves: the confirmation shows the amount; the order charges exactly that
  await page.getByRole('button', { name: nb('games.table.leave') }).click();
  const leave = page.getByRole('dialog', { name: nb('games.table.leave_title') });
  await expect(leave).toBeVisible();
  const shown = (await leave.getByTestId('leave-amount').textContent()) ?? '';
  expect(shown).toBe(kr(2 * 6 * 250));
  await shoot(page, 'table-leave-confirm');
  await leave.getByRole('button', { name: nb('games.table.leave') }).click();
  await expect(page).toHaveURL(/\/payment\/overview\/\d+$/, { timeout: 15_000 });
  const orderId = Number(new URL(page.url()).pathname.split('/').pop());
  const answer = await api.get(`/v1/order/${orderId}`, { headers: { authorization: `Bearer ${tokens.player}` } });
  expect(answer.ok(), 'read the order').toBe(true);
  const { order } = (await answer.json()) as { order: { total: number; status: string } };
  expect(kr(order.total)).toBe(shown);
  expect(order.status).toBe('waiting');

  // B plays on alone; A's group is gone from her phone
  await expect(b.getByText('Sander')).toHaveCount(0, { timeout: 10_000 });
  await expect(myTotal(b)).toHaveText(kr(6 * 250));

  // the front page: B's game with its live bill, linking to table 1
  await b.goto('/');
  await expect(b.getByTestId('home-bill-total')).toHaveText(kr(6 * 250));
  await checkA11y(b);
  await shoot(b, 'home-playing');
  await b.getByRole('link', { name: new RegExp(nb('games.home.playing_at', { table: 'Bord 1' })) }).click();
  await expect(b).toHaveURL(/\/table\/1$/, { timeout: 15_000 });

  // B switches to a free table; the bill runs on there
  await b.getByRole('button', { name: nb('games.table.switch') }).click();
  const sheet = b.getByRole('dialog', { name: nb('games.table.switch_title') });
  await expect(sheet).toBeVisible();
  await checkA11y(b);
  await shoot(b, 'table-switch');
  // exact: other specs' tables are named "Bord" and a random suffix, which may begin with 2
  await sheet.getByRole('button', { name: nb('games.table.switch_to', { table: 'Bord 2' }), exact: true }).click();
  // one tap only picks: the move waits for a confirmation that names the table
  const confirm = b.getByRole('dialog', { name: nb('games.switch_confirm.title', { table: 'Bord 2' }) });
  await expect(confirm).toContainText(nb('games.switch_confirm.text', { table: 'Bord 2', price: kr(250) }));
  await expect(b).toHaveURL(/\/table\/1$/);
  await shoot(b, 'table-switch-confirm');
  await confirm.getByRole('button', { name: nb('games.switch_confirm.confirm', { table: 'Bord 2' }) }).click();
  await expect(b).toHaveURL(/\/table\/2$/, { timeout: 15_000 });
  await expect(b.getByRole('heading', { level: 1, name: 'Bord 2' })).toBeVisible();
  await expect(myTotal(b)).toHaveText(kr(6 * 250));
  await b.context().close();
});

test('admin: create a table, edit it, find its QR code on the sheet and preview the billing', async ({
  page,
  api,
  tokens,
  loginAs,
  checkA11y,
}) => {
  test.setTimeout(60_000);
  const name = `Testbord ${Date.now() % 100_000}`;
  await loginAs(page, 'admin');
  await page.goto('/admin/tables');
  await expect(page.getByRole('heading', { level: 1, name: nb('admin.tables.title') })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Bord 1', exact: true }).first()).toBeVisible();
  await checkA11y(page);
  await shoot(page, 'admin-tables');

  // create
  await page
    .getByRole('button', { name: nb('games.admin.new') })
    .first()
    .click();
  await page.getByRole('button', { name: nb('games.admin.create') }).click();
  await expect(page.getByText(nb('validation.required', { field: nb('games.admin.field.name') }))).toBeVisible();
  await page.getByLabel(nb('games.admin.field.name'), { exact: true }).fill(name);
  await page.getByLabel(nb('games.admin.field.capacity')).fill('6');
  await page.getByLabel(nb('games.admin.field.price_per_minute')).fill('3,50');
  await page.getByLabel(nb('games.admin.field.x')).fill('30');
  await page.getByLabel(nb('games.admin.field.y')).fill('85');
  await shoot(page, 'admin-table-create');
  await page.getByRole('button', { name: nb('games.admin.create') }).click();
  await expect(page.getByText(nb('games.admin.created', { name }))).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/tables\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByRole('heading', { level: 1, name: nb('games.admin.edit', { name }) })).toBeVisible();

  // edit
  const renamed = `${name} VIP`;
  await page.getByLabel(nb('games.admin.field.name'), { exact: true }).fill(renamed);
  await page.getByLabel(nb('games.admin.field.price_per_minute')).fill('4');
  await page.getByRole('button', { name: nb('common.save') }).click();
  await expect(page.getByText(nb('games.admin.saved', { name: renamed }))).toBeVisible();
  await checkA11y(page);
  await shoot(page, 'admin-table-edit');
  const answer = await api.get(`/v1/table/${id}`, { headers: { authorization: `Bearer ${tokens.admin}` } });
  const { table } = (await answer.json()) as { table: { name: string; price_per_minute: number; capacity: number } };
  expect(table).toMatchObject({ name: renamed, price_per_minute: 400, capacity: 6 });

  // the QR sheet: one card per table, this one included, encoding its page
  await page.goto('/admin/tables?tab=qr');
  const card = page.getByTestId(`qr-card-${id}`);
  await expect(card).toContainText(renamed);
  await expect(card).toContainText(`${BASE_URL}/table/${id}`);
  const image = card.getByRole('img', { name: nb('games.admin.qr.image', { name: renamed }) });
  await expect(image).toHaveAttribute('src', /^data:image\/svg\+xml/);
  // one card per table the club has (other specs add tables on the same server)
  const listed = (await (await api.get('/v1/table/all')).json()) as { data: unknown[] };
  await expect(page.getByTestId(/^qr-card-/)).toHaveCount(listed.data.length);
  await checkA11y(page);
  await shoot(page, 'admin-qr');

  // billing settings: the preview follows the unsaved choice, by the shared billing function
  await page.getByRole('tab', { name: nb('games.admin.tab_billing') }).click();
  await expect(page).toHaveURL(/tab=billing/);
  await page.getByLabel(nb('games.admin.billing.preview_table')).selectOption({
    label: `${renamed} · ${nb('games.per_minute', { price: kr(400) })}`,
  });
  const preview = page.getByTestId('billing-preview');
  await expect(preview.getByRole('row').nth(1)).toContainText(kr(7 * 400));
  await page.getByRole('button', { name: nb('games.admin.billing.unit_other', { count: 5 }), exact: true }).click();
  await expect(preview.getByRole('row').nth(1)).toContainText(kr(10 * 400));
  await expect(preview.getByRole('row').nth(3)).toContainText(kr(65 * 400));
  await checkA11y(page);
  await shoot(page, 'admin-billing');

  // delete, with a confirmation
  await page.goto(`/admin/tables/${id}`);
  await page.getByRole('button', { name: nb('games.admin.delete') }).click();
  const confirm = page.getByRole('dialog', { name: nb('games.admin.delete_title', { name: renamed }) });
  await confirm.getByRole('button', { name: nb('common.delete') }).click();
  await expect(page).toHaveURL(/\/admin\/tables$/);
  await expect(page.getByText(nb('games.admin.deleted', { name: renamed }))).toBeVisible();
});
