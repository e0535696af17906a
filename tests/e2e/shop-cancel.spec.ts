import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { phone } from './support/phone.ts';
import { newPlayer, newTable, playAndLeave } from './support/players.ts';
import { kr, nb } from './support/shots.ts';

/**
 * A shop order the player no longer wants is cancelled from its payment page, after a
 * confirmation: it is no longer owed, and its items are back in stock. Table time stays owed.
 */
async function stockOf(api: APIRequestContext, id: number): Promise<number> {
  const answer = await api.get('/v1/product/all');
  const { data } = (await answer.json()) as { data: { id: number; count: number }[] };
  return data.find((p) => p.id === id)?.count ?? -1;
}

test('a player cancels an unpaid shop order after confirming, and its items go back in stock', async ({
  api,
  browser,
  tokens,
}) => {
  const pia = await newPlayer(api, tokens.admin, 'Pia');
  const auth = { authorization: `Bearer ${pia.token}` };
  const before = await stockOf(api, 1);
  expect((await api.post('/v1/cart/add', { headers: auth, data: { product_id: 1, count: 2 } })).ok()).toBe(true);
  const init = await api.post('/v1/order/init', { headers: auth });
  const { order } = (await init.json()) as { order: { id: number; reference: string; total: number } };
  expect(await stockOf(api, 1)).toBe(before - 2);

  const page = await phone(browser, pia.token);
  await page.goto(`/payment/overview/${order.id}`);
  await page.getByRole('button', { name: nb('pay.overview.cancel') }).click();
  const dialog = page.getByRole('dialog', { name: nb('pay.overview.cancel_title', { reference: order.reference }) });
  await expect(dialog).toContainText(kr(order.total));
  // a second thought: nothing changes
  await dialog.getByRole('button', { name: nb('pay.overview.cancel_keep') }).click();
  await expect(dialog).toBeHidden();
  expect(await stockOf(api, 1)).toBe(before - 2);

  await page.getByRole('button', { name: nb('pay.overview.cancel') }).click();
  await dialog.getByRole('button', { name: nb('pay.overview.cancel_confirm') }).click();
  await expect(page.getByText(nb('pay.banner.canceled'))).toBeVisible();
  await expect(page.getByRole('button', { name: nb('pay.overview.cancel') })).toBeHidden();
  expect(await stockOf(api, 1)).toBe(before);
  const waiting = await api.get('/v1/order/waiting', { headers: auth });
  expect(((await waiting.json()) as { data: unknown[] }).data).toEqual([]);
  await page.context().close();
});

test('table time owed offers no cancel', async ({ api, browser, tokens }) => {
  const pia = await newPlayer(api, tokens.admin, 'Pia');
  const table = await newTable(api, tokens.admin);
  const orderId = await playAndLeave(api, pia, table.id, 3);
  const page = await phone(browser, pia.token);
  await page.goto(`/payment/overview/${orderId}`);
  await expect(page.getByRole('heading', { name: nb('pay.overview.methods') })).toBeVisible();
  await expect(page.getByRole('button', { name: nb('pay.overview.cancel') })).toHaveCount(0);
  await page.context().close();
});
