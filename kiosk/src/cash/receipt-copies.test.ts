import { RECEIPT_COPY_LIMIT } from '@club/shared/cash';
import type { TOrder } from '@club/shared/orders';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, newPlayer, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';
import { cartItems, cashJournal, users } from '../db/schema.ts';

let k: TestKiosk;
let admin: string;
beforeAll(async () => {
  k = await startTestKiosk({ smtp: true });
  admin = await k.login(ADMIN.email, ADMIN.password);
});
afterAll(() => k.close());

const db = () => k.kiosk.database.db;

/** A player's shop order paid in cash at the counter: it has a sales receipt. */
async function paidOrder() {
  const created = await k.post('/v1/product/create', { name: 'Brus', price: 3_000, count: 99 }, admin);
  const p = await newPlayer(k);
  await db()
    .insert(cartItems)
    .values({ userId: p.user.id, productId: (created.body.product as { id: number }).id, count: 1 });
  const order = (await k.post('/v1/order/init', {}, p.token)).body.order as TOrder;
  expect((await k.post('/v1/payment/cash', { order_id: order.id, received: 3_000 }, admin)).status).toBe(200);
  return { p, order };
}
const copies = async (orderId: number) =>
  db()
    .select()
    .from(cashJournal)
    .where(and(eq(cashJournal.orderId, orderId), eq(cashJournal.eventCode, '13014')));

/** A staff member of their own, so the copy allowance counted per person starts from nothing. */
async function newStaff() {
  const s = await newPlayer(k);
  await db().update(users).set({ isAdmin: true }).where(eq(users.id, s.user.id));
  return k.login(s.body.email, s.body.password);
}

describe('receipt copies', () => {
  it('are not made by looking: the player opening their receipt again journals nothing', async () => {
    const { p, order } = await paidOrder();
    for (let i = 0; i < 5; i++) {
      const look = await k.get(`/v1/receipt/${order.id}`, p.token);
      expect(look.status).toBe(200);
      expect(look.body.receipt).toMatchObject({ copy: i > 0, print_number: 1 });
    }
    expect(await copies(order.id)).toEqual([]);
  });

  it('are made on purpose, each journaled once: a staff reprint and the player’s “send me a copy”', async () => {
    const staff = await newStaff();
    const { p, order } = await paidOrder();
    expect((await k.get(`/v1/receipt/${order.id}`, p.token)).body.receipt).toMatchObject({ copy: false });
    const reprint = await k.post(`/v1/receipt/${order.id}/copy`, {}, staff);
    expect(reprint.status, JSON.stringify(reprint.body)).toBe(200);
    expect(reprint.body.receipt).toMatchObject({ copy: true, print_number: 2 });
    expect((await k.post(`/v1/receipt/${order.id}/email`, {}, p.token)).status).toBe(200);
    expect((await k.get(`/v1/receipt/${order.id}`, p.token)).body.receipt).toMatchObject({ print_number: 3 });
    const journaled = await copies(order.id);
    expect(journaled.map((c) => (c.detail as { print_number: number }).print_number)).toEqual([2, 3]);
  });

  it('are limited per person, printed and e-mailed together: past the limit 429 and nothing journaled', async () => {
    const staff = await newStaff();
    const { order } = await paidOrder();
    const statuses: number[] = [];
    for (let i = 0; i < RECEIPT_COPY_LIMIT.count; i++) {
      const path = i % 2 ? `/v1/receipt/${order.id}/copy` : `/v1/receipt/${order.id}/email`;
      statuses.push((await k.post(path, {}, staff)).status);
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    const over = await k.post(`/v1/receipt/${order.id}/copy`, {}, staff);
    expect([over.status, over.body.message]).toEqual([429, 'error.rate_limited']);
    expect((await k.post(`/v1/receipt/${order.id}/email`, {}, staff)).status).toBe(429);
    // the first of them was the original (nobody had looked), the others copies
    expect(await copies(order.id)).toHaveLength(RECEIPT_COPY_LIMIT.count - 1);
    // someone else's allowance is their own
    expect((await k.post(`/v1/receipt/${order.id}/copy`, {}, admin)).status).toBe(200);
  });
});
