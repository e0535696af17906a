import type { TOrder, TOrderDetail } from '@club/shared/orders';
import type { TSubscriptionProduct, TUserSubscription } from '@club/shared/shop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, advance, newPlayer, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';

let k: TestKiosk;
let admin: string;
let hours: TSubscriptionProduct;
let tableId: number;
beforeAll(async () => {
  k = await startTestKiosk();
  admin = await k.login(ADMIN.email, ADMIN.password);
  // 10 hours for 1 200 kr: 2 kr a minute
  hours = (await k.post('/v1/subscription/create', { name: '10 timer', duration: 10, price: 120_000 }, admin)).body
    .subscription as TSubscriptionProduct;
  tableId = (
    (await k.post('/v1/table/create', { name: 'K', capacity: 4, price_per_minute: 250 }, admin)).body.table as {
      id: number;
    }
  ).id;
});
afterAll(() => k.close());

/** A player who bought the 10 hours, paid by card (through the simulator) or at the counter. */
async function bought(how: 'card' | 'system') {
  const p = await newPlayer(k);
  await k.post('/v1/cart/add', { subscription_id: hours.id, count: 1 }, p.token);
  const order = (await k.post('/v1/order/init', {}, p.token)).body.order as TOrder;
  if (how === 'card') {
    const session = (await k.post('/v1/payment/card/init', { order_id: order.id }, p.token)).body.payment_id as string;
    await k.kiosk.card.simulator!.pay(session);
  } else expect((await k.post('/v1/payment/system', { order_id: order.id }, admin)).status).toBe(200);
  expect(await mine(p.token)).toMatchObject([{ status: 'active', remaining_minutes: 600, refunded_minutes: 0 }]);
  return { p, orderId: order.id };
}
const mine = async (token: string) =>
  (await k.get('/v1/user/my-subscriptions', token)).body.data as TUserSubscription[];
const active = async (token: string) =>
  (await k.get('/v1/user/my-active-subscription', token)).body.subscription as TUserSubscription | null;
const refund = async (id: number, amount?: number) => {
  const done = await k.post('/v1/order/refund', { id, reason: 'Angret kjøpet', ...(amount ? { amount } : {}) }, admin);
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  expect(done.body.refund).toMatchObject({ state: 'SUCCEEDED' });
};
async function play(token: string, minutes: number) {
  const game = (await k.post('/v1/game/join', { table_id: tableId }, token)).body.game as { id: number };
  await advance(k, minutes * 60_000);
  return game.id;
}
async function leave(token: string, gameId: number) {
  const orderId = (await k.post('/v1/game/leave', { game_id: gameId }, token)).body.order_id as number;
  return (await k.get(`/v1/order/${orderId}`, admin)).body.order as TOrderDetail;
}

