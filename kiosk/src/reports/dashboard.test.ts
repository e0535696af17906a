import type { TOrder } from '@club/shared/orders';
import type { TDashboard } from '@club/shared/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, newPlayer, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';
import { cartItems } from '../db/schema.ts';

let k: TestKiosk;
let admin: string;
beforeAll(async () => {
  k = await startTestKiosk();
  admin = await k.login(ADMIN.email, ADMIN.password);
});
afterAll(() => k.close());

const dashboard = async () =>
  (await k.get('/v1/report/dashboard', admin)).body.dashboard as { free_tables: number; tables: number };

describe('the dashboard’s free tables', () => {
  it('are the tables a guest can sit down at: one out of order is not free', async () => {
    const create = async (name: string) =>
      (await k.post('/v1/table/create', { name, capacity: 4, price_per_minute: 200 }, admin)).body.table as {
        id: number;
      };
    await create('Ledig');
    const broken = await create('Ny duk');
    const before = await dashboard();
    const marked = await k.post('/v1/table/out-of-order', { table_id: broken.id, reason: 'Ny duk' }, admin);
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    const after = await dashboard();
    expect(after.tables).toBe(before.tables);
    expect(after.free_tables).toBe(before.free_tables - 1);
  });
});

describe('the dashboard’s revenue', () => {
  it('says what was given back today, and what the day kept after it', async () => {
    const p = await newPlayer(k);
    const product = await k.post('/v1/product/create', { name: 'Pizza', price: 12_000, count: 5, vat_rate: 15 }, admin);
    await k.kiosk.database.db
      .insert(cartItems)
      .values({ userId: p.user.id, productId: (product.body.product as { id: number }).id, count: 1 });
    const order = (await k.post('/v1/order/init', {}, p.token)).body.order as TOrder;
    const revenue = async () => ((await k.get('/v1/report/dashboard', admin)).body.dashboard as TDashboard).revenue;
    const before = await revenue();
    const session = (await k.post('/v1/payment/card/init', { order_id: order.id }, p.token)).body.payment_id as string;
    await k.kiosk.card.simulator!.pay(session);
    const paid = await revenue();
    expect(paid.total - before.total).toBe(12_000);

    const refunded = await k.post('/v1/order/refund', { id: order.id, amount: 5_000, reason: 'Kald pizza' }, admin);
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    const after = await revenue();
    // the sale stays a sale of today; the refund is counted beside it, as the reports count it
    expect(after.total).toBe(paid.total);
    expect(after.refunds - paid.refunds).toBe(5_000);
  });
});
