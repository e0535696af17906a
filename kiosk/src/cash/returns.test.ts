import type { TCashReport, TReceipt } from '@club/shared/cash';
import type { TOrder, TOrderDetail } from '@club/shared/orders';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, advance, newPlayer, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';
import { cartItems, cashJournal, orders, refunds } from '../db/schema.ts';
import { finishStalledRefunds, STALLED_REFUND_MS } from '../payments/finish-refunds.ts';
import { reserveRefund } from '../payments/refund-order.ts';
import { ensureSigningKey } from './signing-key.ts';
import { firstBrokenLink } from './verify-chain.ts';

let k: TestKiosk;
let admin: string;
beforeAll(async () => {
  k = await startTestKiosk();
  admin = await k.login(ADMIN.email, ADMIN.password);
});
afterAll(() => k.close());

const db = () => k.kiosk.database.db;

/** A shop order of one item per (price, VAT rate), waiting for payment. */
async function shopOrder(lines: [price: number, vatRate: number, count?: number][]) {
  const p = await newPlayer(k);
  for (const [price, vatRate, count] of lines) {
    const created = await k.post(
      '/v1/product/create',
      { name: `Vare ${price}/${vatRate}`, price, count: 50, vat_rate: vatRate },
      admin,
    );
    await db()
      .insert(cartItems)
      .values({ userId: p.user.id, productId: (created.body.product as { id: number }).id, count: count ?? 1 });
  }
  const order = (await k.post('/v1/order/init', {}, p.token)).body.order as TOrder;
  return { p, order };
}
async function paidByCard(lines: [number, number, number?][]) {
  const o = await shopOrder(lines);
  const session = (await k.post('/v1/payment/card/init', { order_id: o.order.id }, o.p.token)).body
    .payment_id as string;
  await k.kiosk.card.simulator!.pay(session);
  return o;
}
const refund = (id: number, amount?: number) =>
  k.post('/v1/order/refund', { id, reason: 'Feil vare', ...(amount ? { amount } : {}) }, admin);
const detail = async (id: number) => (await k.get(`/v1/order/${id}`, admin)).body.order as TOrderDetail;
const zReport = async () => (await k.post('/v1/cash/z-report', {}, admin)).body.report as TCashReport;
const returnRows = (orderId: number) =>
  db()
    .select()
    .from(cashJournal)
    .where(and(eq(cashJournal.orderId, orderId), eq(cashJournal.eventCode, '13013')))
    .orderBy(asc(cashJournal.nr));

