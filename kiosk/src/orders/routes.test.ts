import type { TOrder, TOrderDetail } from '@club/shared/orders';
import { localDate } from '@club/shared/time-zone';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, advance, newPlayer, startTestKiosk, type TestKiosk, tableName } from '../../tests/harness.ts';
import { cartItems, orders, products, subscriptionProducts, userSubscriptions } from '../db/schema.ts';

let k: TestKiosk;
let admin: string;
beforeAll(async () => {
  k = await startTestKiosk();
  admin = await k.login(ADMIN.email, ADMIN.password);
});
afterAll(() => k.close());

/** A player who played 10 minutes at 250 øre: a waiting game order of 2 500 øre. */
async function gameOrder(player?: Awaited<ReturnType<typeof newPlayer>>) {
  const p = player ?? (await newPlayer(k));
  const table = (await k.post('/v1/table/create', { name: tableName('T'), capacity: 4, price_per_minute: 250 }, admin))
    .body.table as { id: number };
  const game = (await k.post('/v1/game/join', { table_id: table.id }, p.token)).body.game as { id: number };
  await advance(k, 10 * 60_000);
  const orderId = (await k.post('/v1/game/leave', { game_id: game.id }, p.token)).body.order_id as number;
  return { p, orderId };
}

async function product(count: number, price = 3900) {
  const [row] = await k.kiosk.database.db
    .insert(products)
    .values({ name: `Cola ${count}`, price, count })
    .returning();
  return row!;
}
async function shopOrder(p: Awaited<ReturnType<typeof newPlayer>>, productId: number, count = 1) {
  await k.kiosk.database.db.insert(cartItems).values({ userId: p.user.id, productId, count });
  const answer = await k.post('/v1/order/init', {}, p.token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.order as TOrder;
}
const stockOf = async (id: number) =>
  (await k.kiosk.database.db.select().from(products).where(eq(products.id, id)))[0]!.count;
const detail = async (id: number, token: string) => (await k.get(`/v1/order/${id}`, token)).body.order as TOrderDetail;

describe('reading orders', () => {
  it('shows an order to its owner and admins only, the timeline to admins', async () => {
    const { p, orderId } = await gameOrder();
    const mine = await detail(orderId, p.token);
    expect(mine).toMatchObject({
      id: orderId,
      reference: `K-${String(orderId).padStart(6, '0')}`,
      status: 'waiting',
      kind: 'game',
      total: 2500,
      method: null,
      can_pay_later: false,
    });
    expect(mine.items[0]).toMatchObject({
      kind: 'game',
      quantity: 10,
      unit_price: 250,
      total: 2500,
      minutes: 10,
      subscription_minutes: 0,
    });
    expect(mine.timeline).toBeUndefined();
    expect((await detail(orderId, admin)).timeline).toEqual([expect.objectContaining({ from: null, to: 'waiting' })]);
    const other = await newPlayer(k);
    expect(await k.get(`/v1/order/${orderId}`, other.token)).toMatchObject({
      status: 404,
      body: { message: 'error.order_not_found' },
    });
    expect((await k.get('/v1/order/999999', admin)).body.message).toBe('error.order_not_found');
    expect((await k.get(`/v1/order/${orderId}`)).status).toBe(401);
  });

  it('lists my history and my waiting orders', async () => {
    const { p, orderId } = await gameOrder();
    expect((await k.get('/v1/order/my', p.token)).body).toMatchObject({ total: 1, data: [{ id: orderId }] });
    expect((await k.get('/v1/order/waiting', p.token)).body).toMatchObject({ data: [{ id: orderId }] });
    await k.post('/v1/payment/system', { order_id: orderId }, admin);
    expect((await k.get('/v1/order/waiting', p.token)).body.data).toEqual([]);
    expect((await k.get('/v1/order/my', p.token)).body).toMatchObject({
      data: [{ id: orderId, status: 'paid', method: 'system' }],
    });
  });

  it('lets admins filter every order by status, method, date and reference or name', async () => {
    const { p, orderId } = await gameOrder(await newPlayer(k, { surname: 'Filterberg' }));
    const q = async (query: string) =>
      ((await k.get(`/v1/order/all?${query}`, admin)).body.data as TOrder[]).map((o) => o.id);
    expect(await q(`q=K-${String(orderId).padStart(6, '0')}`)).toEqual([orderId]);
    expect(await q('q=Filterberg')).toEqual([orderId]);
    expect(await q('status=waiting')).toContain(orderId);
    expect(await q('status=paid')).not.toContain(orderId);
    await k.post('/v1/order/pay', { id: orderId, method: 'physical' }, p.token);
    expect(await q('method=physical')).toContain(orderId);
    // today on the club's calendar and the kiosk's (test) clock, which earlier tests moved on
    const today = localDate(Date.parse((await k.get('/v1/health')).body.server_time as string), 'Europe/Oslo');
    expect(await q(`from=${today}&to=${today}`)).toContain(orderId);
    expect(await q('to=2000-01-01')).not.toContain(orderId);
    expect((await k.get('/v1/order/all?status=nonsense', admin)).body.message).toBe('error.validation_failed');
    // a period ending before it starts is refused, not answered with nothing in it
    expect(await k.get('/v1/order/all?from=2026-03-02&to=2026-03-01', admin)).toMatchObject({
      status: 422,
      body: { message: 'error.validation_failed', errors: { to: 'validation.min' } },
    });
    expect((await k.get('/v1/order/all', p.token)).status).toBe(403);
  });
});

describe('settling', () => {
  it('answers the choice of the card terminal with the order as it is read afterwards', async () => {
    const { p, orderId } = await gameOrder();
    const chosen = await k.post('/v1/order/pay', { id: orderId, method: 'physical' }, p.token);
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    const { order } = chosen.body as unknown as { order: TOrderDetail };
    expect(order.items.length).toBeGreaterThan(0);
    expect(await detail(orderId, p.token)).toMatchObject(order);
  });

  it('card at the kiosk: waits for staff, then approved; final after that', async () => {
    const { p, orderId } = await gameOrder();
    const chosen = await k.post('/v1/payment/physical', { order_id: orderId }, p.token);
    expect(chosen.body.order).toMatchObject({ status: 'waiting', method: 'physical' });
    expect((await k.post('/v1/order/approve', { id: orderId }, p.token)).status).toBe(403);
    expect((await k.post('/v1/order/approve', { id: orderId }, admin)).body.order).toMatchObject({
      status: 'approved',
      method: 'physical',
    });
    expect(await k.post('/v1/order/approve', { id: orderId }, admin)).toMatchObject({
      status: 409,
      body: { message: 'error.order_completed' },
    });
    expect((await k.post('/v1/order/pay', { id: orderId, method: 'physical' }, p.token)).body.message).toBe(
      'error.order_completed',
    );
    const timeline = (await detail(orderId, admin)).timeline!;
    expect(timeline.map((e) => [e.from, e.to, e.method])).toEqual([
      [null, 'waiting', null],
      ['waiting', 'waiting', 'physical'],
      ['waiting', 'approved', 'physical'],
    ]);
    expect(timeline.at(-1)?.actor_name).toBe('Admin Club');
  });

  it('system: only an admin pays as admin', async () => {
    const { p, orderId } = await gameOrder();
    expect((await k.post('/v1/order/pay', { id: orderId, method: 'system' }, p.token)).body.message).toBe(
      'error.forbidden',
    );
    expect((await k.post('/v1/payment/system', { order_id: orderId }, p.token)).status).toBe(403);
    expect((await k.post('/v1/payment/system', { order_id: orderId }, admin)).body.order).toMatchObject({
      status: 'paid',
      method: 'system',
    });
  });

  it('pay later: only where the role allows it, settled later', async () => {
    const { p, orderId } = await gameOrder();
    expect(await k.post('/v1/order/pay', { id: orderId, method: 'pay_later' }, p.token)).toMatchObject({
      status: 404,
      body: { message: 'error.payment_method_not_found' },
    });
    await k.post(
      '/v1/user/update',
      { id: p.user.id, name: 'A', surname: 'B', email: p.user.email, phone: p.user.phone, role: 1 },
      admin,
    );
    expect((await detail(orderId, p.token)).can_pay_later).toBe(true);
    expect((await k.post('/v1/order/pay', { id: orderId, method: 'pay_later' }, p.token)).body.order).toMatchObject({
      status: 'pay_later',
    });
    expect((await k.get('/v1/order/waiting', p.token)).body.data).toEqual([
      expect.objectContaining({ id: orderId, status: 'pay_later' }),
    ]);
    expect((await k.post('/v1/order/pay', { id: orderId, method: 'pay_later' }, p.token)).body.message).toBe(
      'error.payment_method_not_found',
    );
    expect((await k.post('/v1/order/approve', { id: orderId }, admin)).body.order).toMatchObject({
      status: 'approved',
    });
  });

  it('refuses strangers and bad methods', async () => {
    const { orderId } = await gameOrder();
    const stranger = await newPlayer(k);
    expect((await k.post('/v1/order/pay', { id: orderId, method: 'physical' }, stranger.token)).body.message).toBe(
      'error.order_not_found',
    );
    expect((await k.post('/v1/payment/physical', { order_id: orderId }, stranger.token)).body.message).toBe(
      'error.order_not_found',
    );
    expect((await k.post('/v1/order/pay', { id: orderId, method: 'cash' }, admin)).body).toMatchObject({
      message: 'error.validation_failed',
      errors: { method: 'validation.invalid' },
    });
  });
});

describe('cancel, delete and stock', () => {
  it('reserves stock at checkout and gives it back on cancel or delete', async () => {
    const p = await newPlayer(k);
    expect(await k.post('/v1/order/init', {}, p.token)).toMatchObject({
      status: 404,
      body: { message: 'error.items_not_found' },
    });
    const cola = await product(5);
    const order = await shopOrder(p, cola.id, 2);
    expect(order).toMatchObject({
      kind: 'shop',
      status: 'waiting',
      total: 7800,
      items: [{ kind: 'product', quantity: 2, unit_price: 3900 }],
    });
    expect(await stockOf(cola.id)).toBe(3);
    expect((await k.kiosk.database.db.select().from(cartItems).where(eq(cartItems.userId, p.user.id))).length).toBe(0);
    expect((await k.post('/v1/order/cancel', { id: order.id }, p.token)).body.order).toMatchObject({
      status: 'canceled',
    });
    expect(await stockOf(cola.id)).toBe(5);
    expect((await k.post('/v1/order/cancel', { id: order.id }, p.token)).body.message).toBe('error.order_completed');

    const again = await shopOrder(p, cola.id, 1);
    expect((await k.post(`/v1/order/delete/${again.id}`, {}, p.token)).status).toBe(403);
    expect((await k.post(`/v1/order/delete/${again.id}`, {}, admin)).body.order).toMatchObject({ status: 'deleted' });
    expect(await stockOf(cola.id)).toBe(5);
    expect((await k.get('/v1/order/my', p.token)).body.data as TOrder[]).not.toContainEqual(
      expect.objectContaining({ id: again.id }),
    );
  });

  it('never sells more than there is', async () => {
    const p = await newPlayer(k);
    const last = await product(1);
    await k.kiosk.database.db.insert(cartItems).values({ userId: p.user.id, productId: last.id, count: 2 });
    expect((await k.post('/v1/order/init', {}, p.token)).body.message).toBe('error.unable_to_create_order');
    expect(await stockOf(last.id)).toBe(1);
  });

  it('gives the last item to one of two buyers checking out at once', async () => {
    const last = await product(1);
    const [a, b] = [await newPlayer(k), await newPlayer(k)];
    await k.kiosk.database.db.insert(cartItems).values([
      { userId: a.user.id, productId: last.id, count: 1 },
      { userId: b.user.id, productId: last.id, count: 1 },
    ]);
    const answers = await Promise.all([k.post('/v1/order/init', {}, a.token), k.post('/v1/order/init', {}, b.token)]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 400]);
    expect(await stockOf(last.id)).toBe(0);
  });

  it('makes one order of a cart checked out twice at once, taking its stock once', async () => {
    const p = await newPlayer(k);
    const cola = await product(5);
    await k.kiosk.database.db.insert(cartItems).values({ userId: p.user.id, productId: cola.id, count: 2 });
    const answers = await Promise.all([k.post('/v1/order/init', {}, p.token), k.post('/v1/order/init', {}, p.token)]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 404]);
    expect(answers.find((x) => x.status === 404)?.body.message).toBe('error.items_not_found');
    expect(await stockOf(cola.id)).toBe(3);
    expect(await k.kiosk.database.db.select().from(orders).where(eq(orders.userId, p.user.id))).toHaveLength(1);
  });

  it('does not let a game order be canceled by its owner', async () => {
    const { p, orderId } = await gameOrder();
    expect((await k.post('/v1/order/cancel', { id: orderId }, p.token)).body.message).toBe(
      'error.unable_to_update_order',
    );
  });

  it('activates bought subscriptions once paid', async () => {
    const p = await newPlayer(k);
    const [sub] = await k.kiosk.database.db
      .insert(subscriptionProducts)
      .values({ name: '10 timer', durationHours: 10, price: 120000 })
      .returning();
    await k.kiosk.database.db.insert(cartItems).values({ userId: p.user.id, subscriptionId: sub!.id, count: 1 });
    const order = (await k.post('/v1/order/init', {}, p.token)).body.order as TOrder;
    expect(order.items[0]).toMatchObject({ kind: 'subscription', total: 120000 });
    expect((await k.get('/v1/user/my-active-subscription', p.token)).body.subscription).toBeNull();
    await k.post('/v1/payment/system', { order_id: order.id }, admin);
    expect((await k.get('/v1/user/my-active-subscription', p.token)).body.subscription).toMatchObject({
      name: '10 timer',
      remaining_minutes: 600,
    });
    expect(
      (await k.kiosk.database.db.select().from(userSubscriptions).where(eq(userSubscriptions.userId, p.user.id)))[0]
        ?.orderId,
    ).toBe(order.id);
  });
});

