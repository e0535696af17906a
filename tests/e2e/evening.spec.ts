import { translate } from '@club/shared/i18n/resources';
import { formatMoney } from '@club/shared/money';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { phone } from './support/phone.ts';
import { moveClock, newPlayer, newTable } from './support/players.ts';
import { kr, nb, shoot } from './support/shots.ts';

/**
 * A club's evening as its people live it: the price a player is shown is the one they pay,
 * hours bought during a game pay it from then on, the counter finds its unpaid sales after a
 * reload, and the club's own details reach the receipts.
 */
const MINUTE = 60_000;
const en = (key: string, values: Record<string, string | number> = {}) => translate('en', key, values);
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

test.afterEach(async ({ api }) => {
  await moveClock(api, { freeze: false });
});

async function rolePrice(api: APIRequestContext, admin: string, tableId: number, price: number) {
  const answer = await api.post('/v1/pricing/update', {
    headers: auth(admin),
    data: { role_id: 2, table_id: tableId, price_per_minute: price },
  });
  expect(answer.ok(), 'set the role price').toBe(true);
}

/** The narrowest phone: nothing wider than the screen. */
async function fits(page: Page, width: number) {
  const size = page.viewportSize();
  await page.setViewportSize({ width, height: 760 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  if (size) await page.setViewportSize(size);
}

test('a player sees their role’s price on the home list, the table and the switch dialog, and pays exactly that', async ({
  browser,
  api,
  tokens,
}) => {
  test.setTimeout(90_000);
  await moveClock(api, { freeze: true });
  const listed = await newTable(api, tokens.admin, { price_per_minute: 275 });
  const other = await newTable(api, tokens.admin, { price_per_minute: 300 });
  await rolePrice(api, tokens.admin, listed.id, 200);
  const player = await newPlayer(api, tokens.admin, 'Prisa');
  const page = await phone(browser, player.token);

  await page.goto('/');
  const tile = page.getByRole('link', { name: new RegExp(listed.name) });
  await expect(tile.getByTestId('table-price')).toHaveText(nb('games.per_minute', { price: kr(200) }));
  await fits(page, 360);
  await shoot(page, 'price-home');

  await page.goto(`/table/${listed.id}`);
  await expect(page.getByTestId('table-price')).toHaveText(nb('games.per_minute', { price: kr(200) }));
  await shoot(page, 'price-table');

  // seated elsewhere, the switch dialog offers the table at the same price
  expect((await api.post('/v1/game/join', { headers: auth(player.token), data: { table_id: other.id } })).ok()).toBe(
    true,
  );
  await page.goto(`/table/${other.id}`);
  await page.getByRole('button', { name: nb('games.table.switch') }).click();
  const choice = page.getByRole('button', { name: nb('games.table.switch_to', { table: listed.name }) });
  await expect(choice).toContainText(nb('games.per_minute', { price: kr(200) }));
  await choice.click();
  await expect(page.getByText(nb('games.switch_confirm.text', { table: listed.name, price: kr(200) }))).toBeVisible();
  await shoot(page, 'price-switch');

  // moved there, the bill runs at that price: five minutes cost five times kr 2,00
  await page.getByRole('button', { name: nb('games.switch_confirm.confirm', { table: listed.name }) }).click();
  await expect(page).toHaveURL(new RegExp(`/table/${listed.id}$`));
  await moveClock(api, { advance_ms: 5 * MINUTE });
  const active = (await (await api.get('/v1/game/active', { headers: auth(player.token) })).json()) as {
    game: { id: number };
  };
  const left = await api.post('/v1/game/leave', { headers: auth(player.token), data: { game_id: active.game.id } });
  const orderId = ((await left.json()) as { order_id: number }).order_id;
  const order = (await (await api.get(`/v1/order/${orderId}`, { headers: auth(player.token) })).json()) as {
    order: { total: number };
  };
  expect(order.order.total).toBe(5 * 200);

  // in English too
  const english = await phone(browser, player.token);
  await english.addInitScript(() => window.localStorage.setItem('locale', 'en'));
  await english.goto('/');
  await expect(english.getByRole('link', { name: new RegExp(listed.name) }).getByTestId('table-price')).toHaveText(
    en('games.per_minute', { price: formatMoney(200, 'en') }),
  );
  await shoot(english, 'price-home-en');
  await english.context().close();
  await page.context().close();
});

test('hours given during a game pay it from then on, and the bill says from when', async ({ browser, api, tokens }) => {
  test.setTimeout(60_000);
  await moveClock(api, { freeze: true });
  const table = await newTable(api, tokens.admin, { price_per_minute: 200 });
  const player = await newPlayer(api, tokens.admin, 'Timo');
  const hours = await api.post('/v1/subscription/create', {
    headers: auth(tokens.admin),
    data: { name: '1 time', duration: 1, price: 10000 },
  });
  const product = ((await hours.json()) as { subscription: { id: number } }).subscription;
  const page = await phone(browser, player.token);
  await page.goto(`/table/${table.id}`);
  await page.getByRole('button', { name: nb('games.table.start') }).click();
  // seated before the clock moves on
  await expect(page.getByTestId('my-bill-total')).toBeVisible();
  await moveClock(api, { advance_ms: 5 * MINUTE + 30_000 });
  const given = await api.post('/v1/subscription/add', {
    headers: auth(tokens.admin),
    data: { user_id: player.id, subscription_id: product.id },
  });
  expect(given.ok()).toBe(true);
  await moveClock(api, { advance_ms: 10 * MINUTE });
  await page.reload();
  // six started minutes before the hours came, none charged since
  await expect(page.getByTestId('my-bill-total')).toHaveText(kr(6 * 200), { timeout: 10_000 });
  await expect(page.getByTestId('prepaid-from')).toBeVisible();
  await fits(page, 360);
  await shoot(page, 'prepaid-from');
  await page.context().close();
});

test('the counter finds its unpaid sale after a reload, takes payment or cancels it, and names it the counter’s', async ({
  page,
  api,
  tokens,
  loginAs,
}) => {
  test.setTimeout(90_000);
  const admin = auth(tokens.admin);
  expect((await api.post('/v1/cash/operator/pin', { headers: admin, data: { pin: '1357' } })).ok()).toBe(true);
  const me = ((await (await api.get('/v1/user/profile', { headers: admin })).json()) as { user: { id: number } }).user;
  const name = `Solo ${Math.random().toString(36).slice(2, 6)}`;
  const made = await api.post('/v1/product/create', { headers: admin, data: { name, price: 2500, count: 10 } });
  const item = ((await made.json()) as { product: { id: number } }).product;
  const stock = async () =>
    (
      (await (await api.get('/v1/product/all', { headers: admin })).json()) as { data: { id: number; count: number }[] }
    ).data.find((p) => p.id === item.id)?.count;
  const signedIn = await api.post('/v1/cash/operator/login', {
    headers: admin,
    data: { cash_point_id: 1, user_id: me.id, pin: '1357' },
  });
  expect(signedIn.ok()).toBe(true);

  await loginAs(page, 'admin');
  await page.goto('/admin/counter');
  await page.getByRole('button', { name: nb('counter.tabs.sell') }).click();
  const add = page.getByRole('button', { name: nb('counter.sell.add', { name }) });
  await add.click();
  await add.click();
  await page.getByRole('button', { name: nb('counter.sell.checkout') }).click();
  const title = page.getByRole('heading', { name: new RegExp(nb('counter.pay.title')) });
  await expect(title).toBeVisible();
  const heading = (await title.textContent()) ?? '';
  const reference = /K-\d{6}/.exec(heading)?.[0] ?? '';
  expect(reference).not.toBe('');
  expect(await stock()).toBe(8);

  // a reload comes back to the sale being paid; back, it waits among the open sales
  await page.reload();
  await expect(page.getByRole('heading', { name: new RegExp(reference) })).toBeVisible();
  await page.getByRole('button', { name: nb('counter.pay.cancel') }).click();
  const open = page.getByTestId('open-sales');
  await expect(open.getByText(`${reference} · ${nb('adminConsole.owner.counter')}`)).toBeVisible();
  await page.reload();
  await expect(open.getByText(`${reference} · ${nb('adminConsole.owner.counter')}`)).toBeVisible();
  await fits(page, 360);
  await shoot(page, 'counter-open-sales');

  // cancelling asks first, then puts the items back
  await page.getByRole('button', { name: nb('counter.sell.open_cancel_named', { reference }) }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(nb('counter.sell.open_cancel_text', { amount: kr(5000) }))).toBeVisible();
  await shoot(page, 'counter-open-cancel');
  await dialog.getByRole('button', { name: nb('counter.sell.open_cancel') }).click();
  await expect(page.getByText(nb('counter.sell.open_cancelled', { reference }))).toBeVisible();
  await expect(open).toHaveCount(0);
  expect(await stock()).toBe(10);

  // a second sale is found after a reload and paid from the list
  await page.getByRole('button', { name: nb('counter.tabs.sell') }).click();
  await add.click();
  await page.getByRole('button', { name: nb('counter.sell.checkout') }).click();
  await expect(title).toBeVisible();
  const second = /K-\d{6}/.exec((await title.textContent()) ?? '')?.[0] ?? '';
  await page.goto('/admin/counter');
  await page.getByRole('button', { name: nb('counter.sell.open_pay_named', { reference: second }) }).click();
  await page.getByRole('button', { name: nb('counter.pay.exact') }).click();
  await page.getByRole('button', { name: nb('counter.pay.confirm') }).click();
  await expect(page.getByText(nb('counter.pay.paid'), { exact: true })).toBeVisible();
  await page.getByRole('button', { name: nb('counter.pay.next') }).click();
  await expect(open).toHaveCount(0);

  // the orders screen names it the counter's, never an unknown member
  await page.goto('/admin/orders');
  const row = page.getByRole('link', { name: second }).locator('xpath=ancestor::li[1]');
  await expect(row).toContainText(nb('adminConsole.owner.counter'));
  await expect(row).not.toContainText(nb('adminConsole.owner.unknown'));
  await api.post('/v1/cash/operator/logout', { headers: admin });
});

test('the club’s details are set on their screen with the receipt header previewed, and a product gets its VAT rate', async ({
  page,
  api,
  tokens,
  loginAs,
  checkA11y,
}) => {
  test.setTimeout(60_000);
  const admin = auth(tokens.admin);
  const before = ((await (await api.get('/v1/settings/club', { headers: admin })).json()) as { settings: object })
    .settings;
  await loginAs(page, 'admin');
  await page.goto('/admin/club');
  await expect(page.getByRole('heading', { level: 1, name: nb('admin.club.title') })).toBeVisible();
  await page.getByLabel(nb('adminConsole.club.company_name')).fill('Kø og Kritt AS');
  await page.getByLabel(nb('adminConsole.club.organisation_number')).fill('974 760 673');
  await page.getByLabel(nb('adminConsole.club.address')).fill('Storgata 1, 0155 Oslo');
  const preview = page.getByTestId('receipt-preview');
  await expect(preview).toContainText('Kø og Kritt AS');
  await expect(preview).toContainText('Org.nr 974760673 MVA');
  await expect(preview).toContainText('Storgata 1, 0155 Oslo');
  await expect(page.getByTestId('report-preview')).toContainText('Org.nr 974760673');
  // a wrong check digit is said on the field, and the preview waits for a valid one
  await page.getByLabel(nb('adminConsole.club.organisation_number')).fill('974 760 674');
  await page.getByRole('button', { name: nb('common.save') }).click();
  await expect(page.getByText(nb('adminConsole.club.preview_invalid'))).toBeVisible();
  await page.getByLabel(nb('adminConsole.club.organisation_number')).fill('974 760 673');
  await page.getByLabel(nb('adminConsole.club.table_time_vat')).selectOption('25');
  await checkA11y(page);
  await fits(page, 360);
  await shoot(page, 'club-details');
  await page.getByRole('button', { name: nb('common.save') }).click();
  await expect(page.getByText(nb('success.saved'))).toBeVisible();
  const saved = ((await (await api.get('/v1/settings/club', { headers: admin })).json()) as { settings: object })
    .settings;
  expect(saved).toMatchObject({ company_name: 'Kø og Kritt AS', organisation_number: '974760673' });

  // in English the screen and the header's words are English too
  await page.evaluate(() => window.localStorage.setItem('locale', 'en'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: en('admin.club.title') })).toBeVisible();
  await expect(page.getByTestId('receipt-preview')).toContainText('Org. no. 974760673 VAT');
  await shoot(page, 'club-details-en');
  await page.evaluate(() => window.localStorage.setItem('locale', 'nb'));

  // food at 15 %
  const made = await api.post('/v1/product/create', { headers: admin, data: { name: 'Toast', price: 6900, count: 5 } });
  const toast = ((await made.json()) as { product: { id: number; vat_rate: number } }).product;
  expect(toast.vat_rate).toBe(25);
  await page.goto(`/admin/products/${toast.id}`);
  await page.getByLabel(nb('adminConsole.vat.field')).selectOption('15');
  await shoot(page, 'product-vat');
  await page.getByRole('button', { name: nb('common.save') }).click();
  await expect(page.getByText(nb('store.admin.products.saved', { name: 'Toast' }))).toBeVisible();
  const after = (await (await api.get(`/v1/product/${toast.id}`, { headers: admin })).json()) as {
    product: { vat_rate: number };
  };
  expect(after.product.vat_rate).toBe(15);
  await api.post('/v1/settings/club', { headers: admin, data: before });
});

test('a cancelled card payment is said on the order, which offers the card again; the card page names the minutes', async ({
  browser,
  api,
  tokens,
}) => {
  test.setTimeout(60_000);
  await moveClock(api, { freeze: true });
  const table = await newTable(api, tokens.admin, { name: `Bord K${Math.random().toString(36).slice(2, 4)}` });
  const player = await newPlayer(api, tokens.admin, 'Kort');
  const headers = auth(player.token);
  const joined = await api.post('/v1/game/join', { headers, data: { table_id: table.id } });
  const { game } = (await joined.json()) as { game: { id: number } };
  await moveClock(api, { advance_ms: 3 * MINUTE });
  const left = await api.post('/v1/game/leave', { headers, data: { game_id: game.id } });
  const orderId = ((await left.json()) as { order_id: number }).order_id;
  const page = await phone(browser, player.token);

  await page.goto(`/payment/overview/${orderId}`);
  await page.getByRole('button', { name: new RegExp(nb('pay.overview.card_hint')) }).click();
  await page.waitForURL(/\/stripe-sim\/pay\/cs_test_/);
  // minutes of table time, never "× 3" as if three tables
  await expect(page.locator('li').first()).toHaveText(`${table.name} · 3 min × 1 ${kr(750)}`);
  await page.getByRole('button', { name: /Avbryt/ }).click();

  await page.waitForURL(new RegExp(`/payment/overview/${orderId}\\?card=cancelled$`));
  await expect(page.getByText(nb('pay.banner.card_cancelled'))).toBeVisible();
  await expect(page.getByText(nb('pay.banner.card_cancelled_text'))).toBeVisible();
  await fits(page, 360);
  await shoot(page, 'card-cancelled');
  await page.getByRole('button', { name: nb('pay.banner.card_again') }).click();
  await page.waitForURL(/\/stripe-sim\/pay\/cs_test_/);
  await page.context().close();
});
