import type { TCashPayment, TCashReport, TReceipt } from '@club/shared/cash';
import { OPERATOR_IDLE_MS, type TWalkIn } from '@club/shared/cash-operators';
import type { TOrder } from '@club/shared/orders';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, advance, newPlayer, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';
import {
  cartItems,
  cashJournal,
  cashOperatorSessions,
  cashPoints,
  oneTimeTokens,
  orders,
  sessions,
  users,
} from '../db/schema.ts';

let k: TestKiosk;
let admin: string;
let adminId: number;
let adminSessionId: number;
beforeAll(async () => {
  k = await startTestKiosk();
  admin = await k.login(ADMIN.email, ADMIN.password);
  adminId = ((await k.get('/v1/user/profile', admin)).body.user as { id: number }).id;
  const [newest] = await db()
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, adminId))
    .orderBy(desc(sessions.id))
    .limit(1);
  adminSessionId = newest!.id;
});
afterAll(() => k.close());

const db = () => k.kiosk.database.db;

/** A new staff member (an admin) with a PIN, logged in on a device of their own. */
async function staff(pin = '2468') {
  const p = await newPlayer(k, { name: 'Siri', surname: `Stab${Math.random().toString(36).slice(2, 6)}` });
  await db().update(users).set({ isAdmin: true }).where(eq(users.id, p.user.id));
  const token = await k.login(p.body.email, p.body.password);
  expect((await k.post('/v1/cash/operator/pin', { pin }, token)).status).toBe(200);
  return { id: p.user.id, name: `${p.user.name} ${p.user.surname}`, token, pin };
}

async function defaultPointId() {
  const [point] = await db().select().from(cashPoints).orderBy(asc(cashPoints.id)).limit(1);
  return point!.id;
}

const signIn = (device: string, who: { id: number; pin: string }, cashPointId: number) =>
  k.post('/v1/cash/operator/login', { cash_point_id: cashPointId, user_id: who.id, pin: who.pin }, device);

async function lastEvents(pointId: number, n: number) {
  const rows = await db()
    .select()
    .from(cashJournal)
    .where(eq(cashJournal.cashPointId, pointId))
    .orderBy(asc(cashJournal.nr));
  return rows.slice(-n);
}

async function product(price = 3500) {
  const answer = await k.post('/v1/product/create', { name: `Brus ${price}`, price, count: 50 }, admin);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.product as { id: number };
}

describe('counter PINs', () => {
  it('stores only an argon2id hash, refuses PINs that are not 4–6 digits and people who are not staff', async () => {
    const s = await staff('135790');
    const [row] = await db().select({ pinHash: users.pinHash }).from(users).where(eq(users.id, s.id));
    expect(row?.pinHash).toMatch(/^\$argon2id\$/);
    expect(row?.pinHash).not.toContain('135790');
    for (const pin of ['123', '1234567', '12a4', ' 1234']) {
      const refused = await k.post('/v1/cash/operator/pin', { pin }, s.token);
      expect(refused.status, pin).toBe(422);
      expect(refused.body.errors).toEqual({ pin: 'validation.pin' });
    }
    const player = await newPlayer(k);
    const notStaff = await k.post(
      `/v1/cash/operators/${player.user.id}/pin`,
      { pin: '1111', password: ADMIN.password },
      admin,
    );
    expect(notStaff.status).toBe(404);
    expect(notStaff.body.message).toBe('error.operator_not_found');
    const candidates = (await k.get('/v1/cash/operators', admin)).body.operators as { user_id: number }[];
    expect(candidates.map((c) => c.user_id)).toContain(s.id);
    expect(candidates.map((c) => c.user_id)).not.toContain(player.user.id);
  });

  it('an admin sets another staff member’s PIN, which they then sign in with', async () => {
    const s = await staff('1111');
    expect(
      (await k.post(`/v1/cash/operators/${s.id}/pin`, { pin: '9999', password: ADMIN.password }, admin)).status,
    ).toBe(200);
    const point = await defaultPointId();
    expect((await signIn(admin, { id: s.id, pin: '1111' }, point)).body.message).toBe('error.wrong_pin');
    expect((await signIn(admin, { id: s.id, pin: '9999' }, point)).status).toBe(200);
    expect((await k.post('/v1/cash/operator/logout', {}, admin)).status).toBe(200);
  });
});

