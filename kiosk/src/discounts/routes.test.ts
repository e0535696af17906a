import { computeBill, fixedDiscountAt, playerBillingInput } from '@club/shared/bill';
import type { TDiscount } from '@club/shared/discounts';
import type { TOrderDetail } from '@club/shared/orders';
import type { TGame } from '@club/shared/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, advance, newPlayer, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';
import { cartItems, products } from '../db/schema.ts';
import { windowsOf } from './applicable.ts';

let k: TestKiosk;
let admin: string;
beforeAll(async () => {
  k = await startTestKiosk({ env: { CLUB_TIMEZONE: 'UTC' } });
  admin = await k.login(ADMIN.email, ADMIN.password);
});
afterAll(() => k.close());

const create = (body: Record<string, unknown>) =>
  k.post(
    '/v1/discount/create',
    { name: 'Rabatt', kind: 'percent', value: 10, applies_to: 'table_time', ...body },
    admin,
  );
const clearAll = async () => {
  for (const d of (await k.get('/v1/discount/all', admin)).body.data as TDiscount[])
    await k.post(`/v1/discount/delete/${d.id}`, {}, admin);
};
const nowMs = async () => Date.parse((await k.get('/v1/health')).body.server_time as string);

/** a table-time discount of 10 %, every day and hour; a test sets its weekdays and hours */
const base = {
  id: 1,
  name: 'x',
  kind: 'percent' as const,
  value: 10,
  appliesTo: 'table_time' as const,
  roleId: null,
  validFrom: null,
  validTo: null,
  active: true,
  createdAt: new Date(),
};
describe('discounts', () => {
  it('are kept by admins, with their rules checked', async () => {
    const made = (
      await create({
        name: 'Happy hour',
        value: 50,
        weekdays: [5, 5, 1],
        time_from: '16:00',
        time_to: '18:00',
        role_id: 2,
      })
    ).body.discount as TDiscount;
    expect(made).toMatchObject({
      name: 'Happy hour',
      kind: 'percent',
      value: 50,
      weekdays: [1, 5],
      time_from: '16:00',
      time_to: '18:00',
      role_id: 2,
      active: true,
    });
    const edited = await k.post(
      '/v1/discount/update',
      { id: made.id, name: 'HH', kind: 'percent', value: 40, applies_to: 'table_time' },
      admin,
    );
    expect(edited.body.discount).toMatchObject({ name: 'HH', value: 40, weekdays: [], time_from: null });
    expect((await create({ value: 150 })).body.errors).toMatchObject({ value: 'validation.max' });
    expect((await create({ time_from: '25:00', time_to: '26:00' })).body.errors).toMatchObject({
      time_from: 'validation.invalid',
    });
    expect((await create({ time_from: '16:00' })).body.errors).toMatchObject({ time_to: 'validation.required' });
    expect((await create({ applies_to: 'everything' })).body.errors).toMatchObject({
      applies_to: 'validation.invalid',
    });
    const p = await newPlayer(k);
    expect(
      (await k.post('/v1/discount/create', { name: 'x', kind: 'fixed', value: 1, applies_to: 'products' }, p.token))
        .status,
    ).toBe(403);
    expect((await k.post(`/v1/discount/delete/${made.id}`, {}, admin)).body.success).toBe(true);
    expect((await k.post(`/v1/discount/delete/${made.id}`, {}, admin)).body.message).toBe('error.not_found');
  });

  it('turn weekdays and hours into exact windows, also across midnight', () => {
    const fri = Date.parse('2026-11-20T00:00:00Z'); // a Friday
    const w = windowsOf(
      { ...base, weekdays: [5], timeFrom: '22:00', timeTo: '02:00' },
      fri,
      fri + 3 * 86_400_000,
      'UTC',
    );
    expect(w.map((x) => [new Date(x.from).toISOString(), new Date(x.to).toISOString()])).toEqual([
      ['2026-11-20T22:00:00.000Z', '2026-11-21T02:00:00.000Z'],
    ]);
    const oslo = windowsOf(
      { ...base, weekdays: [], timeFrom: '16:00', timeTo: '18:00' },
      fri,
      fri + 86_400_000,
      'Europe/Oslo',
    );
    expect(new Date(oslo[0]!.from).toISOString()).toBe('2026-11-20T15:00:00.000Z');
  });

  it('keep to the wall clock on the days summer time starts and ends', () => {
    const local = (ms: number) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Oslo',
        dateStyle: 'short',
        timeStyle: 'short',
      }).format(ms);
    const windowOn = (date: string, timeFrom: string, timeTo: string) => {
      const noon = Date.parse(`${date}T12:00:00Z`);
      return windowsOf(
        { ...base, weekdays: [], timeFrom, timeTo },
        noon - 6 * 3_600_000,
        noon + 30 * 3_600_000,
        'Europe/Oslo',
      )
        .map((w) => [local(w.from), local(w.to)])
        .filter(([from]) => from?.startsWith(`${date.slice(8, 10)}/${date.slice(5, 7)}`));
    };
    // summer time starts on 29 March 2026 (a 23-hour day) and ends on 25 October (25 hours)
    expect(windowOn('2026-03-29', '16:00', '18:00')).toEqual([['29/03/2026, 16:00', '29/03/2026, 18:00']]);
    expect(windowOn('2026-10-25', '16:00', '18:00')).toEqual([['25/10/2026, 16:00', '25/10/2026, 18:00']]);
    // past midnight into the changing day
    expect(windowOn('2026-03-28', '22:00', '04:00')).toEqual([['28/03/2026, 22:00', '29/03/2026, 04:00']]);
    expect(windowOn('2026-10-24', '22:00', '04:00')).toEqual([['24/10/2026, 22:00', '25/10/2026, 04:00']]);
  });

  it('happy hour: the minutes played inside it cost less, on the table and on the order alike', async () => {
    await clearAll();
    const now = await nowMs();
    const hh = (m: number) => new Date(now + m * 60_000).toISOString().slice(11, 16);
    // a window from 10 to 20 minutes from now (UTC club time), for everyone
    await create({ name: 'Happy hour', value: 50, time_from: hh(10), time_to: hh(20) });
    const table = (await k.post('/v1/table/create', { name: 'HH', capacity: 2, price_per_minute: 200 }, admin)).body
      .table as { id: number };
    const p = await newPlayer(k);
    const game = (await k.post('/v1/game/join', { table_id: table.id }, p.token)).body.game as TGame;
    await advance(k, 30 * 60_000);
    const shown = ((await k.get(`/v1/game/${game.id}`, p.token)).body.game as TGame).players[0]!;
    // 30 minutes at 200, about 10 of them at half price (the window's edges fall mid-minute)
    expect(shown.total).toBeGreaterThanOrEqual(30 * 200 - 11 * 100);
    expect(shown.total).toBeLessThanOrEqual(30 * 200 - 9 * 100);
    const orderId = (await k.post('/v1/game/leave', { game_id: game.id }, p.token)).body.order_id as number;
    const order = (await k.get(`/v1/order/${orderId}`, p.token)).body.order as TOrderDetail;
    expect(order.total).toBe(shown.total);
    expect(order.subtotal - order.discount_amount).toBe(order.total);
    expect(order.discount_amount).toBe(30 * 200 - shown.total);
  });

  it('a fixed amount on table time is on the bill the phone is sent, once for a host and guest, as the order takes it', async () => {
    await clearAll();
    await create({ name: 'Velkomst', kind: 'fixed', value: 1000, applies_to: 'table_time' });
    const table = (await k.post('/v1/table/create', { name: 'Fast pris', capacity: 4, price_per_minute: 150 }, admin))
      .body.table as { id: number };
    const host = await newPlayer(k);
    const game = (await k.post('/v1/game/join', { table_id: table.id }, host.token)).body.game as TGame;
    expect((await k.post('/v1/game/join-guest', { game_id: game.id, name: 'Gunnar' }, host.token)).status).toBe(200);
    await advance(k, 10 * 60_000);
    const shown = (await k.get(`/v1/game/${game.id}`, host.token)).body.game as TGame;
    const at = await nowMs();
    const [me, guest] = shown.players;
    // what the phone adds up (web/src/features/tables/lib/bill.ts): both bills, the amount off once
    const time = [me!, guest!].reduce((sum, p) => sum + computeBill(playerBillingInput(shown, p.billing), at).total, 0);
    const off = fixedDiscountAt(me!.billing, at, time);
    expect(off).toBe(1000);
    const orderId = (await k.post('/v1/game/leave', { game_id: game.id }, host.token)).body.order_id as number;
    const order = (await k.get(`/v1/order/${orderId}`, host.token)).body.order as TOrderDetail;
    expect(order.total).toBe(time - off);
    expect(order.discount_amount).toBe(1000);
  });

  it('fixed amounts and shop discounts apply to the order, never more than its lines', async () => {
    await clearAll();
    await create({ name: 'Velkomst', kind: 'fixed', value: 1000, applies_to: 'table_time' });
    await create({ name: 'Medlemsrabatt', kind: 'percent', value: 20, applies_to: 'products', role_id: 1 });
    const table = (await k.post('/v1/table/create', { name: 'Fast', capacity: 2, price_per_minute: 100 }, admin)).body
      .table as { id: number };
    const p = await newPlayer(k);
    const game = (await k.post('/v1/game/join', { table_id: table.id }, p.token)).body.game as TGame;
    await advance(k, 5 * 60_000);
    const small = (await k.post('/v1/game/leave', { game_id: game.id }, p.token)).body.order_id as number;
    // 500 øre of play, 1 000 øre off: nothing to pay, settled at once
    expect((await k.get(`/v1/order/${small}`, p.token)).body.order).toMatchObject({
      subtotal: 500,
      discount_amount: 500,
      total: 0,
      status: 'paid',
    });

    const db = k.kiosk.database.db;
    const [cola] = await db.insert(products).values({ name: 'Cola', price: 4000, count: 10 }).returning();
    await db.insert(cartItems).values({ userId: p.user.id, productId: cola!.id, count: 2 });
    expect((await k.post('/v1/order/init', {}, p.token)).body.order).toMatchObject({
      subtotal: 8000,
      discount_amount: 0,
      total: 8000,
    });
    await k.post(
      '/v1/user/update',
      { id: p.user.id, name: 'M', surname: 'M', email: p.user.email, phone: p.user.phone, role: 1 },
      admin,
    );
    await db.insert(cartItems).values({ userId: p.user.id, productId: cola!.id, count: 2 });
    expect((await k.post('/v1/order/init', {}, p.token)).body.order).toMatchObject({
      subtotal: 8000,
      discount_amount: 1600,
      total: 6400,
    });
  });
});
