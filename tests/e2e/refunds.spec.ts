import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { phone } from './support/phone.ts';
import { newPlayer, type Player } from './support/players.ts';
import { nb, shoot } from './support/shots.ts';

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
    data: { name: `10 timer ${Date.now() % 1000}`, duration: 10, price: 120_000 },
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
