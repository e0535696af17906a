import type { Paginated } from '@club/shared/api';
import type { TCashReport, TDrawerAnswer, TReceipt, TZReportSummary } from '@club/shared/cash';
import type { TOrder } from '@club/shared/orders';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, newPlayer, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';
import { cartItems, cashJournal } from '../db/schema.ts';

let k: TestKiosk;
let admin: string;
beforeAll(async () => {
  k = await startTestKiosk();
  admin = await k.login(ADMIN.email, ADMIN.password);
});
afterAll(() => k.close());

const db = () => k.kiosk.database.db;

async function waitingOrder(price: number) {
  const created = await k.post('/v1/product/create', { name: `Vare ${price}`, price, count: 100, vat_rate: 25 }, admin);
  const p = await newPlayer(k);
  await db()
    .insert(cartItems)
    .values({ userId: p.user.id, productId: (created.body.product as { id: number }).id, count: 1 });
  return (await k.post('/v1/order/init', {}, p.token)).body.order as TOrder;
}
async function cashSale(price: number) {
  const order = await waitingOrder(price);
  expect((await k.post('/v1/payment/cash', { order_id: order.id, received: price }, admin)).status).toBe(200);
  return order;
}
const drawer = async (path: string, body: unknown) => {
  const answer = await k.post(path, body, admin);
  return { status: answer.status, message: answer.body.message, ...(answer.body as unknown as TDrawerAnswer) };
};
const xReport = async () => (await k.get('/v1/cash/x-report', admin)).body.report as TCashReport;
const zReport = async () => (await k.post('/v1/cash/z-report', {}, admin)).body.report as TCashReport;

