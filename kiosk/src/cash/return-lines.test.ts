import type { TCashReport, TReceipt } from '@club/shared/cash';
import type { TOrder, TOrderDetail } from '@club/shared/orders';
import { localDate } from '@club/shared/time-zone';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, newPlayer, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';
import { ore, parseSaft, type SaftTransaction, saftTotals, schemaErrors } from '../../tests/saft-file.ts';
import { cartItems, cashJournal } from '../db/schema.ts';
import { type ReturnDetail, returnDetail } from './journal-return.ts';
import { kr } from './print-page.ts';
import { receiptText } from './receipt-mail.ts';

let k: TestKiosk;
let admin: string;
beforeAll(async () => {
  k = await startTestKiosk();
  admin = await k.login(ADMIN.email, ADMIN.password);
});
afterAll(() => k.close());

const db = () => k.kiosk.database.db;

/** A cola and a pizza (each [name, price, VAT rate, count]), paid by card. */
async function paidByCard(lines: [name: string, price: number, vatRate: number, count: number][]) {
  const p = await newPlayer(k);
  for (const [name, price, vatRate, count] of lines) {
    const created = await k.post('/v1/product/create', { name, price, count: 50, vat_rate: vatRate }, admin);
    await db()
      .insert(cartItems)
      .values({ userId: p.user.id, productId: (created.body.product as { id: number }).id, count });
  }
  const order = (await k.post('/v1/order/init', {}, p.token)).body.order as TOrder;
  const session = (await k.post('/v1/payment/card/init', { order_id: order.id }, p.token)).body.payment_id as string;
  await k.kiosk.card.simulator!.pay(session);
  const paid = (await k.get(`/v1/order/${order.id}`, admin)).body.order as TOrderDetail;
  const item = (name: string) => paid.items.find((i) => i.description === name)!;
  return { p, order: paid, item };
}
const refund = (id: number, body: { amount?: number; lines?: { item_id: number; quantity: number }[] }) =>
  k.post('/v1/order/refund', { id, reason: 'Kom tilbake', ...body }, admin);
const lastReturn = async (orderId: number) => {
  const rows = await db()
    .select()
    .from(cashJournal)
    .where(and(eq(cashJournal.orderId, orderId), eq(cashJournal.eventCode, '13013')))
    .orderBy(asc(cashJournal.nr));
  return rows.at(-1)!;
};
const receipt = async (orderId: number, nr: number) =>
  (await k.get(`/v1/receipt/${orderId}/return/${nr}`, admin)).body.receipt as TReceipt;
