import { orderReference } from '@club/shared/orders';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { phone } from './support/phone.ts';
import { newPlayer, type Player } from './support/players.ts';
import { kr, nb, shoot } from './support/shots.ts';

/**
 * Paying by card from the phone: the payment page offers card next to Vipps, the payer pays
 * on the card simulator's hosted page (the stand-in for Stripe Checkout) and returns to a paid
 * receipt; staff then give part of it back in the order's refund dialog.
 */
const MINUTE = 60_000;

async function playAndLeave(api: APIRequestContext, player: Player, tableId: number) {
  const headers = { authorization: `Bearer ${player.token}` };
  const joined = await api.post('/v1/game/join', { headers, data: { table_id: tableId } });
  expect(joined.ok(), `join table ${tableId}`).toBe(true);
  const { game } = (await joined.json()) as { game: { id: number } };
  expect((await api.post('/v1/test/clock', { data: { advance_ms: 3 * MINUTE } })).ok()).toBe(true);
  const left = await api.post('/v1/game/leave', { headers, data: { game_id: game.id } });
  const { order_id: id } = (await left.json()) as { order_id: number };
  const { order } = (await (await api.get(`/v1/order/${id}`, { headers })).json()) as { order: { total: number } };
  expect(order.total, 'a game of a few minutes costs at least 3 kr').toBeGreaterThanOrEqual(300);
  return { id, total: order.total, reference: orderReference(id) };
}

test('a game paid by card on the hosted page, then partly refunded by staff', async ({ api, browser, tokens }) => {
  test.setTimeout(60_000);
  const player = await newPlayer(api, tokens.admin, 'Kari');
  const order = await playAndLeave(api, player, 6);
  const page = await phone(browser, player.token);

  await page.goto(`/payment/overview/${order.id}`);
  await expect(page.getByRole('button', { name: new RegExp(nb('pay.overview.card_hint')) })).toBeVisible();
  await shoot(page, 'pay-card-choice');
  await page.getByRole('button', { name: new RegExp(nb('pay.overview.card_hint')) }).click();

  // the simulator's hosted page shows what is charged
  await page.waitForURL(/\/stripe-sim\/pay\/cs_test_/);
  await expect(page.locator('.amount')).toHaveText(kr(order.total));
  await shoot(page, 'card-hosted-page');
  // a declined card leaves the payer on the page to try again
  await page.getByRole('button', { name: /Kortet avvises/ }).click();
  await expect(page.getByRole('alert')).toContainText('Kortet ble avvist');
  await page.getByRole('button', { name: /^Betal / }).click();

  await page.waitForURL(new RegExp(`/payment/result/${order.id}$`));
  await expect(page.getByRole('heading', { name: nb('pay.result.paid') })).toBeVisible();
  await expect(
    page.getByText(nb('pay.result.paid_text', { amount: kr(order.total), method: nb('pay.method.card') })),
  ).toBeVisible();
  await shoot(page, 'pay-card-paid');
  await page.context().close();

  const desk = await phone(browser, tokens.admin);
  await desk.goto(`/admin/orders/${order.id}`);
  // nothing of a game comes back: a price reduction
  await desk.getByRole('button', { name: nb('pay.refund.kind_reduction') }).click();
  await desk.getByLabel(nb('pay.refund.amount')).fill('2');
  await desk.getByLabel(nb('pay.refund.reason')).fill('Køen var skjev');
  await desk.getByRole('button', { name: nb('pay.refund.submit') }).click();
  await desk
    .getByRole('dialog')
    .getByRole('button', { name: nb('pay.refund.confirm') })
    .click();
  const refunds = desk.getByRole('list', { name: nb('pay.refund.list') });
  await expect(refunds.getByText('Køen var skjev')).toBeVisible();
  await expect(refunds.getByText(`−${kr(200)}`)).toBeVisible();
  await expect(desk.getByTestId('refunded-amount')).toHaveText(`−${kr(200)}`);
  await shoot(desk, 'admin-order-refunded');
  await desk.context().close();
});