describe('the cash drawer', () => {
  it('is for admins, and refuses bad bodies with the field named', async () => {
    const player = await newPlayer(k);
    for (const path of [
      '/v1/cash/float',
      '/v1/cash/withdrawal',
      '/v1/cash/deposit',
      '/v1/cash/drawer-open',
      '/v1/cash/count',
    ])
      expect((await k.post(path, { amount: 100, counted: 100 }, player.token)).status).toBe(403);
    const bad = await k.post('/v1/cash/float', { amount: -5 }, admin);
    expect([bad.status, bad.body.message, bad.body.errors]).toEqual([
      422,
      'error.validation_failed',
      { amount: 'validation.min' },
    ]);
    expect((await k.post('/v1/cash/withdrawal', { amount: 0 }, admin)).status).toBe(422);
    expect((await k.post('/v1/cash/count', {}, admin)).body.errors).toEqual({ counted: 'validation.required' });
    expect((await k.post('/v1/cash/withdrawal', { amount: 100, note: 'x'.repeat(201) }, admin)).status).toBe(422);
  });

  it('expects float + cash sales − cash returns − withdrawals + deposits, and the count shows the difference on the Z', async () => {
    await zReport();
    const float = await drawer('/v1/cash/float', { amount: 150_000 });
    expect(float.status).toBe(200);
    expect(float.drawer).toMatchObject({ float: 150_000, expected: 150_000, count: null });
    expect((await drawer('/v1/cash/float', { amount: 1 })).message).toBe('error.cash_float_recorded');

    await cashSale(12_500);
    const refunded = await cashSale(4_000);
    expect(
      (await k.post('/v1/order/refund', { id: refunded.id, amount: 1_500, reason: 'Kald kaffe' }, admin)).status,
    ).toBe(200);
    // card at the kiosk is no cash
    const card = await waitingOrder(9_900);
    await k.post('/v1/order/approve', { id: card.id }, admin);

    expect((await drawer('/v1/cash/withdrawal', { amount: 1_000_000, note: 'Bank' })).message).toBe(
      'error.cash_not_enough',
    );
    const out = await drawer('/v1/cash/withdrawal', { amount: 100_000, note: 'Til banken' });
    expect(out.drawer.withdrawals).toBe(100_000);
    await drawer('/v1/cash/deposit', { amount: 2_000, note: 'Mer vekslepenger' });
    await drawer('/v1/cash/drawer-open', {});
    await drawer('/v1/cash/drawer-open', { note: 'Veksle en hundrelapp' });

    const expected = 150_000 + 12_500 + 4_000 - 1_500 - 100_000 + 2_000;
    const count = await drawer('/v1/cash/count', { counted: expected - 250 });
    expect(count.drawer).toMatchObject({
      float: 150_000,
      cash_sales: 16_500,
      cash_returns: 1_500,
      withdrawals: 100_000,
      deposits: 2_000,
      expected,
      count: { counted: expected - 250, expected, difference: -250 },
    });
    expect((await xReport()).drawer_openings).toBe(2);

    const z = await zReport();
    expect(z).toMatchObject({ drawer_openings: 2, cash_sales: 16_500, drawer: count.drawer });
    expect(z.by_method).toEqual(
      expect.arrayContaining([
        { method: 'cash', count: 2, amount: 16_500 - 1_500 },
        { method: 'physical', count: 1, amount: 9_900 },
      ]),
    );
    const page = await fetch(`${k.url}/v1/cash/z-report/${z.number}?format=html`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    const html = await page.text();
    expect(html).toContain('Kasseoppgjør');
    expect(html).toContain('Differanse');
    expect(html).toContain('−2,50');
    expect(html).toMatch(/Skuffåpninger uten salg<\/td><td class="n">2</);
    expect(html).not.toContain('etter opptellingen');

    // a new day: a float again, nothing carried over
    expect((await drawer('/v1/cash/float', { amount: 50_000 })).drawer).toMatchObject({
      float: 50_000,
      expected: 50_000,
    });
    // a count the cash moved after tells of the drawer as it was, and the report says so
    await drawer('/v1/cash/count', { counted: 50_000 });
    const page2 = async () =>
      (await fetch(`${k.url}/v1/cash/x-report?format=html`, { headers: { authorization: `Bearer ${admin}` } })).text();
    expect(await page2()).not.toContain('etter opptellingen');
    await drawer('/v1/cash/deposit', { amount: 1_000, note: 'Mynter' });
    expect(await page2()).toContain('Kontanter er registrert etter opptellingen');
    const journal = await db().select().from(cashJournal).orderBy(asc(cashJournal.nr));
    const codes = journal.map((r) => r.eventCode);
    expect(codes.filter((c) => c === '13005')).toHaveLength(2);
    expect(codes.filter((c) => c === '13019')).toHaveLength(1);
    expect(journal.filter((r) => r.eventCode === '13999').map((r) => (r.detail as { kind: string }).kind)).toEqual([
      'float',
      'deposit',
      'cash_count',
      'float',
      'cash_count',
      'deposit',
    ]);
  });

  it('lists the Z reports newest first and prints each again as it was', async () => {
    const list = (await k.get('/v1/cash/z-reports', admin)).body.data as TZReportSummary[];
    expect(list.map((z) => z.number)).toEqual([2, 1]);
    const again = (await k.get('/v1/cash/z-report/2', admin)).body.report as TCashReport;
    expect(again.drawer.count?.difference).toBe(-250);
  });

  it('lists the Z reports a page at a time, newest first, with how many there are', async () => {
    const page = async (n: number) =>
      (await k.get(`/v1/cash/z-reports?page=${n}`, admin)).body as unknown as Paginated<TZReportSummary>;
    const before = (await page(1)).total;
    for (let day = 0; day < 21; day++) {
      await drawer('/v1/cash/drawer-open', { note: `Dag ${day}` });
      await zReport();
    }
    const first = await page(1);
    expect(first).toMatchObject({ current_page: 1, per_page: 20, total: before + 21 });
    expect(first.last_page).toBe(Math.ceil((before + 21) / 20));
    expect(first.data.map((z) => z.number)).toEqual(Array.from({ length: 20 }, (_, i) => before + 21 - i));
    const second = await page(2);
    expect(second).toMatchObject({ current_page: 2, total: before + 21 });
    expect(second.data.map((z) => z.number)).toEqual(Array.from({ length: before + 1 }, (_, i) => before + 1 - i));
    expect((await k.get('/v1/cash/z-reports?page=0', admin)).status).toBe(422);
  });
});

describe('cash in whole kroner', () => {
  it('takes kr 13,50 as kr 14 and kr 25,20 as kr 25, gives kr 14 back for it, and the drawer expects what changed hands', async () => {
    const before = (await xReport()).drawer;
    const odd = await waitingOrder(1_350);
    const short = await k.post('/v1/payment/cash', { order_id: odd.id, received: 1_350 }, admin);
    expect([short.status, short.body.errors]).toEqual([422, { received: 'validation.min' }]);
    const paid = await k.post('/v1/payment/cash', { order_id: odd.id, received: 2_000 }, admin);
    expect(paid.body.payment).toEqual({
      order_id: odd.id,
      total: 1_350,
      rounding: 50,
      due: 1_400,
      received: 2_000,
      change: 600,
    });
    const down = await waitingOrder(2_520);
    const exact = await k.post('/v1/payment/cash', { order_id: down.id, received: 2_500 }, admin);
    expect(exact.body.payment).toMatchObject({ rounding: -20, due: 2_500, change: 0 });

    // the receipt says what was paid; the sale keeps its amount
    const receipt = (await k.get(`/v1/receipt/${odd.id}`, admin)).body.receipt as TReceipt;
    expect(receipt).toMatchObject({ total: 1_350, cash_rounding: 50, method: 'cash' });
    const printed = await (
      await fetch(`${k.url}/v1/receipt/${odd.id}?format=html`, { headers: { authorization: `Bearer ${admin}` } })
    ).text();
    expect(printed).toMatch(/Øreavrunding<\/td><td><\/td><td class="n">0,50</);
    expect(printed).toMatch(/Betalt kontant<\/td><td><\/td><td class="n">14,00</);

    // all of it back in cash: kr 14 out of the drawer, as came in
    const back = await k.post('/v1/order/refund', { id: odd.id, amount: 1_350, reason: 'Feil vare' }, admin);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const nr = (await db().select().from(cashJournal).orderBy(asc(cashJournal.nr))).at(-1)!.nr;
    const returned = (await k.get(`/v1/receipt/${odd.id}/return/${nr}`, admin)).body.receipt as TReceipt;
    expect(returned).toMatchObject({ kind: 'return', total: -1_350, cash_rounding: -50 });

    const after = (await xReport()).drawer;
    expect({
      cash_sales: after.cash_sales - before.cash_sales,
      cash_returns: after.cash_returns - before.cash_returns,
      cash_rounding: after.cash_rounding - before.cash_rounding,
      expected: after.expected - before.expected,
    }).toEqual({ cash_sales: 3_870, cash_returns: 1_350, cash_rounding: -20, expected: 1_400 + 2_500 - 1_400 });
    const report = await (
      await fetch(`${k.url}/v1/cash/x-report?format=html`, { headers: { authorization: `Bearer ${admin}` } })
    ).text();
    expect(report).toContain('Øreavrunding');
  });
});

describe('a Z report and a sale at the same moment', () => {
  it('the sale is in exactly one Z report, never lost and never twice', async () => {
    await zReport();
    const orders = await Promise.all([1_000, 2_000, 3_000, 4_000].map((p) => waitingOrder(p)));
    const [za, ...paid] = await Promise.all([
      k.post('/v1/cash/z-report', {}, admin),
      ...orders.map((o) => k.post('/v1/payment/cash', { order_id: o.id, received: o.total }, admin)),
    ]);
    expect(paid.map((p) => p.status)).toEqual([200, 200, 200, 200]);
    const first = za!.body.report as TCashReport;
    const second = await zReport();
    expect(second.from_nr).toBe(first.to_nr + 2);
    expect(first.sales.amount + second.sales.amount).toBe(10_000);
    expect(first.sales.count + second.sales.count).toBe(4);
    const sales = await db().select().from(cashJournal).where(eq(cashJournal.eventCode, '13012'));
    const inFirst = sales.filter((s) => s.nr >= first.from_nr && s.nr <= first.to_nr).length;
    expect(inFirst).toBe(first.sales.count);
  });
});
