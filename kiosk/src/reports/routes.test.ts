import type { TReport } from '@club/shared/reports';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, advance, newPlayer, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';
import { cartItems, orders, products, subscriptionProducts } from '../db/schema.ts';

let k: TestKiosk;
let admin: string;
let span: string;
const report = async (path: string) => {
  const answer = await k.get(`/v1/report/${path}${path.includes('?') ? '&' : '?'}${span}`, admin);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.report as TReport;
};
const rows = (r: TReport, id: string) => r.sections.find((s) => s.id === id)!.rows;

beforeAll(async () => {
  k = await startTestKiosk();
  admin = await k.login(ADMIN.email, ADMIN.password);
  const now = Date.parse((await k.get('/v1/health')).body.server_time as string);
  const day = (offset: number) => new Date(now + offset * 86_400_000).toISOString().slice(0, 10);
  span = `from=${day(-1)}&to=${day(2)}`;

  // an evening: two games, a shop order with products and prepaid hours, paid in different ways
  const table = (await k.post('/v1/table/create', { name: 'Rapport', capacity: 4, price_per_minute: 200 }, admin)).body
    .table as { id: number };
  const [a, b] = [await newPlayer(k), await newPlayer(k)];
  const gameA = (await k.post('/v1/game/join', { table_id: table.id }, a.token)).body.game as { id: number };
  await advance(k, 30 * 60_000);
  const orderA = (await k.post('/v1/game/leave', { game_id: gameA.id }, a.token)).body.order_id as number;
  const gameB = (await k.post('/v1/game/join', { table_id: table.id }, b.token)).body.game as { id: number };
  await advance(k, 90 * 60_000);
  const orderB = (await k.post('/v1/game/leave', { game_id: gameB.id }, b.token)).body.order_id as number;
  await k.post('/v1/payment/system', { order_id: orderA }, admin);
  await k.post('/v1/order/pay', { id: orderB, method: 'physical' }, b.token);
  await k.post('/v1/order/approve', { id: orderB }, admin);

  const db = k.kiosk.database.db;
  const [cola] = await db.insert(products).values({ name: 'Cola', price: 3900, count: 10 }).returning();
  const [hours] = await db
    .insert(subscriptionProducts)
    .values({ name: '10 timer', durationHours: 10, price: 120000 })
    .returning();
  await db.insert(cartItems).values([
    { userId: a.user.id, productId: cola!.id, count: 3 },
    { userId: a.user.id, subscriptionId: hours!.id, count: 1 },
  ]);
  const shop = (await k.post('/v1/order/init', {}, a.token)).body.order as { id: number };
  await k.post('/v1/payment/system', { order_id: shop.id }, admin);
  // and one left unpaid, which earns nothing yet
  await db.insert(cartItems).values({ userId: b.user.id, productId: cola!.id, count: 1 });
  await k.post('/v1/order/init', {}, b.token);
});
afterAll(() => k.close());