describe('user search for transfers', () => {
  it('finds verified people by name or phone and shows names only', async () => {
    const p = await newPlayer(k);
    const target = await newPlayer(k, { name: 'Søkbar', surname: 'Person' });
    await k.kiosk.database.db.execute(`update users set email_verified_at = now() where id = ${target.user.id}`);
    const byName = await k.get('/v1/user/search?q=S%C3%B8kbar', p.token);
    expect(byName.body.data).toEqual([{ id: target.user.id, name: 'Søkbar', surname: 'Person' }]);
    const byPhone = await k.get(`/v1/user/search?q=${encodeURIComponent(target.user.phone)}`, p.token);
    expect(byPhone.body.data).toEqual([{ id: target.user.id, name: 'Søkbar', surname: 'Person' }]);
    expect((await k.get('/v1/user/search?q=a', p.token)).body.message).toBe('error.validation_failed');
    expect((await k.get('/v1/user/search?q=abc')).status).toBe(401);
  });
});

describe('two actions on one order at once', () => {
  it.each([
    [
      'two payments',
      (id: number) => k.post('/v1/payment/system', { order_id: id }, admin),
      (id: number) => k.post('/v1/payment/system', { order_id: id }, admin),
    ],
    [
      'payment and approval',
      (id: number) => k.post('/v1/payment/system', { order_id: id }, admin),
      (id: number) => k.post('/v1/order/approve', { id }, admin),
    ],
    [
      'approval and deletion',
      (id: number) => k.post('/v1/order/approve', { id }, admin),
      (id: number) => k.post(`/v1/order/delete/${id}`, {}, admin),
    ],
  ])('%s: exactly one wins', async (_, first, second) => {
    const { orderId } = await gameOrder();
    const answers = await Promise.all([first(orderId), second(orderId)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.message).toBe('error.order_completed');
    expect((await detail(orderId, admin)).timeline).toHaveLength(2);
  });

  it('accepting a transfer racing cancel: exactly one wins', async () => {
    const p = await newPlayer(k);
    const friend = await newPlayer(k);
    const order = await shopOrder(p, (await product(3)).id);
    expect((await k.post('/v1/order/transfer', { id: order.id, user_id: friend.user.id }, p.token)).status).toBe(200);
    const answers = await Promise.all([
      k.post('/v1/order/transfer/accept', { id: order.id }, friend.token),
      k.post('/v1/order/cancel', { id: order.id }, p.token),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });
});
