import { translate } from '@club/shared/i18n/resources';
import { orderReference } from '@club/shared/orders';
import { normalisePhone } from '@club/shared/validation';
import type { APIRequestContext, Page } from '@playwright/test';
import { BASE_URL } from './support/env.ts';
import { expect, test } from './support/fixtures.ts';
import { phone } from './support/phone.ts';
import { newPlayer, type Player } from './support/players.ts';
import { sessionCookies } from './support/session.ts';
import { kr, nb, shoot } from './support/shots.ts';

/**
 * Orders and payments from the phones and the counter: a game ends in a waiting order, which is paid
 * with Vipps (approved on the simulator's page), or with a card at the kiosk (approved by
 * an admin in a second browser while the player's screen turns to paid by itself), or
 * handed to another member once they accept it, after which they find it among their
 * waiting orders.
 */
const MINUTE = 60_000;

/** Plays a couple of minutes at a table through the API and leaves: the new waiting order. */
async function playAndLeave(api: APIRequestContext, player: Player, tableId: number) {
  const headers = { authorization: `Bearer ${player.token}` };
  const joined = await api.post('/v1/game/join', { headers, data: { table_id: tableId } });
  expect(joined.ok(), `join table ${tableId}`).toBe(true);
  const { game } = (await joined.json()) as { game: { id: number } };
  const clock = await api.post('/v1/test/clock', { data: { advance_ms: 2 * MINUTE + 30_000 } });
  expect(clock.ok(), 'the test clock answers').toBe(true);
  const left = await api.post('/v1/game/leave', { headers, data: { game_id: game.id } });
  expect(left.ok(), 'leave the game').toBe(true);
  const { order_id: orderId } = (await left.json()) as { order_id: number };
  const read = await api.get(`/v1/order/${orderId}`, { headers });
  const { order } = (await read.json()) as {
    order: { total: number; status: string; items: { description: string }[] };
  };
  expect(order.status).toBe('waiting');
  expect(order.total, 'a game of a few minutes costs something').toBeGreaterThanOrEqual(100);
  // the game line is named after the table
  const table = order.items[0]?.description ?? '';
  return { id: orderId, total: order.total, reference: orderReference(orderId), table };
}

/**
 * Approves on the simulator's page, as the payer would in the Vipps app. The page's form
 * posts to `approve`, which resolves to /vipps-sim/approve (404) instead of the simulator's
 * /vipps-sim/landing/approve: until the kiosk fixes that, point the form at the right place.
 */
async function approveInSimulator(page: Page) {
  const approve = page.getByRole('button', { name: 'Godkjenn betaling' });
  await expect(approve).toBeVisible();
  await page.locator('form', { has: approve }).evaluate((form) => {
    if (form.getAttribute('action') === 'approve') form.setAttribute('action', 'landing/approve');
  });
  await approve.click();
}