async function saftReturn(nr: number): Promise<SaftTransaction> {
  // the export's days are the club's: near midnight its date is not UTC's
  const day = localDate(Date.now(), k.kiosk.deps.config.CLUB_TIMEZONE);
  const res = await fetch(`${k.url}/v1/cash/saft?from=${day}&to=${day}`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  const xml = await res.text();
  expect(await schemaErrors(xml)).toEqual([]);
  const file = parseSaft(xml);
  expect(saftTotals(file).mismatches).toEqual([]);
  const all = file.company.location.flatMap((l) => l.cashregister).flatMap((r) => r.cashtransaction ?? []);
  return all.find((t) => t.nr === String(nr))!;
}

describe('a return names what came back', () => {
  it('returning the cola of a cola and a pizza gives back the cola only: receipt, journal and SAF-T', async () => {
    const { order, item } = await paidByCard([
      ['Cola', 3_900, 25, 2],
      ['Pizza', 12_000, 15, 1],
    ]);
    const cola = item('Cola');
    const answer = await refund(order.id, { lines: [{ item_id: cola.id, quantity: 1 }] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.refund).toMatchObject({ amount: 3_900, state: 'SUCCEEDED' });

    const row = await lastReturn(order.id);
    expect(row.amountIn).toBe(-3_900);
    expect(returnDetail(row).lines).toEqual([
      { item_id: cola.id, kind: 'product', vat_rate: 25, gross: -3_900, vat: -780, quantity: 1 },
    ]);
    const after = (await k.get(`/v1/order/${order.id}`, admin)).body.order as TOrderDetail;
    expect(after.returnable).toEqual([
      { item_id: cola.id, units: 1, amount: 3_900 },
      { item_id: item('Pizza').id, units: 1, amount: 12_000 },
    ]);
    const printed = await receipt(order.id, row.nr);
    expect(printed.lines).toEqual([
      { description: 'Cola', quantity: -1, unit_price: 3_900, total: -3_900, vat_rate: 25, vat: -780 },
    ]);
    expect(printed.vat_per_rate).toEqual([{ vat_rate: 25, gross: -3_900, vat: -780, net: -3_120 }]);

    const saft = await saftReturn(row.nr);
    expect(saft.ctLine.map((l) => [l.lineType, l.cashTransLineDescr, l.qnt, ore(l.lineAmntIn)])).toEqual([
      ['RET', 'Cola', '-1', -3_900],
    ]);
  });

  it('never takes back more units than were sold less those returned before, nor an amount staff did not see', async () => {
    const { order, item } = await paidByCard([
      ['Cola', 3_900, 25, 2],
      ['Pizza', 12_000, 15, 1],
    ]);
    const cola = item('Cola');
    const pizza = item('Pizza');
    expect((await refund(order.id, { lines: [{ item_id: cola.id, quantity: 3 }] })).body.message).toBe(
      'error.return_too_many',
    );
    expect((await refund(order.id, { lines: [{ item_id: cola.id, quantity: 2 }] })).status).toBe(200);
    const again = await refund(order.id, { lines: [{ item_id: cola.id, quantity: 1 }] });
    expect([again.status, again.body.message]).toEqual([409, 'error.return_too_many']);
    // a line of another order is no line of this one
    const other = await paidByCard([['Cola', 3_900, 25, 1]]);
    expect((await refund(order.id, { lines: [{ item_id: other.item('Cola').id, quantity: 1 }] })).body.message).toBe(
      'error.return_too_many',
    );
    expect((await refund(order.id, { amount: 100, lines: [{ item_id: pizza.id, quantity: 1 }] })).body.message).toBe(
      'error.return_amount_changed',
    );
    const twice = await refund(order.id, {
      lines: [
        { item_id: pizza.id, quantity: 1 },
        { item_id: pizza.id, quantity: 1 },
      ],
    });
    expect(twice.status).toBe(422);
    const last = await refund(order.id, { amount: 12_000, lines: [{ item_id: pizza.id, quantity: 1 }] });
    expect(last.body.order).toMatchObject({ status: 'refunded', refunded_amount: 19_800 });
  });

  it('a goodwill refund of 39 kr prints one price-reduction line with its VAT, never a pizza that never came back', async () => {
    const { order } = await paidByCard([
      ['Cola', 3_900, 25, 1],
      ['Pizza', 12_000, 25, 1],
    ]);
    expect((await refund(order.id, { amount: 3_900 })).status).toBe(200);
    const row = await lastReturn(order.id);
    expect(returnDetail(row).lines.every((l) => l.reduction && l.quantity === 0)).toBe(true);
    const printed = await receipt(order.id, row.nr);
    expect(printed.lines).toEqual([
      { description: '', quantity: -1, unit_price: 3_900, total: -3_900, vat_rate: 25, vat: -780, reduction: true },
    ]);
    const page = await fetch(`${k.url}/v1/receipt/${order.id}/return/${row.nr}?format=html`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    const html = await page.text();
    expect(html).toContain('Prisavslag 25 % MVA');
    expect(html).not.toContain('Pizza');
    // the e-mailed copy, in English
    const text = receiptText(printed, 'en');
    expect(text).toContain(`Price reduction 25 % VAT  ${kr(-3_900, 'en')}`);
    expect(text).not.toContain('Pizza');
    const saft = await saftReturn(row.nr);
    expect(
      saft.ctLine.map((l) => [l.lineType, l.cashTransLineDescr, l.qnt, ore(l.lineAmntIn), l.vat[0]?.vatPerc]),
    ).toEqual([['RED', 'Prisavslag', undefined, -3_900, '25.00']]);
  });

  it('two units returned after a reduction of an øre print their count and what came back, which adds up', async () => {
    const { order } = await paidByCard([['Brus', 1_999, 25, 2]]);
    expect((await refund(order.id, { amount: 1 })).status).toBe(200);
    expect((await refund(order.id, {})).status).toBe(200);
    const row = await lastReturn(order.id);
    const printed = await receipt(order.id, row.nr);
    expect(printed.lines.map((l) => [l.quantity, l.total])).toEqual([[-2, -3_997]]);
    const page = await fetch(`${k.url}/v1/receipt/${order.id}/return/${row.nr}?format=html`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    const html = await page.text();
    // −2 × 19,99 would be −39,98: the line says how many came back and what they came to
    expect(html).toContain('−2 stk');
    expect(html).not.toContain('× 19,99');
    expect(html).toContain(kr(-3_997, 'nb'));
    expect(receiptText(printed, 'en')).toContain(`Brus  −2 pcs  25 %  ${kr(-3_997, 'en')}`);
  });

  it('a reduction over two VAT rates is one line per rate; the rest is then a return of every line, and each rate nets to nothing', async () => {
    await k.post('/v1/cash/z-report', {}, admin);
    const { order, item } = await paidByCard([
      ['Cola', 3_900, 25, 1],
      ['Pizza', 12_000, 15, 1],
    ]);
    expect((await refund(order.id, { amount: 3_900 })).status).toBe(200);
    const reduced = await receipt(order.id, (await lastReturn(order.id)).nr);
    expect(reduced.lines.map((l) => [l.reduction, l.vat_rate])).toEqual([
      [true, 25],
      [true, 15],
    ]);
    expect(reduced.lines.reduce((s, l) => s + l.total, 0)).toBe(-3_900);
    expect(reduced.vat_per_rate.reduce((s, r) => s + r.gross, 0)).toBe(-3_900);

    const rest = await refund(order.id, {});
    expect(rest.body.order).toMatchObject({ status: 'refunded', refunded_amount: 15_900 });
    const row = await lastReturn(order.id);
    const lines = (row.detail as ReturnDetail).lines;
    expect(lines.map((l) => [l.item_id, l.quantity, l.reduction ?? false])).toEqual([
      [item('Cola').id, 1, false],
      [item('Pizza').id, 1, false],
    ]);
    const z = (await k.post('/v1/cash/z-report', {}, admin)).body.report as TCashReport;
    expect(z.vat_per_rate.map((r) => [r.vat_rate, r.gross, r.vat])).toEqual([
      [25, 0, 0],
      [15, 0, 0],
    ]);
  });
});