describe('operator log-in and log-out', () => {
  it('journals log-in (13003) and log-out (13004) naming the operator, and a quick switch between two', async () => {
    const point = await defaultPointId();
    const anna = await staff('4321');
    const bo = await staff('8765');
    const wrong = await signIn(admin, { id: anna.id, pin: '0000' }, point);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('error.wrong_pin');

    const first = await signIn(admin, anna, point);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.operator).toMatchObject({ user_id: anna.id, name: anna.name, cash_point: { id: point } });
    const [login] = await lastEvents(point, 1);
    expect(login).toMatchObject({ eventCode: '13003', userId: anna.id, detail: { device_user_id: adminId } });

    expect((await signIn(admin, bo, point)).status).toBe(200);
    const [out, inAgain] = await lastEvents(point, 2);
    expect(out).toMatchObject({ eventCode: '13004', userId: anna.id, detail: { reason: 'switch' } });
    expect(inAgain).toMatchObject({ eventCode: '13003', userId: bo.id });
    expect((await k.get('/v1/cash/operator', admin)).body.operator).toMatchObject({ user_id: bo.id });

    expect((await k.post('/v1/cash/operator/logout', {}, admin)).status).toBe(200);
    const [logout] = await lastEvents(point, 1);
    expect(logout).toMatchObject({ eventCode: '13004', userId: bo.id, detail: { reason: 'logout' } });
    expect((await k.get('/v1/cash/operator', admin)).body.operator).toBeNull();
    const again = await k.post('/v1/cash/operator/logout', {}, admin);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('error.operator_not_signed_in');
  });

  it('serves concurrent sign-ins on one device one after the other: one operator is left signed in', async () => {
    const point = await defaultPointId();
    const [a, b, c] = [await staff('1212'), await staff('3434'), await staff('5656')];
    const before = (await lastEvents(point, 1))[0]?.nr ?? 0;
    const answers = await Promise.all([a, b, c].map((s) => signIn(admin, s, point)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const open = await db()
      .select()
      .from(cashOperatorSessions)
      .where(and(eq(cashOperatorSessions.sessionId, adminSessionId), isNull(cashOperatorSessions.signedOutAt)));
    expect(open).toHaveLength(1);
    const events = (await lastEvents(point, 10)).filter((e) => e.nr > before);
    expect(events.map((e) => e.eventCode)).toEqual(['13003', '13004', '13003', '13004', '13003']);
    expect(events.map((e) => e.nr)).toEqual([1, 2, 3, 4, 5].map((i) => before + i));
    expect(events[4]?.userId).toBe(open[0]?.userId);
    await k.post('/v1/cash/operator/logout', {}, admin);
  });

  it('signs an operator out of the first device when they sign in on another', async () => {
    const point = await defaultPointId();
    const cara = await staff('5555');
    const other = await staff('6666');
    expect((await signIn(admin, cara, point)).status).toBe(200);
    expect((await signIn(other.token, cara, point)).status).toBe(200);
    expect((await k.get('/v1/cash/operator', admin)).body.operator).toBeNull();
    expect((await k.get('/v1/cash/operator', other.token)).body.operator).toMatchObject({ user_id: cara.id });
    const [out] = (await lastEvents(point, 2)).filter((e) => e.eventCode === '13004');
    expect(out).toMatchObject({ userId: cara.id, detail: { reason: 'elsewhere' } });
    await k.post('/v1/cash/operator/logout', {}, other.token);
  });

  it('signs an idle operator out after the idle time, journaled, and refuses counter sales until a new sign-in', async () => {
    const point = await defaultPointId();
    const dag = await staff('7777');
    const item = await product();
    expect((await signIn(admin, dag, point)).status).toBe(200);
    await advance(k, OPERATOR_IDLE_MS - 1000);
    // a sale is activity: it restarts the idle time
    const sale = await k.post('/v1/cash/counter/order', { items: [{ product_id: item.id, count: 1 }] }, admin);
    expect(sale.status).toBe(200);
    await advance(k, OPERATOR_IDLE_MS - 1000);
    expect((await k.get('/v1/cash/operator', admin)).body.operator).toMatchObject({ user_id: dag.id });
    await advance(k, OPERATOR_IDLE_MS + 1000);
    const refused = await k.post('/v1/cash/counter/order', { items: [{ product_id: item.id, count: 1 }] }, admin);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('error.operator_not_signed_in');
    const [idle] = await lastEvents(point, 1);
    expect(idle).toMatchObject({ eventCode: '13004', userId: dag.id, detail: { reason: 'idle' } });
    expect((await k.get('/v1/cash/operator', admin)).body.operator).toBeNull();
  });
});

describe('cash after an operator went idle', () => {
  it('is refused with nothing journaled and the drawers unchanged, until someone signs in again', async () => {
    const point = ((await k.post('/v1/cash/points', { name: 'Kafé' }, admin)).body.cash_point as { id: number }).id;
    const tablet = (await staff('1111')).token;
    const una = await staff('5151');
    const item = await product(4000);
    const p = await newPlayer(k);
    await db().insert(cartItems).values({ userId: p.user.id, productId: item.id, count: 1 });
    const order = (await k.post('/v1/order/init', {}, p.token)).body.order as { id: number };
    const drawers = async () =>
      Promise.all(
        [point, await defaultPointId()].map(
          async (id) =>
            ((await k.get(`/v1/cash/x-report?cash_point_id=${id}`, admin)).body.report as TCashReport).drawer,
        ),
      );
    const before = await drawers();
    expect((await signIn(tablet, una, point)).status).toBe(200);
    await advance(k, OPERATOR_IDLE_MS + 1000);
    const refused = await k.post('/v1/payment/cash', { order_id: order.id, received: 4000 }, tablet);
    expect([refused.status, refused.body.message]).toEqual([409, 'error.operator_not_signed_in']);
    const [idle] = await lastEvents(point, 1);
    expect(idle).toMatchObject({ eventCode: '13004', userId: una.id, detail: { reason: 'idle' } });
    // the counter asking first (and so signing them out) leaves the till as closed
    expect((await k.get('/v1/cash/operator', tablet)).body.operator).toBeNull();
    expect((await k.post('/v1/payment/cash', { order_id: order.id, received: 4000 }, tablet)).status).toBe(409);
    const sales = () =>
      db()
        .select()
        .from(cashJournal)
        .where(and(eq(cashJournal.orderId, order.id), eq(cashJournal.eventCode, '13012')));
    expect(await sales()).toEqual([]);
    const [row] = await db().select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    expect(row?.status).not.toBe('PAID');
    expect(await drawers()).toEqual(before);
    expect((await signIn(tablet, una, point)).status).toBe(200);
    expect((await k.post('/v1/payment/cash', { order_id: order.id, received: 4000 }, tablet)).status).toBe(200);
    expect(await sales()).toMatchObject([{ userId: una.id, cashPointId: point }]);
    await k.post('/v1/cash/operator/logout', {}, tablet);
  });

  it('is taken in the staff member’s own name on a device that never had an operator, or whose operator signed out', async () => {
    const item = await product(2000);
    const never = await staff('2222');
    const signedOut = await staff('3333');
    const colleague = await staff('4444');
    expect((await signIn(signedOut.token, colleague, await defaultPointId())).status).toBe(200);
    expect((await k.post('/v1/cash/operator/logout', {}, signedOut.token)).status).toBe(200);
    await advance(k, OPERATOR_IDLE_MS + 1000);
    for (const device of [never, signedOut]) {
      const p = await newPlayer(k);
      await db().insert(cartItems).values({ userId: p.user.id, productId: item.id, count: 1 });
      const order = (await k.post('/v1/order/init', {}, p.token)).body.order as { id: number };
      expect((await k.post('/v1/payment/cash', { order_id: order.id, received: 2000 }, device.token)).status).toBe(200);
      const [sale] = await db()
        .select()
        .from(cashJournal)
        .where(and(eq(cashJournal.orderId, order.id), eq(cashJournal.eventCode, '13012')));
      expect(sale).toMatchObject({ userId: device.id, cashPointId: await defaultPointId() });
    }
  });
});

describe('asking who is signed in', () => {
  it('is not activity: counters that ask when a colleague signs in do not keep an idle operator signed in', async () => {
    const point = await defaultPointId();
    const ola = await staff('8642');
    expect((await signIn(admin, ola, point)).status).toBe(200);
    await advance(k, OPERATOR_IDLE_MS - 1000);
    expect((await k.get('/v1/cash/operator', admin)).body.operator).toMatchObject({ user_id: ola.id });
    await advance(k, 2000);
    expect((await k.get('/v1/cash/operator', admin)).body.operator).toBeNull();
    const [idle] = await lastEvents(point, 1);
    expect(idle).toMatchObject({ eventCode: '13004', userId: ola.id, detail: { reason: 'idle' } });
  });
});

describe('registrations name the counter operator', () => {
  it('a cash payment, its receipt and the X report name the signed-in operator', async () => {
    const point = await defaultPointId();
    const eva = await staff('2580');
    const item = await product(4900);
    const p = await newPlayer(k);
    await db().insert(cartItems).values({ userId: p.user.id, productId: item.id, count: 2 });
    const order = (await k.post('/v1/order/init', {}, p.token)).body.order as { id: number; total: number };
    expect((await signIn(admin, eva, point)).status).toBe(200);
    const paid = await k.post('/v1/payment/cash', { order_id: order.id, received: 10000 }, admin);
    expect(paid.body.payment).toMatchObject({ total: 9800, change: 200 });
    const [sale] = await db()
      .select()
      .from(cashJournal)
      .where(and(eq(cashJournal.orderId, order.id), eq(cashJournal.eventCode, '13012')));
    expect(sale).toMatchObject({ userId: eva.id, cashPointId: point });
    const receipt = await k.get(`/v1/receipt/${order.id}`, admin);
    expect((receipt.body.receipt as TReceipt).operator).toBe(eva.name);
    const html = await fetch(`${k.url}/v1/receipt/${order.id}/copy?format=html&lang=en`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(await html.text()).toContain(`Operator: ${eva.name}`);
    // the reprint was a copy (13014), registered in the operator's name too
    const [copy] = await db()
      .select()
      .from(cashJournal)
      .where(and(eq(cashJournal.orderId, order.id), eq(cashJournal.eventCode, '13014')));
    expect(copy).toMatchObject({ userId: eva.id, cashPointId: point });
    const report = (await k.get('/v1/cash/x-report', admin)).body.report as TCashReport;
    expect(report.by_operator).toContainEqual({ user_id: eva.id, name: eva.name, count: 1, amount: 9800 });
    await k.post('/v1/cash/operator/logout', {}, admin);
  });

  it('a drawer opening and a cash return are registered in the signed-in operator’s name', async () => {
    const point = await defaultPointId();
    const ivar = await staff('8080');
    const item = await product(6000);
    expect((await signIn(admin, ivar, point)).status).toBe(200);
    const opened = await k.post('/v1/cash/drawer-open', { note: 'Veksel' }, admin);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const [opening] = await lastEvents(point, 1);
    expect(opening).toMatchObject({ eventCode: '13005', userId: ivar.id });
    const created = await k.post('/v1/cash/counter/order', { items: [{ product_id: item.id, count: 1 }] }, admin);
    const order = created.body.order as TOrder;
    expect((await k.post('/v1/payment/cash', { order_id: order.id, received: 6000 }, admin)).status).toBe(200);
    const refunded = await k.post('/v1/order/refund', { id: order.id, reason: 'Feil vare' }, admin);
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    const [ret] = await db()
      .select()
      .from(cashJournal)
      .where(and(eq(cashJournal.orderId, order.id), eq(cashJournal.eventCode, '13013')));
    expect(ret).toMatchObject({ userId: ivar.id });
    await k.post('/v1/cash/operator/logout', {}, admin);
  });

  it('sells items over the counter at the operator’s own cash point, paid by card or Vipps at the till', async () => {
    const made = await k.post('/v1/cash/points', { name: 'Bar' }, admin);
    expect(made.status).toBe(200);
    const bar = made.body.cash_point as { id: number };
    const renamed = await k.post(`/v1/cash/points/${bar.id}`, { name: 'Kasse 2 (bar)' }, admin);
    expect(renamed.body.cash_point).toEqual({ id: bar.id, name: 'Kasse 2 (bar)' });
    expect((await k.get('/v1/cash/points', admin)).body.cash_points).toContainEqual(renamed.body.cash_point);
    const fia = await staff('3691');
    const item = await product(2500);
    let vippsAtTill = 0;
    expect((await signIn(admin, fia, bar.id)).status).toBe(200);
    for (const method of ['physical', 'vipps'] as const) {
      const created = await k.post('/v1/cash/counter/order', { items: [{ product_id: item.id, count: 3 }] }, admin);
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const order = created.body.order as TOrder;
      expect(order).toMatchObject({ status: 'waiting', total: 7500 });
      const paid = await k.post('/v1/cash/counter/pay', { order_id: order.id, method }, admin);
      expect(paid.body.order).toMatchObject({ status: 'paid', method });
      const [sale] = await db()
        .select()
        .from(cashJournal)
        .where(and(eq(cashJournal.orderId, order.id), eq(cashJournal.eventCode, '13012')));
      expect(sale).toMatchObject({ userId: fia.id, cashPointId: bar.id, amountIn: 7500 });
      const twice = await k.post('/v1/cash/counter/pay', { order_id: order.id, method }, admin);
      expect(twice.status).toBe(409);
      vippsAtTill = order.id;
    }
    const journal = await lastEvents(bar.id, 10);
    expect(journal.map((e) => [e.nr, e.eventCode])).toEqual([
      [1, '13003'],
      [2, '13012'],
      [3, '13012'],
    ]);
    const missing = await k.post(
      '/v1/cash/operator/login',
      { cash_point_id: 99999, user_id: fia.id, pin: '3691' },
      admin,
    );
    expect(missing.body.message).toBe('error.cash_point_not_found');

    // reports are per cash point: the operator's own by default, another one when asked for
    const x = (await k.get('/v1/cash/x-report', admin)).body.report as TCashReport;
    expect(x).toMatchObject({ cash_point: { id: bar.id }, sales: { count: 2, amount: 15000 } });
    const first = await defaultPointId();
    const other = (await k.get(`/v1/cash/x-report?cash_point_id=${first}`, admin)).body.report as TCashReport;
    expect(other.cash_point.id).toBe(first);
    const z = await k.post(`/v1/cash/z-report?cash_point_id=${bar.id}`, {}, admin);
    expect(z.body.report).toMatchObject({ number: 1, cash_point: { id: bar.id }, sales: { count: 2 } });
    const zs = (await k.get(`/v1/cash/z-reports?cash_point_id=${bar.id}`, admin)).body.data as { number: number }[];
    expect(zs.map((r) => r.number)).toEqual([1]);
    expect((await k.get('/v1/cash/x-report?cash_point_id=99999', admin)).body.message).toBe(
      'error.cash_point_not_found',
    );
    // Vipps at the till is given back there: the refund is recorded and journaled, no Vipps call
    const refunded = await k.post('/v1/order/refund', { id: vippsAtTill, reason: 'Feil vare' }, admin);
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body.order).toMatchObject({ status: 'refunded', refunded_amount: 7500 });
    const [back] = await db()
      .select()
      .from(cashJournal)
      .where(and(eq(cashJournal.orderId, vippsAtTill), eq(cashJournal.eventCode, '13013')));
    expect(back).toMatchObject({ amountIn: -7500, cashPointId: bar.id, userId: fia.id });
    await k.post('/v1/cash/operator/logout', {}, admin);
    const afterLogout = (await k.get('/v1/cash/x-report', admin)).body.report as TCashReport;
    expect(afterLogout.cash_point.id).toBe(first);
  });
});

describe('settling as the club', () => {
  it('is registered in the signed-in operator’s name at their cash point, whichever route the till uses', async () => {
    const made = await k.post('/v1/cash/points', { name: 'Kasse 3' }, admin);
    const point = (made.body.cash_point as { id: number }).id;
    const gro = await staff('4747');
    const item = await product(3000);
    expect((await signIn(admin, gro, point)).status).toBe(200);
    for (const settle of [
      (id: number) => k.post('/v1/payment/system', { order_id: id }, admin),
      (id: number) => k.post('/v1/order/pay', { id, method: 'system' }, admin),
    ]) {
      const p = await newPlayer(k);
      await db().insert(cartItems).values({ userId: p.user.id, productId: item.id, count: 1 });
      const order = (await k.post('/v1/order/init', {}, p.token)).body.order as { id: number };
      const paid = await settle(order.id);
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      const [sale] = await db()
        .select()
        .from(cashJournal)
        .where(and(eq(cashJournal.orderId, order.id), eq(cashJournal.eventCode, '13012')));
      expect(sale).toMatchObject({ userId: gro.id, cashPointId: point });
    }
    const x = (await k.get(`/v1/cash/x-report?cash_point_id=${point}`, admin)).body.report as TCashReport;
    expect(x.by_operator).toContainEqual({ user_id: gro.id, name: gro.name, count: 2, amount: 6000 });
    await k.post('/v1/cash/operator/logout', {}, admin);
  });
});

describe('open counter sales', () => {
  it('are found again after the counter is reloaded, and are paid or cancelled with their stock released', async () => {
    const point = await defaultPointId();
    const ola = await staff('5151');
    const item = await product(3000);
    const stock = async () =>
      ((await k.get('/v1/product/all', admin)).body.data as { id: number; count: number }[]).find(
        (p) => p.id === item.id,
      )!.count;
    expect((await signIn(admin, ola, point)).status).toBe(200);
    const sell = async (count: number) =>
      (await k.post('/v1/cash/counter/order', { items: [{ product_id: item.id, count }] }, admin)).body.order as TOrder;
    const first = await sell(2);
    const second = await sell(3);
    expect(first).toMatchObject({ counter: true, user_id: null });
    expect(await stock()).toBe(45);
    // a player's own order is not the counter's
    const p = await newPlayer(k);
    await k.post('/v1/cart/add', { product_id: item.id, count: 1 }, p.token);
    const online = (await k.post('/v1/order/init', {}, p.token)).body.order as TOrder;
    expect(online.counter).toBe(false);

    const open = async () => ((await k.get('/v1/cash/counter/open', admin)).body.data as TOrder[]).map((o) => o.id);
    expect(await open()).toEqual(expect.arrayContaining([second.id, first.id]));
    expect(await open()).not.toContain(online.id);

    expect((await k.post('/v1/cash/counter/pay', { order_id: first.id, method: 'physical' }, admin)).status).toBe(200);
    const before = await stock();
    const cancelled = await k.post('/v1/cash/counter/cancel', { order_id: second.id }, admin);
    expect(cancelled.body.order).toMatchObject({ id: second.id, status: 'canceled' });
    expect(await stock()).toBe(before + 3);
    expect(await open()).not.toContain(first.id);
    expect(await open()).not.toContain(second.id);
    // paid, or someone else's: nothing to cancel here
    expect((await k.post('/v1/cash/counter/cancel', { order_id: first.id }, admin)).status).toBe(409);
    expect((await k.post('/v1/cash/counter/cancel', { order_id: online.id }, admin)).body.message).toBe(
      'error.order_not_found',
    );
    await k.post('/v1/cash/operator/logout', {}, admin);
  });
});

describe('walk-in guests', () => {
  it('play at a table billed like a player, pay at the counter, and can never log in', async () => {
    const point = await defaultPointId();
    const gro = await staff('1470');
    const table = await k.post('/v1/table/create', { name: 'Drop-in', capacity: 4, price_per_minute: 300 }, admin);
    expect(table.status).toBe(200);
    const tableId = (table.body.table as { id: number }).id;
    const refused = await k.post('/v1/cash/walk-ins', { name: 'Ola', table_id: tableId }, admin);
    expect(refused.body.message).toBe('error.operator_not_signed_in');
    expect((await signIn(admin, gro, point)).status).toBe(200);
    const started = await k.post('/v1/cash/walk-ins', { name: 'Ola uten konto', table_id: tableId }, admin);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const [guest] = (started.body.playing as TWalkIn[]).filter((w) => w.name === 'Ola uten konto');
    if (!guest) throw new Error('the walk-in guest is not playing');
    expect(guest).toMatchObject({ table_id: tableId, table_name: 'Drop-in' });

    const [row] = await db().select().from(users).where(eq(users.id, guest.user_id));
    expect(row).toMatchObject({ walkIn: true, passwordHash: null });
    const login = await k.post('/v1/auth/login', { email: row!.email, password: 'anything-at-all' });
    expect(login.status).toBe(401);
    expect((await k.post('/v1/auth/reset-password', { email: row!.email })).status).toBe(200);
    expect(await db().select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, guest.user_id))).toEqual([]);

    await advance(k, 10 * 60_000);
    // the operator idled out while the guest played: back at the counter, they sign in again
    expect((await signIn(admin, gro, point)).status).toBe(200);
    const kicked = await k.post('/v1/game/kick', { game_id: guest.game_id, player_id: guest.player_id }, admin);
    expect(kicked.status, JSON.stringify(kicked.body)).toBe(200);
    const orderId = kicked.body.order_id as number;
    const [bill] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(bill).toMatchObject({ userId: guest.user_id, kind: 'game', status: 'waiting', total: 3000 });
    const list = await k.get('/v1/cash/walk-ins', admin);
    expect(list.body.unpaid).toContainEqual(expect.objectContaining({ order_id: orderId, total: 3000 }));
    const paid = await k.post('/v1/payment/cash', { order_id: orderId, received: 5000 }, admin);
    expect((paid.body.payment as TCashPayment).change).toBe(2000);
    expect(((await k.get(`/v1/receipt/${orderId}`, admin)).body.receipt as TReceipt).operator).toBe(gro.name);
    await k.post('/v1/cash/operator/logout', {}, admin);
  });

  it('leave no guest behind when the table cannot take them', async () => {
    const point = await defaultPointId();
    const hal = await staff('2222');
    expect((await signIn(admin, hal, point)).status).toBe(200);
    const before = await db().select({ id: users.id }).from(users).where(eq(users.walkIn, true));
    const refused = await k.post('/v1/cash/walk-ins', { name: 'Ingen bord', table_id: 999999 }, admin);
    expect(refused.body.message).toBe('error.table_not_found');
    expect(await db().select({ id: users.id }).from(users).where(eq(users.walkIn, true))).toHaveLength(before.length);
    await k.post('/v1/cash/operator/logout', {}, admin);
  });
});