test('a game paid with Vipps: approve on the simulator, paid on the result page and in the history', async ({
  api,
  browser,
  tokens,
  checkA11y,
}) => {
  test.setTimeout(60_000);
  const player = await newPlayer(api, tokens.admin, 'Vilde');
  const order = await playAndLeave(api, player, 5);
  const page = await phone(browser, player.token);

  await page.goto(`/payment/overview/${order.id}`);
  await expect(page.getByRole('heading', { level: 1, name: nb('pay.overview.title') })).toBeVisible();
  await expect(page.getByText(order.reference)).toBeVisible();
  await expect(page.getByText(order.table, { exact: true })).toBeVisible();
  await expect(page.locator('.pay-total__amount')).toHaveText(kr(order.total));
  await checkA11y(page);
  await page.getByRole('button', { name: new RegExp(nb('pay.overview.transfer')) }).click();
  await shoot(page, 'pay-overview');

  await page.getByRole('link', { name: new RegExp(nb('pay.overview.vipps_hint')) }).click();
  await expect(page.getByRole('heading', { level: 1, name: nb('pay.vipps.title') })).toBeVisible();
  // the number from the profile is filled in
  await expect(page.getByLabel(nb('pay.vipps.phone'))).toHaveValue(normalisePhone(player.phone) ?? player.phone);
  await checkA11y(page);
  await shoot(page, 'pay-vipps-phone');
  await page.getByRole('button', { name: nb('pay.vipps.submit', { amount: kr(order.total) }) }).click();

  // the simulator stands in for the Vipps app
  await page.waitForURL(/\/vipps-sim\/landing/);
  await expect(page.getByRole('button', { name: 'Godkjenn betaling' })).toBeVisible();

  // back without approving: the flow knows a payment is open and waits for it
  await page.goBack();
  await expect(page.getByText(nb('pay.vipps.waiting'))).toBeVisible();
  await checkA11y(page);
  await shoot(page, 'pay-vipps-waiting');
  await page.getByRole('link', { name: nb('pay.vipps.open') }).click();
  await page.waitForURL(/\/vipps-sim\/landing/);
  await approveInSimulator(page);

  // back from Vipps: the status is read from the server and the result says paid
  await page.waitForURL(new RegExp(`/payment/result/${order.id}$`));
  await expect(page.getByRole('heading', { name: nb('pay.result.paid') })).toBeVisible();
  await expect(
    page.getByText(nb('pay.result.paid_text', { amount: kr(order.total), method: nb('pay.method.vipps') })),
  ).toBeVisible();
  await checkA11y(page);
  await shoot(page, 'pay-result-paid');

  // the back button never shows a stale state: the Vipps page forwards to the result
  await page.goto(`/payment/vipps/${order.id}`);
  await page.waitForURL(new RegExp(`/payment/result/${order.id}$`));

  await page.goto('/profile/order-history');
  const card = page.locator('.order-card', { hasText: order.reference });
  await expect(card).toBeVisible();
  await expect(card.getByText(nb('pay.status.paid'))).toBeVisible();
  await expect(card.getByText(kr(order.total))).toBeVisible();
  await checkA11y(page);
  await shoot(page, 'pay-history');
  await page.context().close();
});

test('a Vipps payment stopped while waiting is cancelled in Vipps too, and another way can be chosen', async ({
  api,
  browser,
  tokens,
}) => {
  test.setTimeout(60_000);
  const player = await newPlayer(api, tokens.admin, 'Viktor');
  const order = await playAndLeave(api, player, 3);
  const page = await phone(browser, player.token);
  await page.goto(`/payment/vipps/${order.id}`);
  await page.getByRole('button', { name: nb('pay.vipps.submit', { amount: kr(order.total) }) }).click();
  await page.waitForURL(/\/vipps-sim\/landing/);
  await page.goBack();
  await expect(page.getByText(nb('pay.vipps.waiting'))).toBeVisible();

  await page.getByRole('button', { name: nb('pay.vipps.cancel') }).click();
  await expect(page.getByLabel(nb('pay.vipps.phone'))).toBeVisible();
  const status = await api.get(`/v1/payment/status/${order.id}`, {
    headers: { authorization: `Bearer ${player.token}` },
  });
  const { status: now } = (await status.json()) as {
    status: { order_status: string; payment: { state: string } | null };
  };
  // the order still waits for a payment; the Vipps one can no longer be approved
  expect(now.order_status).toBe('waiting');
  expect(now.payment?.state).toMatch(/^(ABORTED|TERMINATED)$/);
  await page.context().close();
});

