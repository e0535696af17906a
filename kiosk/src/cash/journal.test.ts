import { verify } from 'node:crypto';
import { signatureInput, type TReceipt } from '@club/shared/cash';
import type { TOrder } from '@club/shared/orders';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, advance, newPlayer, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';
import { cartItems, cashJournal, orderItems } from '../db/schema.ts';
import { firstBrokenLink } from './verify-chain.ts';

let k: TestKiosk;
let admin: string;
let publicKey: string;
beforeAll(async () => {
  k = await startTestKiosk();
  admin = await k.login(ADMIN.email, ADMIN.password);
  const res = await fetch(`${k.url}/v1/cash/public-key?format=pem`, { headers: { authorization: `Bearer ${admin}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/x-pem-file');
  publicKey = await res.text();
  expect((await k.get('/v1/cash/public-key', admin)).body).toMatchObject({ public_key: publicKey, key_version: 1 });
});
afterAll(() => k.close());

const db = () => k.kiosk.database.db;
const journal = () => db().select().from(cashJournal).orderBy(asc(cashJournal.nr));

async function product(price: number, vatRate?: number) {
  const answer = await k.post(
    '/v1/product/create',
    { name: `Vare ${price}`, price, count: 100, ...(vatRate === undefined ? {} : { vat_rate: vatRate }) },
    admin,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.product as { id: number; vat_rate: number };
}

/** A waiting shop order of `count` × each product for a new player. */
async function shopOrder(productIds: number[], count = 1) {
  const p = await newPlayer(k);
  for (const productId of productIds) await db().insert(cartItems).values({ userId: p.user.id, productId, count });
  const answer = await k.post('/v1/order/init', {}, p.token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { p, order: answer.body.order as TOrder };
}

const approve = (id: number) => k.post('/v1/order/approve', { id }, admin);

describe('club details', () => {
  it('refuses an organisation number whose check digit is wrong, and non-admins', async () => {
    const body = {
      company_name: 'Kø og Kritt AS',
      organisation_number: '974 760 674',
      address: 'Storgata 1, 0155 Oslo',
      vat_registered: true,
      table_time_vat_rate: 25,
    };
    const refused = await k.post('/v1/settings/club', body, admin);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ organisation_number: 'validation.organisation_number' });
    const player = await newPlayer(k);
    expect((await k.post('/v1/settings/club', body, player.token)).status).toBe(403);
    const saved = await k.post('/v1/settings/club', { ...body, organisation_number: '974 760 673' }, admin);
    expect(saved.status).toBe(200);
    expect((await k.get('/v1/settings/club', admin)).body.settings).toMatchObject({
      organisation_number: '974760673',
      company_name: 'Kø og Kritt AS',
    });
  });
});

describe('the receipt header preview', () => {
  it('shows what was typed exactly as the receipts and reports will print it, and saves nothing', async () => {
    const saved = (await k.get('/v1/settings/club', admin)).body.settings as Record<string, unknown>;
    const draft = {
      company_name: 'Kø & Kritt AS',
      organisation_number: '974 760 673',
      address: 'Storgata 1, 0155 Oslo',
      vat_registered: true,
      table_time_vat_rate: 25,
    };
    const preview = await k.post('/v1/settings/club/preview', draft, admin);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.preview).toEqual({
      receipt: ['Kø & Kritt AS', 'Org.nr 974760673 MVA', 'Storgata 1, 0155 Oslo'],
      report: ['Kø & Kritt AS', 'Org.nr 974760673'],
    });
    const english = await k.post('/v1/settings/club/preview?lang=en', { ...draft, vat_registered: false }, admin);
    expect((english.body.preview as { receipt: string[] }).receipt[1]).toBe('Org. no. 974760673');
    expect((await k.get('/v1/settings/club', admin)).body.settings).toEqual(saved);
    // the same rules as saving them, and only for staff
    const wrong = await k.post('/v1/settings/club/preview', { ...draft, organisation_number: '974 760 674' }, admin);
    expect(wrong.body.errors).toEqual({ organisation_number: 'validation.organisation_number' });
    const player = await newPlayer(k);
    expect((await k.post('/v1/settings/club/preview', draft, player.token)).status).toBe(403);

    // once saved, a printed receipt carries those very lines
    expect((await k.post('/v1/settings/club', draft, admin)).status).toBe(200);
    const { id } = await product(5_000);
    const { order } = await shopOrder([id]);
    await approve(order.id);
    const page = await (
      await fetch(`${k.url}/v1/receipt/${order.id}?format=html`, { headers: { authorization: `Bearer ${admin}` } })
    ).text();
    expect(page).toContain('<p>Kø &amp; Kritt AS</p><p>Org.nr 974760673 MVA</p><p>Storgata 1, 0155 Oslo</p>');
    await k.post('/v1/settings/club', saved, admin);
  });
});

describe('VAT on order lines', () => {
  it('stores each line’s rate and VAT in øre when the order is created', async () => {
    const food = await product(9_990, 15);
    const cue = await product(10_000);
    expect(cue.vat_rate).toBe(25);
    const { order } = await shopOrder([food.id, cue.id]);
    const lines = await db()
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.id));
    expect(lines.map((l) => [l.vatRate, l.vat])).toEqual([
      [15, 1_303],
      [25, 2_000],
    ]);
  });

  it('gives table time the club’s rate', async () => {
    const details = (await k.get('/v1/settings/club', admin)).body.settings as Record<string, unknown>;
    expect((await k.post('/v1/settings/club', { ...details, table_time_vat_rate: 12 }, admin)).status).toBe(200);
    const p = await newPlayer(k);
    const table = (await k.post('/v1/table/create', { name: 'T', capacity: 4, price_per_minute: 112 }, admin)).body
      .table as { id: number };
    const game = (await k.post('/v1/game/join', { table_id: table.id }, p.token)).body.game as { id: number };
    await advance(k, 10 * 60_000);
    const orderId = (await k.post('/v1/game/leave', { game_id: game.id }, p.token)).body.order_id as number;
    const lines = await db().select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(lines.map((l) => [l.total, l.vatRate, l.vat])).toEqual([[1_120, 12, 120]]);
    await k.post('/v1/settings/club', details, admin);
  });

  it('refuses a rate Norway does not have', async () => {
    const answer = await k.post('/v1/product/create', { name: 'X', price: 100, count: 1, vat_rate: 20 }, admin);
    expect(answer.status).toBe(422);
  });
});

describe('the electronic journal', () => {
  it('journals the start with the first numbers and signs each sale, verifiable with the public key', async () => {
    const rows = await journal();
    expect(rows[0]).toMatchObject({ nr: 1, eventCode: '13001', signature: null });
    const { id } = await product(4_990, 12);
    const { order } = await shopOrder([id], 2);
    expect((await approve(order.id)).status).toBe(200);
    const [sale] = await db()
      .select()
      .from(cashJournal)
      .where(and(eq(cashJournal.orderId, order.id), eq(cashJournal.eventCode, '13012')));
    expect(sale).toMatchObject({ amountIn: 9_980, amountEx: 9_980 - 1_069, keyVersion: 1 });
    expect(sale!.transDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(sale!.transTime).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    const signed = (await journal()).filter((r) => r.signature !== null && r.nr < sale!.nr);
    const input = signatureInput({
      previous: signed.at(-1)?.signature ?? '0',
      date: sale!.transDate!,
      time: sale!.transTime!,
      nr: sale!.nr,
      amountIn: 9_980,
      amountEx: 8_911,
    });
    expect(input).toContain(`;${sale!.nr};99.80;89.11`);
    expect(verify('sha1', Buffer.from(input), publicKey, Buffer.from(sale!.signature!, 'base64'))).toBe(true);
    expect(firstBrokenLink(await journal(), publicKey)).toBeNull();
  });

  it('journals a price change', async () => {
    const { id } = await product(3_000);
    const answer = await k.post('/v1/product/update', { id, name: 'Vare', price: 3_500, count: 5 }, admin);
    expect(answer.status).toBe(200);
    const last = (await journal()).at(-1)!;
    expect(last.eventCode).toBe('13021');
    expect(last.detail).toMatchObject({ item: 'product', id, before: { price: 3_000 }, after: { price: 3_500 } });
  });

  it('journals a new table price, and not an edit that keeps it', async () => {
    const table = (await k.post('/v1/table/create', { name: 'T9', capacity: 4, price_per_minute: 200 }, admin)).body
      .table as { id: number };
    const edit = (price: number) =>
      k.post('/v1/table/update', { id: table.id, name: 'T9', capacity: 4, price_per_minute: price }, admin);
    const count = async () => (await journal()).filter((r) => r.eventCode === '13021').length;
    const before = await count();
    expect((await edit(200)).status).toBe(200);
    expect(await count()).toBe(before);
    expect((await edit(250)).status).toBe(200);
    expect((await journal()).at(-1)!.detail).toMatchObject({
      item: 'table_time',
      id: table.id,
      before: { price: 200 },
      after: { price: 250 },
    });
  });

  it('is refused UPDATE, DELETE and TRUNCATE by the database itself', async () => {
    const [first] = await journal();
    await expect(db().update(cashJournal).set({ amountIn: 1 }).where(eq(cashJournal.id, first!.id))).rejects.toThrow();
    await expect(db().delete(cashJournal).where(eq(cashJournal.id, first!.id))).rejects.toThrow();
    await expect(db().execute(sql`truncate cash_journal`)).rejects.toThrow();
    expect((await journal())[0]).toEqual(first);
  });

  it('numbers concurrent sales without a gap and chains every signature', async () => {
    const { id } = await product(2_500);
    const orders = await Promise.all(Array.from({ length: 8 }, () => shopOrder([id])));
    const before = (await journal()).at(-1)!.nr;
    const answers = await Promise.all(orders.map(({ order }) => approve(order.id)));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const rows = await journal();
    expect(rows.map((r) => r.nr)).toEqual(rows.map((_, i) => i + 1));
    expect(rows.filter((r) => r.nr > before && r.eventCode === '13012')).toHaveLength(8);
    expect(firstBrokenLink(rows, publicKey)).toBeNull();
  });

  it('breaks the chain where a row was altered behind the trigger’s back', async () => {
    const sales = (await journal()).filter((r) => r.eventCode === '13012');
    const victim = sales[1]!;
    await db().execute(sql`alter table cash_journal disable trigger cash_journal_no_update_or_delete`);
    try {
      await db()
        .update(cashJournal)
        .set({ amountIn: victim.amountIn! + 100 })
        .where(eq(cashJournal.id, victim.id));
    } finally {
      await db().execute(sql`alter table cash_journal enable trigger cash_journal_no_update_or_delete`);
    }
    expect(firstBrokenLink(await journal(), publicKey)).toBe(victim.nr);
    await db().execute(sql`alter table cash_journal disable trigger cash_journal_no_update_or_delete`);
    try {
      await db().update(cashJournal).set({ amountIn: victim.amountIn }).where(eq(cashJournal.id, victim.id));
    } finally {
      await db().execute(sql`alter table cash_journal enable trigger cash_journal_no_update_or_delete`);
    }
    expect(firstBrokenLink(await journal(), publicKey)).toBeNull();
  });
});

describe('receipts', () => {
  it('prints the original once; a later look shows KOPI uncounted; a reprint is a counted, journaled copy', async () => {
    const { id } = await product(10_000);
    const { p, order } = await shopOrder([id]);
    expect((await k.get(`/v1/receipt/${order.id}`, p.token)).body.message).toBe('error.receipt_not_found');
    await approve(order.id);
    const first = await k.get(`/v1/receipt/${order.id}`, p.token);
    expect(first.status).toBe(200);
    const receipt = first.body.receipt as TReceipt;
    expect(receipt).toMatchObject({
      copy: false,
      print_number: 1,
      total: 10_000,
      cash_point: { name: 'Kasse 1' },
      vat_per_rate: [{ vat_rate: 25, gross: 10_000, vat: 2_000, net: 8_000 }],
      method: 'physical',
    });
    const sale = (await journal()).find((r) => r.orderId === order.id && r.eventCode === '13012')!;
    expect(receipt.receipt_number).toBe(sale.nr);

    // the player opening it again, or staff looking at it: a copy to see, none made
    for (const token of [p.token, admin, p.token])
      expect((await k.get(`/v1/receipt/${order.id}`, token)).body.receipt).toMatchObject({
        copy: true,
        print_number: 1,
      });
    const look = await fetch(`${k.url}/v1/receipt/${order.id}?format=html`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(look.headers.get('x-receipt-copy')).toBe('true');
    expect(await look.text()).toContain('KOPI');
    expect((await journal()).filter((r) => r.orderId === order.id && r.eventCode === '13014')).toEqual([]);

    // a player cannot print copies; staff reprint one on purpose
    expect((await k.post(`/v1/receipt/${order.id}/copy`, {}, p.token)).status).toBe(403);
    const res = await fetch(`${k.url}/v1/receipt/${order.id}/copy?format=html`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('x-receipt-copy')).toBe('true');
    const page = await res.text();
    expect(page).toContain('Salgskvittering');
    expect(page).toContain('KOPI');
    expect(page).toContain('Org.nr 974760673 MVA');
    expect(page).toContain('Kasse 1');
    expect(page).toContain('100,00');
    expect(page).toContain('25 %');
    const copies = (await journal()).filter((r) => r.orderId === order.id && r.eventCode === '13014');
    expect(copies).toHaveLength(1);
    expect(copies[0]!.detail).toMatchObject({ receipt_number: sale.nr, print_number: 2 });
  });

  it('shows a receipt to its owner and admins only', async () => {
    const { id } = await product(1_000);
    const { order } = await shopOrder([id]);
    await approve(order.id);
    const other = await newPlayer(k);
    const answer = await k.get(`/v1/receipt/${order.id}`, other.token);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('error.order_not_found');
    expect((await k.get(`/v1/receipt/${order.id}`)).status).toBe(401);
  });
});
