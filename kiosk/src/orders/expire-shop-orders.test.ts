import { clock } from '@club/shared/clock';
import { orderReference, type TOrder } from '@club/shared/orders';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, advance, newPlayer, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';
import { createCounterOrder } from '../cash/counter-orders.ts';
import { cartItems, cashPoints, notifications, orderEvents, orders, payments, products, users } from '../db/schema.ts';
import { expireShopOrders, SHOP_ORDER_HOLD_MS } from './expire-shop-orders.ts';

let k: TestKiosk;
beforeAll(async () => {
  k = await startTestKiosk();
});
afterAll(() => k.close());

const db = () => k.kiosk.database.db;
const MIN = 60_000;

async function product(count: number) {
  const [row] = await db()
    .insert(products)
    .values({ name: `Solo ${count}`, price: 3900, count })
    .returning();
  return row!;
}
async function checkout(p: Awaited<ReturnType<typeof newPlayer>>, productId: number, count = 1) {
  await db().insert(cartItems).values({ userId: p.user.id, productId, count });
  const answer = await k.post('/v1/order/init', {}, p.token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.order as TOrder;
}
const stockOf = async (id: number) => (await db().select().from(products).where(eq(products.id, id)))[0]!.count;
const statusOf = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!.status;
const noticesOf = (userId: number) => db().select().from(notifications).where(eq(notifications.userId, userId));

describe('unpaid shop orders', () => {
  it('cancels a checkout left unpaid past the hold: its stock is back and its owner told', async () => {
    const p = await newPlayer(k);
    await db().update(users).set({ locale: 'en' }).where(eq(users.id, p.user.id));
    const cola = await product(5);
    const order = await checkout(p, cola.id, 2);
    expect(await stockOf(cola.id)).toBe(3);

    await advance(k, SHOP_ORDER_HOLD_MS - MIN);
    await expireShopOrders(db());
    expect(await statusOf(order.id)).toBe('waiting');

    await advance(k, 2 * MIN);
    expect(await expireShopOrders(db())).toBeGreaterThanOrEqual(1);
    expect(await statusOf(order.id)).toBe('canceled');
    expect(await stockOf(cola.id)).toBe(5);
    // the timeline reads as a cancel, by no one
    expect(
      await db()
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.toStatus, 'canceled'))),
    ).toMatchObject([{ fromStatus: 'waiting', actorUserId: null }]);
    expect(await noticesOf(p.user.id)).toMatchObject([
      {
        message: `Your order ${orderReference(order.id)} was not paid within 30 minutes, so it was cancelled and its items are back in the shop.`,
        linkText: 'Go to the shop',
        url: '/shop',
      },
    ]);
    // the owner's own cancel now finds it settled, and a second sweep changes nothing
    expect((await k.post('/v1/order/cancel', { id: order.id }, p.token)).body.message).toBe('error.order_completed');
    await expireShopOrders(db());
    expect(await stockOf(cola.id)).toBe(5);
    expect(await noticesOf(p.user.id)).toHaveLength(1);
  });

  it('tells the owner in Norwegian by default', async () => {
    const p = await newPlayer(k);
    const order = await checkout(p, (await product(2)).id);
    await advance(k, SHOP_ORDER_HOLD_MS + MIN);
    await expireShopOrders(db());
    expect(await noticesOf(p.user.id)).toMatchObject([
      {
        message: `Bestillingen din ${orderReference(order.id)} ble ikke betalt innen 30 minutter, så den ble avbrutt og varene er tilbake i butikken.`,
        linkText: 'Gå til butikken',
      },
    ]);
  });

  it('keeps an order whose payment is open, and gives a failed one the hold again to retry', async () => {
    const p = await newPlayer(k);
    const cola = await product(3);
    const order = await checkout(p, cola.id);
    const [payment] = await db()
      .insert(payments)
      .values({
        orderId: order.id,
        provider: 'card',
        reference: `attempt-${order.id}-1`,
        state: 'CREATED',
        amount: order.total,
        createdAt: clock.now(),
        updatedAt: clock.now(),
      })
      .returning();
    await advance(k, 3 * SHOP_ORDER_HOLD_MS);
    await expireShopOrders(db());
    expect(await statusOf(order.id)).toBe('waiting');
    expect(await stockOf(cola.id)).toBe(2);

    await db().update(payments).set({ state: 'FAILED', updatedAt: clock.now() }).where(eq(payments.id, payment!.id));
    await advance(k, SHOP_ORDER_HOLD_MS - MIN);
    await expireShopOrders(db());
    expect(await statusOf(order.id)).toBe('waiting');
    await advance(k, 2 * MIN);
    await expireShopOrders(db());
    expect(await statusOf(order.id)).toBe('canceled');
    expect(await stockOf(cola.id)).toBe(3);
  });

  it('stops waiting for a payment whose end was never heard after a day', async () => {
    const p = await newPlayer(k);
    const cola = await product(1);
    const order = await checkout(p, cola.id);
    await db()
      .insert(payments)
      .values({
        orderId: order.id,
        provider: 'vipps',
        reference: `club-${order.id}-lost`,
        state: 'CREATED',
        amount: order.total,
        createdAt: clock.now(),
        updatedAt: clock.now(),
      });
    await advance(k, 23 * 60 * MIN);
    await expireShopOrders(db());
    expect(await statusOf(order.id)).toBe('waiting');
    await advance(k, 2 * 60 * MIN);
    await expireShopOrders(db());
    expect(await statusOf(order.id)).toBe('canceled');
    expect(await stockOf(cola.id)).toBe(1);
  });

  it('leaves counter sales, orders for the card terminal and orders on a tab alone', async () => {
    const p = await newPlayer(k);
    const cola = await product(10);
    const [point] = await db().insert(cashPoints).values({ name: 'Disk' }).returning();
    const counter = await createCounterOrder(
      db(),
      { user_id: p.user.id, cash_point: { id: point!.id } },
      { items: [{ product_id: cola.id, count: 1 }], user_id: p.user.id },
    );
    const terminal = await checkout(p, cola.id);
    expect((await k.post('/v1/order/pay', { id: terminal.id, method: 'physical' }, p.token)).status).toBe(200);
    const tab = await checkout(p, cola.id);
    await db().update(orders).set({ status: 'pay_later' }).where(eq(orders.id, tab.id));
    expect(await stockOf(cola.id)).toBe(7);

    await advance(k, 3 * SHOP_ORDER_HOLD_MS);
    await expireShopOrders(db());
    expect(await statusOf(counter.id)).toBe('waiting');
    expect(await statusOf(terminal.id)).toBe('waiting');
    expect(await statusOf(tab.id)).toBe('pay_later');
    expect(await stockOf(cola.id)).toBe(7);
    expect(await noticesOf(p.user.id)).toHaveLength(0);
    // staff still settle them as before
    const admin = await k.login(ADMIN.email, ADMIN.password);
    expect((await k.post('/v1/order/approve', { id: terminal.id }, admin)).status).toBe(200);
  });
});