test('card at the kiosk: the player waits, an admin approves, the player’s screen turns to paid', async ({
  api,
  browser,
  tokens,
  checkA11y,
}) => {
  test.setTimeout(60_000);
  const player = await newPlayer(api, tokens.admin, 'Kasper');
  const order = await playAndLeave(api, player, 6);
  const page = await phone(browser, player.token);

  await page.goto(`/payment/overview/${order.id}`);
  await page.getByRole('button', { name: new RegExp(nb('pay.overview.kiosk_hint')) }).click();
  await page.waitForURL(new RegExp(`/payment/physical/${order.id}$`));
  await expect(page.locator('.pay-reference')).toHaveText(order.reference);
  await expect(page.getByText(nb('pay.physical.waiting'))).toBeVisible();
  await checkA11y(page);
  await shoot(page, 'pay-physical-waiting');

  // the counter: another browser, an admin
  const desk = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 800 }, locale: 'nb-NO' });
  await desk.addCookies(sessionCookies(tokens.admin));
  const admin = await desk.newPage();
  await admin.goto('/admin/orders');
  await expect(admin.getByRole('heading', { level: 1 })).toBeVisible();
  const queued = admin.locator('.pay-queue__item', { hasText: order.reference });
  await expect(queued).toBeVisible();
  await checkA11y(admin);
  await shoot(admin, 'admin-orders');
  await queued.getByRole('link', { name: order.reference }).click();
  await admin.waitForURL(new RegExp(`/admin/orders/${order.id}$`));
  await expect(admin.getByText(nb('pay.admin.at_kiosk_note'))).toBeVisible();
  await expect(admin.getByText(nb('pay.timeline.method', { method: nb('pay.method.physical') }))).toBeVisible();
  await checkA11y(admin);
  await shoot(admin, 'admin-order-open');
  await admin.getByRole('button', { name: nb('pay.admin.approve_card') }).click();
  // asked first, naming the order: approving settles it
  const approving = admin.getByRole('dialog', { name: nb('pay.admin.approve_title', { reference: order.reference }) });
  await approving.getByRole('button', { name: nb('pay.admin.approve') }).click();
  await expect(admin.getByText(nb('pay.admin.final'))).toBeVisible();
  await expect(admin.locator('.pay-head').getByText(nb('pay.status.approved'))).toBeVisible();
  await shoot(admin, 'admin-order-approved');

  // no reload on the phone: it follows the server by itself
  await expect(page.getByText(nb('pay.physical.paid'))).toBeVisible({ timeout: 10_000 });
  await expect(page.url()).toMatch(new RegExp(`/payment/physical/${order.id}$`));
  await shoot(page, 'pay-physical-paid');

  // the delete needs a confirmation (on another order of the same player)
  const second = await playAndLeave(api, player, 6);
  await admin.goto(`/admin/orders/${second.id}`);
  await admin.getByRole('button', { name: nb('pay.admin.delete') }).click();
  const dialog = admin.getByRole('dialog', { name: nb('pay.admin.delete_title', { reference: second.reference }) });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: nb('common.delete') }).click();
  await admin.waitForURL(/\/admin\/orders$/);
  await admin.getByLabel(nb('pay.admin.search')).fill(second.reference);
  const row = admin.locator('.pay-row', { hasText: second.reference });
  await expect(row.getByText(nb('pay.status.deleted'))).toBeVisible();
  await desk.close();
  await page.context().close();
});

test('transfer: the player asks another member to take the order over; it stays theirs until the member accepts on the home page', async ({
  api,
  browser,
  tokens,
  checkA11y,
}) => {
  test.setTimeout(60_000);
  const player = await newPlayer(api, tokens.admin, 'Trygve');
  const friend = await newPlayer(api, tokens.admin, 'Frida');
  const order = await playAndLeave(api, player, 7);
  const page = await phone(browser, player.token);

  await page.goto(`/payment/overview/${order.id}`);
  await page.getByRole('button', { name: new RegExp(nb('pay.overview.transfer')) }).click();
  await page.getByLabel(nb('pay.transfer.search_label')).fill(friend.phone);
  await page.getByRole('button', { name: nb('pay.transfer.choose', { name: friend.name }) }).click();
  const dialog = page.getByRole('dialog', { name: nb('pay.transfer.confirm_title') });
  await expect(dialog).toBeVisible();
  await checkA11y(page);
  await shoot(page, 'pay-transfer-confirm');
  await dialog.getByRole('button', { name: nb('pay.transfer.confirm') }).click();
  // asked, not moved: the order is still the player's, waiting for the friend's yes
  await expect(page.getByText(nb('transfer.pending_title', { name: friend.name }))).toBeVisible();
  await expect(page.getByText(nb('transfer.pending_text'))).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(nb('pay.overview.transfer')) })).toHaveCount(0);
  await checkA11y(page);
  await shoot(page, 'pay-transfer-pending');
  const friendHeaders = { authorization: `Bearer ${friend.token}` };
  const before = (await (await api.get('/v1/order/waiting', { headers: friendHeaders })).json()) as { data: unknown[] };
  expect(before.data).toHaveLength(0);

  const friendPhone = await phone(browser, friend.token);
  await friendPhone.goto('/');
  const request = friendPhone.locator('.transfer-request', { hasText: order.reference });
  await expect(request).toBeVisible();
  await expect(request).toContainText(
    nb('transfer.incoming_text', { name: player.name, reference: order.reference, amount: kr(order.total) }),
  );
  await checkA11y(friendPhone);
  await shoot(friendPhone, 'transfer-incoming');
  await request
    .getByRole('button', { name: nb('transfer.accept_named', { reference: order.reference, name: player.name }) })
    .click();
  await expect(friendPhone.getByText(nb('transfer.accepted'))).toBeVisible();
  await expect(request).toHaveCount(0);

  const waiting = await api.get('/v1/order/waiting', { headers: friendHeaders });
  const { data } = (await waiting.json()) as { data: { id: number; total: number }[] };
  expect(data).toHaveLength(1);
  const copy = data[0]!;
  expect(copy.total).toBe(order.total);

  await friendPhone.goto('/profile/waiting-orders');
  const card = friendPhone.locator('.order-card', { hasText: orderReference(copy.id) });
  await expect(card).toBeVisible();
  await expect(card.getByText(order.table)).toBeVisible();
  await expect(card.getByText(kr(order.total))).toBeVisible();
  await checkA11y(friendPhone);
  await shoot(friendPhone, 'pay-waiting');
  await card.getByRole('link', { name: nb('pay.waiting.pay_named', { reference: orderReference(copy.id) }) }).click();
  await friendPhone.waitForURL(new RegExp(`/payment/overview/${copy.id}$`));
  await expect(friendPhone.locator('.pay-total__amount')).toHaveText(kr(order.total));

  // the player's page follows live: the order is handed over now
  await expect(page.getByText(nb('pay.result.transferred'))).toBeVisible();
  await friendPhone.context().close();
  await page.context().close();
});

