import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { phone } from './support/phone.ts';
import { newPlayer, type Player } from './support/players.ts';
import { kr, nb, shoot } from './support/shots.ts';

/**
 * Refunded prepaid hours, as the player sees them: part of a purchase given back takes back
 * the hours it bought, all of it ends the subscription. And a refund the provider has not
 * answered about, as staff see it: held, with "ask again" instead of a new refund.
 */

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function buyHours(api: APIRequestContext, admin: string, player: Player, productId: number) {
  expect(
    (await api.post('/v1/cart/add', { headers: auth(player.token), data: { subscription_id: productId } })).ok(),
  ).toBe(true);
  const init = await api.post('/v1/order/init', { headers: auth(player.token), data: {} });
  const { order } = (await init.json()) as { order: { id: number } };
  expect((await api.post('/v1/payment/system', { headers: auth(admin), data: { order_id: order.id } })).ok()).toBe(
    true,
  );
  return order.id;
}
async function refund(api: APIRequestContext, admin: string, id: number, amount?: number) {
  const done = await api.post('/v1/order/refund', {
    headers: auth(admin),
    data: { id, reason: 'Angret kjøpet', ...(amount ? { amount } : {}) },
  });
  expect(done.ok(), await done.text()).toBe(true);
}

test('the player sees prepaid hours taken back after a refund, and ended after a full one', async ({
  api,
  browser,
  tokens,
}) => {
  const created = await api.post('/v1/subscription/create', {
    headers: auth(tokens.admin),
    data: { name: `Refusjonstimer ${Date.now() % 1000}`, duration: 10, price: 120_000 },
  });
  const { subscription: product } = (await created.json()) as { subscription: { id: number } };
  const player = await newPlayer(api, tokens.admin, 'Siri');
  const ended = await buyHours(api, tokens.admin, player, product.id);
  await refund(api, tokens.admin, ended);
  const partly = await buyHours(api, tokens.admin, player, product.id);
  // 300 kr of 1 200: 2 h 30 min of the 10 hours
  await refund(api, tokens.admin, partly, 30_000);

  const page = await phone(browser, player.token);
  await page.goto('/profile/subscriptions');
  const cards = page.locator('.sub-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.first().getByTestId('subscription-status')).toHaveText(nb('subscriptions.status_active'));
  await expect(cards.first().getByTestId('subscription-left')).toHaveText(
    nb('store.subscriptions.time', { hours: 7, minutes: 30 }),
  );
  await expect(cards.first().getByTestId('subscription-taken-back')).toHaveText(
    nb('store.subscriptions.taken_back', { hours: 2, minutes: 30 }),
  );
  await expect(cards.last().getByTestId('subscription-status')).toHaveText(nb('subscriptions.status_refunded'));
  await expect(cards.last().getByText(nb('store.subscriptions.refunded_note'))).toBeVisible();
  await shoot(page, 'subscriptions-refunded');
  await page.context().close();
});

test('staff see a refund with no answer from the provider as held, with "ask again"', async ({
  api,
  browser,
  tokens,
}) => {
  const created = await api.post('/v1/subscription/create', {
    headers: auth(tokens.admin),
    data: { name: `5 timer ${Date.now() % 1000}`, duration: 5, price: 60_000 },
  });
  const { subscription: product } = (await created.json()) as { subscription: { id: number } };
  const player = await newPlayer(api, tokens.admin, 'Ola');
  const orderId = await buyHours(api, tokens.admin, player, product.id);
  const desk = await phone(browser, tokens.admin);
  // the provider's silence, as the order reads while the sweep has not yet heard back
  await desk.route(`**/v1/order/${orderId}`, async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { order: { method: string; refunded_amount: number; refunds: unknown[] } };
    body.order.method = 'vipps';
    body.order.refunded_amount = 20_000;
    body.order.refunds = [
      {
        id: 1,
        method: 'vipps',
        amount: 20_000,
        reason: 'Angret kjøpet',
        state: 'PENDING',
        created_at: new Date().toISOString(),
        receipt_number: null,
      },
    ];
    await route.fulfill({ response: answer, json: body });
  });
  await desk.goto(`/admin/orders/${orderId}`);
  await expect(desk.getByText(nb('pay.refund.pending_note'))).toBeVisible();
  await expect(desk.getByRole('button', { name: nb('pay.refund.ask_again') })).toBeVisible();
  await expect(desk.getByRole('button', { name: nb('pay.refund.submit') })).toHaveCount(0);
  await shoot(desk, 'admin-order-refund-pending');
  await desk.context().close();
});

