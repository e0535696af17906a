import type { TCashReport } from '@club/shared/cash';
import type { TOrder } from '@club/shared/orders';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, newPlayer, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';
import { createKiosk } from '../app.ts';
import { cartItems, cashJournal } from '../db/schema.ts';

let k: TestKiosk;
let admin: string;
beforeAll(async () => {
  k = await startTestKiosk();
  admin = await k.login(ADMIN.email, ADMIN.password);
});
afterAll(() => k.close());

const db = () => k.kiosk.database.db;

async function waitingOrder(price: number, vatRate: number) {
  const created = await k.post(
    '/v1/product/create',
    { name: `Vare ${price}`, price, count: 10, vat_rate: vatRate },
    admin,
  );
  const p = await newPlayer(k);
  await db()
    .insert(cartItems)
    .values({ userId: p.user.id, productId: (created.body.product as { id: number }).id, count: 1 });
  return (await k.post('/v1/order/init', {}, p.token)).body.order as TOrder;
}

async function sale(price: number, vatRate: number) {
  const order = await waitingOrder(price, vatRate);
  expect((await k.post('/v1/order/approve', { id: order.id }, admin)).status).toBe(200);
  return order;
}

const xReport = async () => (await k.get('/v1/cash/x-report', admin)).body.report as TCashReport;
const zReport = async () => {
  const answer = await k.post('/v1/cash/z-report', {}, admin);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.report as TCashReport;
};

describe('X and Z reports', () => {
  it('are for admins only', async () => {
    const player = await newPlayer(k);
    expect((await k.get('/v1/cash/x-report', player.token)).status).toBe(403);
    expect((await k.post('/v1/cash/z-report', {}, player.token)).status).toBe(403);
  });

  it('add up the day per group, per means of payment and per VAT rate; X resets nothing', async () => {
    await sale(10_000, 25);
    await sale(9_990, 15);
    const x = await xReport();
    expect(x).toMatchObject({
      kind: 'X',
      number: null,
      cash_point: { name: 'Kasse 1' },
      sales: { count: 2, amount: 19_990 },
      by_group: [{ group: 'product', count: 2, amount: 19_990 }],
      by_method: [{ method: 'physical', count: 2, amount: 19_990 }],
      vat_per_rate: [
        { vat_rate: 25, gross: 10_000, vat: 2_000, net: 8_000 },
        { vat_rate: 15, gross: 9_990, vat: 1_303, net: 8_687 },
      ],
      grand_total: 19_990,
    });
    expect(await xReport()).toMatchObject({ sales: x.sales, vat_per_rate: x.vat_per_rate });
    const z = await zReport();
    expect(z).toMatchObject({ kind: 'Z', number: 1, sales: { count: 2, amount: 19_990 }, grand_total: 19_990 });
    const again = (await k.get('/v1/cash/z-report/1', admin)).body.report as TCashReport;
    expect({ ...again, at: z.at }).toEqual(z);
    expect((await k.get('/v1/cash/z-report/99', admin)).body.message).toBe('error.not_found');
  });

  it('print as pages', async () => {
    const page = async (path: string) =>
      (await fetch(`${k.url}${path}`, { headers: { authorization: `Bearer ${admin}` } })).text();
    const z = await page('/v1/cash/z-report/1?format=html');
    expect(z).toContain('Z-rapport 1');
    expect(z).toContain('Org.nr 999999999');
    expect(z).toContain('Kioskvarer');
    expect(z).toContain('199,90');
    expect(await page('/v1/cash/x-report?format=html&lang=en')).toContain('X report');
  });

  it('never covers twice what an earlier Z covered, numbered consecutively; of two asked at once, one closes', async () => {
    await sale(5_000, 25);
    const both = await Promise.all([1, 2].map(() => k.post('/v1/cash/z-report', {}, admin)));
    const made = both.filter((a) => a.status === 200).map((a) => a.body.report as TCashReport);
    // the second would cover nothing since the first (a range such as "2–1"): refused
    expect(made).toHaveLength(1);
    expect(both.find((a) => a.status !== 200)).toMatchObject({
      status: 409,
      body: { message: 'error.z_report_empty' },
    });
    expect(made[0]).toMatchObject({ number: 2, sales: { count: 1, amount: 5_000 }, grand_total: 24_990 });
    expect((await k.post('/v1/cash/z-report', {}, admin)).body.message).toBe('error.z_report_empty');
    // nor one over only the X report the till's screen took after the close (a double tap)
    expect((await xReport()).sales).toEqual({ count: 0, amount: 0 });
    expect((await k.post('/v1/cash/z-report', {}, admin)).body.message).toBe('error.z_report_empty');
    // anything else in the journal is the day's to close, even with no sales
    expect((await k.post('/v1/cash/drawer-open', { note: 'Veksle' }, admin)).status).toBe(200);
    const next = await zReport();
    expect(next).toMatchObject({ number: 3, sales: { count: 0, amount: 0 } });
    expect(next.from_nr).toBeGreaterThan(made[0]!.to_nr);
    expect(next.to_nr).toBeGreaterThanOrEqual(next.from_nr);
    const zs = await db()
      .select()
      .from(cashJournal)
      .where(eq(cashJournal.eventCode, '13009'))
      .orderBy(asc(cashJournal.nr));
    expect(zs.map((z) => (z.detail as { number: number }).number)).toEqual([1, 2, 3]);
  });

  it('keep their numbering and coverage across a restart, which is journaled', async () => {
    await sale(1_000, 25);
    const again = await createKiosk({
      config: k.kiosk.deps.config,
      logger: k.kiosk.deps.logger,
      database: k.kiosk.database,
    });
    await again.close();
    const starts = await db().select().from(cashJournal).where(eq(cashJournal.eventCode, '13001'));
    expect(starts).toHaveLength(2);
    const z = await zReport();
    expect(z).toMatchObject({ number: 4, sales: { count: 1, amount: 1_000 }, grand_total: 25_990 });
  });
});

describe('cash at the counter', () => {
  it('pays the order, answers the change, and counts as cash in the reports', async () => {
    const order = await waitingOrder(8_750, 25);
    const short = await k.post('/v1/payment/cash', { order_id: order.id, received: 8_700 }, admin);
    expect(short.status).toBe(422);
    expect(short.body.errors).toEqual({ received: 'validation.min' });
    const player = await newPlayer(k);
    expect((await k.post('/v1/payment/cash', { order_id: order.id, received: 10_000 }, player.token)).status).toBe(403);
    const [a, b] = await Promise.all([
      k.post('/v1/payment/cash', { order_id: order.id, received: 10_000 }, admin),
      k.post('/v1/payment/cash', { order_id: order.id, received: 10_000 }, admin),
    ]);
    expect([a!.status, b!.status].sort()).toEqual([200, 409]);
    const paid = a!.status === 200 ? a! : b!;
    expect(paid.body.payment).toEqual({
      order_id: order.id,
      total: 8_750,
      rounding: 50,
      due: 8_800,
      received: 10_000,
      change: 1_200,
    });
    const x = await xReport();
    expect(x.by_method).toEqual([{ method: 'cash', count: 1, amount: 8_750 }]);
    expect(x.cash_sales).toBe(8_750);
    const receipt = await k.get(`/v1/receipt/${order.id}`, admin);
    expect(receipt.body.receipt).toMatchObject({ method: 'cash', total: 8_750 });
  });
});