test('transfer, in English: the member declines, and the order stays with the player, who may ask again', async ({
  api,
  browser,
  tokens,
}) => {
  test.setTimeout(60_000);
  const player = await newPlayer(api, tokens.admin, 'Peder');
  const friend = await newPlayer(api, tokens.admin, 'Dina');
  const order = await playAndLeave(api, player, 6);
  const asked = await api.post('/v1/order/transfer', {
    headers: { authorization: `Bearer ${player.token}` },
    data: { id: order.id, user_id: friend.id },
  });
  expect(asked.ok(), 'ask the friend').toBe(true);

  const friendPhone = await phone(browser, friend.token);
  await friendPhone.addInitScript(() => window.localStorage.setItem('locale', 'en'));
  await friendPhone.goto('/profile/waiting-orders');
  const request = friendPhone.locator('.transfer-request', { hasText: order.reference });
  const en = (key: string, values: Record<string, string> = {}) => translate('en', key, values);
  await expect(friendPhone.getByRole('heading', { name: en('transfer.incoming_title') })).toBeVisible();
  await request
    .getByRole('button', { name: en('transfer.decline_named', { reference: order.reference, name: player.name }) })
    .click();
  await expect(friendPhone.getByText(en('transfer.declined', { name: player.name }))).toBeVisible();
  await expect(request).toHaveCount(0);

  const page = await phone(browser, player.token);
  await page.goto(`/payment/overview/${order.id}`);
  await expect(page.getByText(nb('transfer.pending_title', { name: friend.name }))).toHaveCount(0);
  await expect(page.getByRole('button', { name: new RegExp(nb('pay.overview.transfer')) })).toBeVisible();
  await friendPhone.context().close();
  await page.context().close();
});

test('transfer: a search that does not go through says so, with a retry, rather than that nobody is found', async ({
  api,
  browser,
  tokens,
}) => {
  test.setTimeout(60_000);
  const player = await newPlayer(api, tokens.admin, 'Sigrid');
  const friend = await newPlayer(api, tokens.admin, 'Oskar');
  const order = await playAndLeave(api, player, 7);
  const page = await phone(browser, player.token);
  let failing = true;
  await page.route('**/v1/user/search?*', (route) =>
    failing
      ? route.fulfill({ status: 503, json: { success: false, message: 'error.service_unavailable' } })
      : route.fallback(),
  );

  await page.goto(`/payment/overview/${order.id}`);
  await page.getByRole('button', { name: new RegExp(nb('pay.overview.transfer')) }).click();
  await page.getByLabel(nb('pay.transfer.search_label')).fill(friend.phone);
  await expect(page.getByText(nb('pay.transfer.search_failed'))).toBeVisible();
  await expect(page.getByText(nb('pay.transfer.no_match', { query: friend.phone }))).toHaveCount(0);
  await shoot(page, 'pay-transfer-search-failed');
  failing = false;
  await page.getByRole('button', { name: nb('common.retry') }).click();
  await expect(page.getByRole('button', { name: nb('pay.transfer.choose', { name: friend.name }) })).toBeVisible();
  await expect(page.getByText(nb('pay.transfer.search_failed'))).toHaveCount(0);
  await page.context().close();
});