describe('returns', () => {
  it('a part and then the rest: two signed return receipts with negative amounts, and a Z net of them to the øre', async () => {
    await zReport();
    // 25 %, 15 % and 12 % lines whose VAT does not divide evenly
    const { p, order } = await paidByCard([
      [4_999, 25, 3],
      [3_333, 15],
      [1_001, 12],
    ]);
    expect(order.total).toBe(19_331);
    expect((await refund(order.id, 7_777)).status).toBe(200);
    const [first] = await returnRows(order.id);
    expect(first).toMatchObject({ amountIn: -7_777 });
    expect(first!.signature).toBeTruthy();
    expect(first!.amountEx).toBeLessThan(0);

    const x = (await k.get('/v1/cash/x-report', admin)).body.report as TCashReport;
    expect(x.sales).toEqual({ count: 1, amount: 19_331 });
    expect(x.returns).toEqual({ count: 1, amount: -7_777 });
    expect(x.net_sales).toBe(19_331 - 7_777);
    expect(x.by_method).toEqual([{ method: 'card', count: 1, amount: 19_331 - 7_777 }]);
    expect(x.returns_by_method).toEqual([{ method: 'card', count: 1, amount: -7_777 }]);
    expect(x.vat_per_rate.reduce((s, r) => s + r.gross, 0)).toBe(19_331 - 7_777);
    for (const rate of x.vat_per_rate) expect(rate.net).toBe(rate.gross - rate.vat);

    expect((await refund(order.id)).body.order).toMatchObject({ status: 'refunded', refunded_amount: 19_331 });
    const rows = await returnRows(order.id);
    expect(rows.map((r) => r.amountIn)).toEqual([-7_777, -(19_331 - 7_777)]);
    const z = await zReport();
    // all of it given back: every rate and every method nets to exactly nothing
    expect(z.net_sales).toBe(0);
    expect(z.vat_per_rate.map((r) => [r.vat_rate, r.gross, r.vat, r.net])).toEqual([
      [25, 0, 0, 0],
      [15, 0, 0, 0],
      [12, 0, 0, 0],
    ]);
    expect(z.by_method).toEqual([{ method: 'card', count: 1, amount: 0 }]);
    expect(z.by_group).toEqual([{ group: 'product', count: 3, amount: 0 }]);
    expect(z.returns).toEqual({ count: 2, amount: -19_331 });

    const all = await db().select().from(cashJournal).orderBy(asc(cashJournal.nr));
    expect(firstBrokenLink(all, (await ensureSigningKey(db())).publicKey)).toBeNull();

    const refundsSeen = (await k.get(`/v1/order/${order.id}`, p.token)).body.order as TOrderDetail;
    expect(refundsSeen.refunds.map((r) => r.receipt_number)).toEqual(rows.map((r) => r.nr));
  });

  it('prints a Returkvittering for its owner and admins; a later look shows KOPI, a reprint is a counted copy', async () => {
    const { p, order } = await paidByCard([[2_500, 25, 2]]);
    const [line] = (await detail(order.id)).items;
    await k.post(
      '/v1/order/refund',
      { id: order.id, reason: 'Feil vare', lines: [{ item_id: line!.id, quantity: 1 }] },
      admin,
    );
    const nr = (await detail(order.id)).refunds[0]!.receipt_number!;
    const first = await k.get(`/v1/receipt/${order.id}/return/${nr}`, p.token);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.receipt).toMatchObject({
      kind: 'return',
      receipt_number: nr,
      total: -2_500,
      method: 'card',
      reason: 'Feil vare',
      copy: false,
      vat_per_rate: [{ vat_rate: 25, gross: -2_500, vat: -500, net: -2_000 }],
    } satisfies Partial<TReceipt>);
    expect((first.body.receipt as TReceipt).sale_receipt_number).toBeGreaterThan(0);
    const look = await k.get(`/v1/receipt/${order.id}/return/${nr}`, p.token);
    expect(look.body.receipt).toMatchObject({ copy: true, print_number: 1 });
    expect((await k.post(`/v1/receipt/${order.id}/return/${nr}/copy`, {}, p.token)).status).toBe(403);
    const page = await fetch(`${k.url}/v1/receipt/${order.id}/return/${nr}/copy?format=html`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(page.headers.get('x-receipt-copy')).toBe('true');
    const html = await page.text();
    expect(html).toContain('Returkvittering');
    expect(html).toContain('KOPI');
    expect(html).toContain('−1 × 25,00');
    expect(html).toContain('−25,00');
    const stranger = await newPlayer(k);
    expect((await k.get(`/v1/receipt/${order.id}/return/${nr}`, stranger.token)).body.message).toBe(
      'error.order_not_found',
    );
    expect((await k.get(`/v1/receipt/${order.id}/return/${nr + 999}`, admin)).body.message).toBe(
      'error.receipt_not_found',
    );
    const x = (await k.get('/v1/cash/x-report', admin)).body.report as TCashReport;
    expect(x.copies.amount).toBeLessThanOrEqual(-2_500);
  });

  it('a refund the provider refuses is no return', async () => {
    const { order } = await paidByCard([[3_000, 25]]);
    const sim = k.kiosk.card.simulator!;
    const before = await returnRows(order.id);
    // Stripe refuses more than is left on the charge: take it all outside the app first
    expect((await db().select().from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe('paid');
    const intent = (await detail(order.id)).payments[0]!.reference;
    await k.kiosk.card.client.refund({
      paymentIntent: sim.session(intent)!.paymentIntent!,
      key: 'outside',
      orderId: order.id,
    });
    expect((await refund(order.id)).status).toBeGreaterThanOrEqual(400);
    expect(await returnRows(order.id)).toEqual(before);
  });
});

describe('a refund cut off after its reservation', () => {
  async function stalled(method: 'card' | 'system') {
    const o =
      method === 'card'
        ? await paidByCard([[4_000, 25]])
        : await (async () => {
            const s = await shopOrder([[4_000, 25]]);
            await k.post('/v1/payment/system', { order_id: s.order.id }, admin);
            return s;
          })();
    const by = { userId: 1, sessionId: 0, isAdmin: true };
    const { refund: r } = await db().transaction((tx) => reserveRefund(tx, by, { id: o.order.id, reason: 'Krasj' }));
    return { ...o, refundId: r.id };
  }
  const providers = () => ({ vipps: k.kiosk.vipps, card: k.kiosk.card });

  it('through the card provider is finished by the sweep: refunded once, recorded and journaled', async () => {
    const { order, refundId } = await stalled('card');
    // a request may still be working on it: too young to touch
    expect(await finishStalledRefunds(k.kiosk.deps, providers())).toBe(0);
    await advance(k, STALLED_REFUND_MS + 1_000);
    expect(await finishStalledRefunds(k.kiosk.deps, providers())).toBe(1);
    const [row] = await db().select().from(refunds).where(eq(refunds.id, refundId));
    expect(row!.state).toBe('SUCCEEDED');
    expect(await detail(order.id)).toMatchObject({ status: 'refunded', refunded_amount: 4_000 });
    expect((await returnRows(order.id)).map((r) => r.amountIn)).toEqual([-4_000]);
    const intent = k.kiosk.card.simulator!.session((await detail(order.id)).payments[0]!.reference)!.paymentIntent!;
    expect(k.kiosk.card.simulator!.refunded(intent)).toBe(4_000);
    expect(await finishStalledRefunds(k.kiosk.deps, providers())).toBe(0);
  });

  it('at the counter is released: no money was handed back', async () => {
    const { order, refundId } = await stalled('system');
    await advance(k, STALLED_REFUND_MS + 1_000);
    await finishStalledRefunds(k.kiosk.deps, providers());
    const [row] = await db().select().from(refunds).where(eq(refunds.id, refundId));
    expect(row!.state).toBe('FAILED');
    expect(await detail(order.id)).toMatchObject({ status: 'paid', refunded_amount: 0 });
    expect(await returnRows(order.id)).toEqual([]);
  });
});