describe('refunded prepaid hours are taken back', () => {
  it('a full refund (by card) ends the subscription: nothing left to play on', async () => {
    const { p, orderId } = await bought('card');
    await refund(orderId);
    expect(await mine(p.token)).toMatchObject([{ status: 'refunded', remaining_minutes: 0, refunded_minutes: 600 }]);
    expect(await active(p.token)).toBeNull();
    // a new game is billed at the table's price from its first minute
    const order = await leave(p.token, await play(p.token, 10));
    expect(order.total).toBe(10 * 250);
  });

  it('a partial refund takes back the hours the money bought, the last øre ends it', async () => {
    const { p, orderId } = await bought('system');
    await refund(orderId, 30_000);
    expect(await mine(p.token)).toMatchObject([{ status: 'active', remaining_minutes: 450, refunded_minutes: 150 }]);
    // 333,33 kr: counted over the returns so far, rounding never drifts
    await refund(orderId, 33_333);
    expect(await mine(p.token)).toMatchObject([{ status: 'active', remaining_minutes: 283, refunded_minutes: 317 }]);
    await refund(orderId);
    expect(await mine(p.token)).toMatchObject([{ status: 'refunded', remaining_minutes: 0, refunded_minutes: 600 }]);
  });

  it('a returned card takes back its hours wholly; the card not returned keeps all of its hours', async () => {
    const p = await newPlayer(k);
    await k.post('/v1/cart/add', { subscription_id: hours.id, count: 2 }, p.token);
    const order = (await k.post('/v1/order/init', {}, p.token)).body.order as TOrder;
    expect((await k.post('/v1/payment/system', { order_id: order.id }, admin)).status).toBe(200);
    const line = order.items[0]!;
    const back = await k.post(
      '/v1/order/refund',
      { id: order.id, reason: 'Ett kort for mye', lines: [{ item_id: line.id, quantity: 1 }] },
      admin,
    );
    expect(back.body.refund, JSON.stringify(back.body)).toMatchObject({ amount: 120_000, state: 'SUCCEEDED' });
    const cards = await mine(p.token);
    expect(cards.map((c) => [c.status, c.remaining_minutes, c.refunded_minutes]).sort()).toEqual([
      ['active', 600, 0],
      ['refunded', 0, 600],
    ]);
    const rest = await k.post(
      '/v1/order/refund',
      { id: order.id, reason: 'Det andre også', lines: [{ item_id: line.id, quantity: 1 }] },
      admin,
    );
    expect(rest.body.order).toMatchObject({ status: 'refunded' });
    expect((await mine(p.token)).map((c) => c.status)).toEqual(['refunded', 'refunded']);
  });

  it('hours already played stay paid and are never billed again; never more is taken than remains', async () => {
    const { p, orderId } = await bought('system');
    const game = await leave(p.token, await play(p.token, 120));
    expect(game.total).toBe(0);
    expect(await mine(p.token)).toMatchObject([{ remaining_minutes: 480 }]);
    // 1 000 kr bought 500 minutes, but only 480 are left
    await refund(orderId, 100_000);
    expect(await mine(p.token)).toMatchObject([{ status: 'refunded', remaining_minutes: 0, refunded_minutes: 480 }]);
    const after = (await k.get(`/v1/order/${game.id}`, admin)).body.order as TOrderDetail;
    expect([after.total, after.status]).toEqual([0, game.status]);
  });

  it('a game started after a partial refund is paid by the hours only for the minutes the refund left', async () => {
    const { p, orderId } = await bought('system');
    // 1 000 kr back: 500 of the 600 minutes go with it
    await refund(orderId, 100_000);
    expect(await mine(p.token)).toMatchObject([{ status: 'active', remaining_minutes: 100, refunded_minutes: 500 }]);
    const order = await leave(p.token, await play(p.token, 120));
    // 100 minutes on the hours, the other 20 at the table's price
    expect(order.total).toBe(20 * 250);
    expect(await mine(p.token)).toMatchObject([{ status: 'expired', remaining_minutes: 0, refunded_minutes: 500 }]);
  });

  it('during a game paid by the hours, the game keeps the minutes it played and loses the ones taken back', async () => {
    const { p, orderId } = await bought('system');
    const gameId = await play(p.token, 60);
    // 1 000 kr: 500 minutes back; 60 are being played, 40 stay for this game
    await refund(orderId, 100_000);
    expect(await mine(p.token)).toMatchObject([{ status: 'active', remaining_minutes: 40, refunded_minutes: 500 }]);
    await advance(k, 60 * 60_000);
    const order = await leave(p.token, gameId);
    // 100 minutes on the hours, the last 20 at the table's price
    expect(order.total).toBe(20 * 250);
    expect(await mine(p.token)).toMatchObject([{ status: 'expired', remaining_minutes: 0, refunded_minutes: 500 }]);
  });

  it('a full refund during a game paid by the hours: from then on the table’s price, and the hours stay refunded', async () => {
    const { p, orderId } = await bought('system');
    const gameId = await play(p.token, 60);
    await refund(orderId);
    expect(await mine(p.token)).toMatchObject([{ status: 'refunded', remaining_minutes: 0, refunded_minutes: 540 }]);
    await advance(k, 30 * 60_000);
    const order = await leave(p.token, gameId);
    // the 60 minutes before the refund stay on the hours; the 30 after it are charged
    expect(order.total).toBe(30 * 250);
    expect(await mine(p.token)).toMatchObject([{ status: 'refunded', remaining_minutes: 0, refunded_minutes: 540 }]);
  });

  it('an order with other lines too: refunding all of it ends the hours', async () => {
    const p = await newPlayer(k);
    const cola = (await k.post('/v1/product/create', { name: 'Cola', price: 3_000, count: 10 }, admin)).body
      .product as { id: number };
    await k.post('/v1/cart/add', { subscription_id: hours.id, count: 1 }, p.token);
    await k.post('/v1/cart/add', { product_id: cola.id, count: 1 }, p.token);
    const order = (await k.post('/v1/order/init', {}, p.token)).body.order as TOrder;
    await k.post('/v1/payment/system', { order_id: order.id }, admin);
    // refunded in proportion to the lines: 1 230 kr back of 1 230 ends the hours
    await refund(order.id);
    expect(await mine(p.token)).toMatchObject([{ status: 'refunded', remaining_minutes: 0 }]);
  });
});