describe('reports', () => {
  it('kiosk: revenue by source and by method reconcile to the øre with the settled orders', async () => {
    const r = await report('kiosk');
    const settled = await k.kiosk.database.db
      .select()
      .from(orders)
      .where(inArray(orders.status, ['paid', 'approved']));
    const truth = settled.reduce((s, o) => s + o.total, 0);
    expect(truth).toBe(30 * 200 + 90 * 200 + 3 * 3900 + 120000);
    expect(r.totals.revenue).toBe(truth);
    expect(rows(r, 'by_source').reduce((s, row) => s + Number(row.revenue), 0)).toBe(truth);
    expect(rows(r, 'by_method').reduce((s, row) => s + Number(row.revenue), 0)).toBe(truth);
    expect(rows(r, 'by_method')).toContainEqual({
      method: 'physical',
      orders: 1,
      revenue: 90 * 200,
      refunds: 0,
      net: 90 * 200,
    });
    expect(rows(r, 'products')).toEqual([{ product: 'Cola', quantity: 3, revenue: 11700 }]);
  });

  it('tables: utilisation by table and by hour of day', async () => {
    const r = await report('tables');
    const mine = rows(r, 'by_table').find((row) => row.table === 'Rapport')!;
    expect(mine).toMatchObject({ games: 2, occupied_minutes: 120, revenue: 120 * 200 });
    expect(rows(r, 'by_hour').reduce((s, row) => s + Number(row.occupied_minutes), 0)).toBe(120);
    expect(rows(r, 'by_hour')).toHaveLength(24);
    expect(Number(mine.utilisation)).toBeGreaterThan(0);
  });

  it('games: count, lengths and their distribution', async () => {
    const r = await report('games');
    expect(r.totals).toMatchObject({ games: 2, total_minutes: 120, average_minutes: 60 });
    expect(rows(r, 'length_distribution')).toEqual([
      { minutes: '0-30', games: 0 },
      { minutes: '30-60', games: 1 },
      { minutes: '60-120', games: 1 },
      { minutes: '120+', games: 0 },
    ]);
  });

  it('subscriptions: hours sold, used and outstanding', async () => {
    const r = await report('subscriptions');
    expect(r.totals).toMatchObject({ hours_sold: 10, hours_outstanding: 10, revenue: 120000 });
  });

  it('users: new, active and top spenders; and one user', async () => {
    const r = await report('users');
    // the two players and the admin created at start-up
    expect(r.totals).toMatchObject({ new_users: 3, active_users: 2 });
    const top = rows(r, 'top_spenders')[0]!;
    expect(top.total).toBe(30 * 200 + 3 * 3900 + 120000);
    const one = await report(`user/${top.user_id}`);
    expect(one.totals).toMatchObject({ spent: top.total, orders: 2, minutes_played: 30 });
    expect((await k.get(`/v1/report/user/999999?${span}`, admin)).body.message).toBe('error.user_not_found');
  });

  it('exports every table as CSV: for a spreadsheet in the admin’s language, or rfc4180 for programs', async () => {
    const csv = (query: string) =>
      fetch(`${k.url}/v1/report/kiosk?${span}&format=csv&section=by_method${query}`, {
        headers: { authorization: `Bearer ${admin}` },
      });
    const excel = await csv('');
    expect(excel.headers.get('content-type')).toContain('text/csv');
    expect(excel.headers.get('content-disposition')).toMatch(/attachment; filename="kiosk-by_method-/);
    const bytes = new Uint8Array(await excel.arrayBuffer());
    expect([...bytes.slice(0, 3)], 'a UTF-8 byte order mark').toEqual([0xef, 0xbb, 0xbf]);
    const sheet = new TextDecoder().decode(bytes.slice(3)).trim().split('\r\n');
    expect(sheet[0]).toBe('Betalingsmåte;Bestillinger;Omsetning;Tilbakebetalt;Netto');
    expect(sheet).toContain('Kort i kiosken;1;180,00;0,00;180,00');

    const res = await csv('&dialect=rfc4180');
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines[0]).toBe('method,orders,revenue,refunds,net');
    expect(lines).toContain('physical,1,18000,0,18000');
    expect((await k.get(`/v1/report/kiosk?${span}&format=csv&section=nope`, admin)).body.message).toBe(
      'error.not_found',
    );
  });

  it('dashboard: today at a glance', async () => {
    const d = (await k.get('/v1/report/dashboard', admin)).body.dashboard as {
      revenue: { total: number; table_time: number };
      free_tables: number;
      awaiting_approval: unknown[];
    };
    expect(d.revenue.table_time).toBe(120 * 200);
    expect(d.revenue.total).toBe(30 * 200 + 90 * 200 + 3 * 3900 + 120000);
    expect(d.free_tables).toBeGreaterThan(0);
    expect(d.awaiting_approval).toEqual([]);
  });

  it('refuses a range that runs backwards or is too long', async () => {
    expect((await k.get('/v1/report/games?from=2026-02-01&to=2026-01-01', admin)).body.errors).toMatchObject({
      to: 'validation.min',
    });
    expect((await k.get('/v1/report/games?from=2020-01-01&to=2026-01-01', admin)).body.errors).toMatchObject({
      to: 'validation.max',
    });
    expect((await k.get('/v1/report/games?from=yesterday&to=2026-01-01', admin)).body.message).toBe(
      'error.validation_failed',
    );
  });

  it('dashboard: the revenue parts, the discounts among them, add up to the total', async () => {
    const discount = await k.post(
      '/v1/discount/create',
      { name: 'Ti prosent', kind: 'percent', value: 10, applies_to: 'table_time' },
      admin,
    );
    expect(discount.status, JSON.stringify(discount.body)).toBe(200);
    const table = (await k.post('/v1/table/create', { name: 'Rabatt', capacity: 2, price_per_minute: 100 }, admin)).body
      .table as { id: number };
    const p = await newPlayer(k);
    const game = (await k.post('/v1/game/join', { table_id: table.id }, p.token)).body.game as { id: number };
    await advance(k, 10 * 60_000);
    const orderId = (await k.post('/v1/game/leave', { game_id: game.id }, p.token)).body.order_id as number;
    await k.post('/v1/payment/system', { order_id: orderId }, admin);
    await k.post('/v1/discount/delete', { id: (discount.body.discount as { id: number }).id }, admin);

    const { revenue } = (await k.get('/v1/report/dashboard', admin)).body.dashboard as {
      revenue: { table_time: number; kiosk: number; subscriptions: number; discounts: number; total: number };
    };
    expect(revenue.discounts).toBe(100);
    expect(revenue.table_time + revenue.kiosk + revenue.subscriptions - revenue.discounts).toBe(revenue.total);
  });

  it('resolves a preset on the club’s calendar and clock, not the caller’s', async () => {
    expect((await k.get('/v1/report/games?to=2026-01-01', admin)).body.errors).toMatchObject({
      from: 'validation.required',
    });
    // 23:30 UTC is already tomorrow in Oslo (UTC+1 or +2): a browser on UTC would still say today
    const now = Date.parse((await k.get('/v1/health')).body.server_time as string);
    const lateEvening = new Date(now);
    lateEvening.setUTCHours(23, 30, 0, 0);
    if (lateEvening.getTime() <= now) lateEvening.setUTCDate(lateEvening.getUTCDate() + 1);
    await advance(k, lateEvening.getTime() - now);
    admin = await k.login(ADMIN.email, ADMIN.password); // a day on, the session may have run out
    const osloDay = new Date(lateEvening.getTime() + 86_400_000).toISOString().slice(0, 10);

    const answer = await k.get('/v1/report/kiosk?range=today', admin);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const today = answer.body.report as TReport;
    expect([today.from, today.to, today.time_zone]).toEqual([osloDay, osloDay, 'Europe/Oslo']);
    const week = (await k.get('/v1/report/kiosk?range=this_week&from=2000-01-01', admin)).body.report as TReport;
    expect(new Date(`${week.from}T00:00:00Z`).getUTCDay(), 'weeks start on Monday').toBe(1);
    expect(week.to).toBe(osloDay);
    expect(Date.parse(osloDay) - Date.parse(week.from)).toBeLessThan(7 * 86_400_000);
    const csv = await fetch(`${k.url}/v1/report/tables?range=today&format=csv`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(csv.headers.get('content-disposition')).toContain(`tables-by_table-${osloDay}-${osloDay}.csv`);
  });
});
