import type { TReport } from '@club/shared/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, advance, newPlayer, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';

let k: TestKiosk;
let admin: string;
let span: string;
const rows = (r: TReport, id: string) => r.sections.find((s) => s.id === id)!.rows;

/** Four games of 20 kr: by card, by Vipps, paid by staff and in cash; then refunds on three of them. */
beforeAll(async () => {
  k = await startTestKiosk();
  admin = await k.login(ADMIN.email, ADMIN.password);
  const now = Date.parse((await k.get('/v1/health')).body.server_time as string);
  const day = (offset: number) => new Date(now + offset * 86_400_000).toISOString().slice(0, 10);
  span = `from=${day(-1)}&to=${day(2)}`;
  const table = (await k.post('/v1/table/create', { name: 'Netto', capacity: 4, price_per_minute: 200 }, admin)).body
    .table as { id: number };
  const play = async () => {
    const p = await newPlayer(k);
    const game = (await k.post('/v1/game/join', { table_id: table.id }, p.token)).body.game as { id: number };
    await advance(k, 10 * 60_000);
    return { p, id: (await k.post('/v1/game/leave', { game_id: game.id }, p.token)).body.order_id as number };
  };
  const card = await play();
  const session = (await k.post('/v1/payment/card/init', { order_id: card.id }, card.p.token)).body
    .payment_id as string;
  await k.kiosk.card.simulator!.pay(session);
  const vipps = await play();
  const redirect = (await k.post('/v1/payment/vipps/init', { order_id: vipps.id, phone: '912 34 567' }, vipps.p.token))
    .body.redirect_url as string;
  await k.kiosk.vipps.simulator!.approve(new URL(redirect).searchParams.get('token')!);
  const staff = await play();
  await k.post('/v1/payment/system', { order_id: staff.id }, admin);
  const cash = await play();
  expect((await k.post('/v1/payment/cash', { order_id: cash.id, received: 2000 }, admin)).status).toBe(200);

  expect((await k.post('/v1/order/refund', { id: card.id, amount: 500, reason: 'Kø' }, admin)).status).toBe(200);
  expect((await k.post('/v1/order/refund', { id: staff.id, reason: 'Feil bord' }, admin)).status).toBe(200);
  expect((await k.post('/v1/order/refund', { id: cash.id, amount: 300, reason: 'Kald kaffe' }, admin)).status).toBe(
    200,
  );
});
afterAll(() => k.close());

describe('reports net of refunds', () => {
  it('money in − refunds = net, per method, to the øre; refunds listed on their own', async () => {
    const r = (await k.get(`/v1/report/kiosk?${span}`, admin)).body.report as TReport;
    expect(r.totals).toMatchObject({ revenue: 8000, refunds: 2800, net: 5200, orders: 4 });
    const byMethod = Object.fromEntries(rows(r, 'by_method').map((row) => [row.method, row]));
    expect(byMethod.card).toMatchObject({ orders: 1, revenue: 2000, refunds: 500, net: 1500 });
    expect(byMethod.vipps).toMatchObject({ orders: 1, revenue: 2000, refunds: 0, net: 2000 });
    expect(byMethod.system).toMatchObject({ orders: 1, revenue: 2000, refunds: 2000, net: 0 });
    expect(byMethod.cash).toMatchObject({ orders: 1, revenue: 2000, refunds: 300, net: 1700 });
    const net = rows(r, 'by_method').reduce((s, row) => s + Number(row.net), 0);
    expect(net).toBe(Number(r.totals.net));
    expect(rows(r, 'refunds').map((row) => [row.method, row.amount, row.reason])).toEqual([
      ['card', 500, 'Kø'],
      ['system', 2000, 'Feil bord'],
      ['cash', 300, 'Kald kaffe'],
    ]);
  });

  it('the CSV of the refunds table carries each refund', async () => {
    const res = await fetch(`${k.url}/v1/report/kiosk?${span}&format=csv&section=refunds&dialect=rfc4180`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    const csv = await res.text();
    expect(csv.split('\n')[0]).toContain('amount');
    expect(csv).toContain('Feil bord');
    expect(csv).toContain('Kø');
  });

  it('the spreadsheet CSV speaks the language of the screen it came from, cash included', async () => {
    const csv = async (section: string, locale: string) =>
      (
        await fetch(`${k.url}/v1/report/kiosk?${span}&format=csv&section=${section}&locale=${locale}`, {
          headers: { authorization: `Bearer ${admin}` },
        })
      ).text();
    const nb = (await csv('by_method', 'nb')).split('\r\n');
    expect(nb[0]).toBe('Betalingsmåte;Bestillinger;Omsetning;Tilbakebetalt;Netto');
    expect(nb).toContain('Kontant;1;20,00;3,00;17,00');
    const en = (await csv('refunds', 'en')).split('\r\n');
    expect(en[0]).toBe('Date,Reference,Payment method,Amount,Reason');
    expect(en.some((line) => line.includes(',Cash,3.00,Kald kaffe'))).toBe(true);
  });
});