test('staff return the cola of a cola and a pizza: the amount shown first, the receipt names only the cola', async ({
  api,
  browser,
  tokens,
}) => {
  const player = await newPlayer(api, tokens.admin, 'Siri');
  const stamp = Date.now() % 100_000;
  for (const [name, price] of [
    [`Cola ${stamp}`, 3_900],
    [`Pizza ${stamp}`, 12_000],
  ] as const) {
    const made = await api.post('/v1/product/create', {
      headers: auth(tokens.admin),
      data: { name, price, count: 20, vat_rate: 25 },
    });
    const { product } = (await made.json()) as { product: { id: number } };
    const added = await api.post('/v1/cart/add', {
      headers: auth(player.token),
      data: { product_id: product.id, count: name.startsWith('Cola') ? 2 : 1 },
    });
    expect(added.ok(), await added.text()).toBe(true);
  }
  const init = await api.post('/v1/order/init', { headers: auth(player.token), data: {} });
  const { order } = (await init.json()) as { order: { id: number } };
  expect(
    (await api.post('/v1/payment/system', { headers: auth(tokens.admin), data: { order_id: order.id } })).ok(),
  ).toBe(true);

  const desk = await phone(browser, tokens.admin);
  await desk.goto(`/admin/orders/${order.id}`);
  const colaUnits = desk.getByLabel(nb('pay.refund.line_quantity', { item: `Cola ${stamp}`, units: 2 }));
  await expect(colaUnits).toHaveValue('');
  await expect(desk.getByTestId('refund-preview')).toHaveText(nb('pay.refund.preview', { amount: kr(0) }));
  // nothing chosen: nothing is sent
  await desk.getByLabel(nb('pay.refund.reason')).fill('Flasken var åpnet');
  await desk.getByRole('button', { name: nb('pay.refund.submit') }).click();
  await expect(desk.getByText(nb('pay.refund.no_lines'))).toBeVisible();
  await colaUnits.fill('3');
  await desk.getByRole('button', { name: nb('pay.refund.submit') }).click();
  await expect(desk.getByText(nb('error.return_too_many'))).toBeVisible();
  await colaUnits.fill('1');
  await expect(desk.getByTestId('refund-preview')).toHaveText(nb('pay.refund.preview', { amount: kr(3_900) }));
  await shoot(desk, 'admin-order-return-lines');
  await desk.getByRole('button', { name: nb('pay.refund.submit') }).click();
  const dialog = desk.getByRole('dialog');
  await expect(dialog.getByText(nb('pay.refund.confirm_line', { quantity: 1, item: `Cola ${stamp}` }))).toBeVisible();
  await shoot(desk, 'admin-order-return-confirm');
  await dialog.getByRole('button', { name: nb('pay.refund.confirm') }).click();
  const refunds = desk.getByRole('list', { name: nb('pay.refund.list') });
  await expect(refunds.getByText(`−${kr(3_900)}`)).toBeVisible();
  // one cola is left to return
  await expect(desk.getByLabel(nb('pay.refund.line_quantity', { item: `Cola ${stamp}`, units: 1 }))).toBeVisible();

  const detail = (await (await api.get(`/v1/order/${order.id}`, { headers: auth(tokens.admin) })).json()) as {
    order: { refunds: { receipt_number: number }[] };
  };
  const nr = detail.order.refunds[0]!.receipt_number;
  const receipt = (await (
    await api.get(`/v1/receipt/${order.id}/return/${nr}`, { headers: auth(tokens.admin) })
  ).json()) as { receipt: { lines: { description: string; quantity: number; total: number }[] } };
  expect(receipt.receipt.lines).toMatchObject([{ description: `Cola ${stamp}`, quantity: -1, total: -3_900 }]);

  // a price reduction: an amount, nothing comes back
  await desk.getByRole('button', { name: nb('pay.refund.kind_reduction') }).click();
  await desk.getByLabel(nb('pay.refund.amount')).fill('39');
  await desk.getByLabel(nb('pay.refund.reason')).fill('Lang ventetid');
  await expect(desk.getByTestId('refund-preview')).toHaveText(nb('pay.refund.preview', { amount: kr(3_900) }));
  await shoot(desk, 'admin-order-price-reduction');
  await desk.getByRole('button', { name: nb('pay.refund.submit') }).click();
  await expect(desk.getByRole('dialog').getByText(nb('pay.refund.confirm_reduction'))).toBeVisible();
  await desk
    .getByRole('dialog')
    .getByRole('button', { name: nb('pay.refund.confirm') })
    .click();
  await expect(refunds.getByText('Lang ventetid')).toBeVisible();
  await desk.context().close();
});
