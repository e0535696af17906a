import { clock } from '@club/shared/clock';
import type { TOrder } from '@club/shared/orders';
import { localDate } from '@club/shared/time-zone';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, newPlayer, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';
import { cartItems, cashJournal, cashPoints, users } from '../db/schema.ts';
import { clubTimeZone } from '../discounts/club-time-zone.ts';

let k: TestKiosk;
let admin: string;
beforeAll(async () => {
  k = await startTestKiosk({ smtp: true });
  admin = await k.login(ADMIN.email, ADMIN.password);
});
afterAll(() => k.close());

const copyRows = (orderId: number) =>
  k.kiosk.database.db
    .select()
    .from(cashJournal)
    .where(and(eq(cashJournal.orderId, orderId), eq(cashJournal.eventCode, '13014')))
    .orderBy(asc(cashJournal.id));
const copies = async (orderId: number) => (await copyRows(orderId)).map((r) => r.detail);

async function paidOrder() {
  const created = await k.post(
    '/v1/product/create',
    { name: 'Sjokolade', price: 2_990, count: 9, vat_rate: 15 },
    admin,
  );
  const p = await newPlayer(k);
  await k.kiosk.database.db
    .insert(cartItems)
    .values({ userId: p.user.id, productId: (created.body.product as { id: number }).id, count: 2 });
  const order = (await k.post('/v1/order/init', {}, p.token)).body.order as TOrder;
  await k.post('/v1/payment/cash', { order_id: order.id, received: 10_000 }, admin);
  return { p, order };
}

describe('receipt by e-mail', () => {
  it('goes to the order’s owner on request, in their language: the original if nobody looked yet, else a journaled copy', async () => {
    const { p, order } = await paidOrder();
    const sent = await k.post(`/v1/receipt/${order.id}/email`, {}, p.token);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.email).toBe(p.user.email);
    let mail = await k.mailbox!.next(p.user.email);
    // the address was verified by mail first
    while (!mail.subject?.includes(order.reference)) mail = await k.mailbox!.next(p.user.email);
    expect(mail.subject).toContain(order.reference);
    expect(mail.text).toContain('Salgskvittering');
    expect(mail.text).toContain('Org.nr 999999999 MVA');
    expect(mail.text).toContain('59,80');
    expect(mail.text).toContain('MVA 15 %');
    expect(mail.text).toContain('Betalt med: Kontant');
    // the mail was the original: a look at it now shows a copy, and none was journaled
    expect((await k.get(`/v1/receipt/${order.id}`, p.token)).body.receipt).toMatchObject({
      copy: true,
      print_number: 1,
    });
    expect(await copies(order.id)).toEqual([]);
    // "send me a copy" again: one journaled copy per sending, marked KOPI
    expect((await k.post(`/v1/receipt/${order.id}/email`, {}, p.token)).status).toBe(200);
    const again = await k.mailbox!.next(p.user.email);
    expect(again.text).toContain('KOPI');
    expect(await copies(order.id)).toEqual([{ receipt_number: expect.any(Number), print_number: 2 }]);
  });

  it('is refused for someone else’s order and for an order without a receipt', async () => {
    const { order } = await paidOrder();
    const stranger = await newPlayer(k);
    expect((await k.post(`/v1/receipt/${order.id}/email`, {}, stranger.token)).body.message).toBe(
      'error.order_not_found',
    );
    const p = await newPlayer(k);
    const created = await k.post('/v1/product/create', { name: 'Te', price: 2_000, count: 9, vat_rate: 15 }, admin);
    await k.kiosk.database.db
      .insert(cartItems)
      .values({ userId: p.user.id, productId: (created.body.product as { id: number }).id, count: 1 });
    const waiting = (await k.post('/v1/order/init', {}, p.token)).body.order as TOrder;
    expect((await k.post(`/v1/receipt/${waiting.id}/email`, {}, p.token)).body.message).toBe('error.receipt_not_found');
    expect((await k.post('/v1/receipt/0/email', {}, p.token)).status).toBe(422);
  });

  it('journals a player’s own copy with no operator, so SAF-T declares no player an employee; a staff copy names the operator', async () => {
    const { p, order } = await paidOrder();
    for (let i = 0; i < 2; i++) expect((await k.post(`/v1/receipt/${order.id}/email`, {}, p.token)).status).toBe(200);
    const [own] = await copyRows(order.id);
    expect(own).toMatchObject({ userId: null, detail: { print_number: 2 } });
    const s = await newPlayer(k);
    await k.kiosk.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, s.user.id));
    const staff = await k.login(s.body.email, s.body.password);
    expect((await k.post('/v1/cash/operator/pin', { pin: '3579' }, staff)).status).toBe(200);
    const [point] = await k.kiosk.database.db.select().from(cashPoints).orderBy(asc(cashPoints.id)).limit(1);
    const signedIn = await k.post(
      '/v1/cash/operator/login',
      { cash_point_id: point!.id, user_id: s.user.id, pin: '3579' },
      admin,
    );
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect((await k.post(`/v1/receipt/${order.id}/email`, {}, admin)).status).toBe(200);
    await k.post('/v1/cash/operator/logout', {}, admin);
    expect((await copyRows(order.id)).map((c) => c.userId)).toEqual([null, s.user.id]);
    const today = localDate(clock.nowMs(), clubTimeZone());
    const saft = await fetch(`${k.url}/v1/cash/saft?from=${today}&to=${today}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(saft.status).toBe(200);
    const xml = await saft.text();
    expect(xml).toContain(`<empID>${s.user.id}</empID>`);
    expect(xml).not.toContain(`<empID>${p.user.id}</empID>`);
  });
});