describe('authorization', () => {
  it('players cannot use the counter, the operators or the cash points', async () => {
    const p = await newPlayer(k);
    const calls: [string, string, unknown][] = [
      ['GET', '/v1/cash/operator', undefined],
      ['GET', '/v1/cash/operators', undefined],
      ['GET', '/v1/cash/points', undefined],
      ['GET', '/v1/cash/walk-ins', undefined],
      ['POST', '/v1/cash/points', { name: 'Min kasse' }],
      ['POST', '/v1/cash/operator/pin', { pin: '1234' }],
      ['POST', '/v1/cash/operator/login', { cash_point_id: 1, user_id: p.user.id, pin: '1234' }],
      ['POST', '/v1/cash/operator/logout', {}],
      ['POST', '/v1/cash/walk-ins', { name: 'x', table_id: 1 }],
      ['POST', '/v1/cash/counter/order', { items: [{ product_id: 1, count: 1 }] }],
      ['POST', '/v1/cash/counter/pay', { order_id: 1, method: 'vipps' }],
      ['GET', '/v1/cash/counter/open', undefined],
      ['POST', '/v1/cash/counter/cancel', { order_id: 1 }],
    ];
    for (const [method, path, body] of calls) {
      const answer = await k.call(method as 'GET' | 'POST', path, { token: p.token, body });
      expect(answer.status, path).toBe(403);
      expect((await k.call(method as 'GET' | 'POST', path, { body })).status, path).toBe(401);
    }
  });
});

describe('PIN attempts', () => {
  it('are limited per operator like logins: after the limit even the right PIN waits', async () => {
    const limited = await startTestKiosk({ env: { AUTH_RATE_LIMIT: '3' } });
    try {
      const device = await limited.login(ADMIN.email, ADMIN.password);
      const adminUser = ((await limited.get('/v1/user/profile', device)).body.user as { id: number }).id;
      expect((await limited.post('/v1/cash/operator/pin', { pin: '1357' }, device)).status).toBe(200);
      const body = (pin: string) => ({ cash_point_id: 1, user_id: adminUser, pin });
      for (let i = 0; i < 3; i++)
        expect((await limited.post('/v1/cash/operator/login', body('0000'), device)).body.message).toBe(
          'error.wrong_pin',
        );
      const blocked = await limited.post('/v1/cash/operator/login', body('1357'), device);
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toBe('error.rate_limited');
    } finally {
      await limited.close();
    }
  });
});
