import { cashRounding, type TCashReport } from '@club/shared/cash';
import { advanceClock, clock } from '@club/shared/clock';
import type { TOrder } from '@club/shared/orders';
import { nextDay, startOfDay } from '@club/shared/time-zone';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, newPlayer, startTestKiosk, type TestKiosk } from '../../../tests/harness.ts';
import {
  brokenSignatures,
  ore,
  parseSaft,
  registersOf,
  type SaftFile,
  type SaftTransaction,
  saftTotals,
  schemaErrors,
} from '../../../tests/saft-file.ts';
import { createKiosk } from '../../app.ts';
import { cartItems, users } from '../../db/schema.ts';
import { DELETED_EMPLOYEE_NAME } from './master-files.ts';

let k: TestKiosk;
let admin: string;
let publicKey: string;
const db = () => k.kiosk.database.db;
const ZONE = 'Europe/Oslo';

/** Puts the frozen clock at a local time of a day in the club's zone, and logs the admin in on it. */
async function jumpTo(day: string, hms: string) {
  const [h = 0, m = 0, s = 0] = hms.split(':').map(Number);
  advanceClock(startOfDay(day, ZONE) + ((h * 60 + m) * 60 + s) * 1000 - clock.nowMs());
  admin = await k.login(ADMIN.email, ADMIN.password);
}

async function product(price: number, vatRate: number) {
  const created = await k.post(
    '/v1/product/create',
    { name: `Vare ${price} (${vatRate} %)`, price, count: 50, vat_rate: vatRate },
    admin,
  );
  return created.body.product as { id: number; name: string; price: number; count: number; description: string };
}

async function waitingOrder(lines: { price: number; vatRate: number; count?: number }[]) {
  const p = await newPlayer(k);
  for (const line of lines) {
    const made = await product(line.price, line.vatRate);
    await db()
      .insert(cartItems)
      .values({ userId: p.user.id, productId: made.id, count: line.count ?? 1 });
  }
  return (await k.post('/v1/order/init', {}, p.token)).body.order as TOrder;
}

async function approved(lines: { price: number; vatRate: number; count?: number }[]) {
  const order = await waitingOrder(lines);
  expect((await k.post('/v1/order/approve', { id: order.id }, admin)).status).toBe(200);
  return order;
}

async function paidInCash(price: number, vatRate: number) {
  const order = await waitingOrder([{ price, vatRate }]);
  // cash is paid in whole kroner
  const paid = await k.post('/v1/payment/cash', { order_id: order.id, received: price + cashRounding(price) }, admin);
  expect(paid.status).toBe(200);
  return order;
}

async function download(from: string, to: string, token = admin) {
  return fetch(`${k.url}/v1/cash/saft?from=${from}&to=${to}`, { headers: { authorization: `Bearer ${token}` } });
}

async function exported(from: string, to: string): Promise<{ xml: string; file: SaftFile; name: string }> {
  const res = await download(from, to);
  expect(res.status).toBe(200);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? '';
  const xml = await res.text();
  return { xml, file: parseSaft(xml), name };
}

const inTwoDays = () => nextDay(nextDay(new Date(clock.nowMs()).toISOString().slice(0, 10)));

beforeAll(async () => {
  k = await startTestKiosk();
  admin = await k.login(ADMIN.email, ADMIN.password);
  publicKey = (await k.get('/v1/cash/public-key', admin)).body.public_key as string;
  const club = await k.post(
    '/v1/settings/club',
    {
      company_name: 'Biljardklubben Kø & Kritt AS',
      organisation_number: '999999999',
      address: 'Storgata 1, 0155 Oslo',
      vat_registered: true,
      table_time_vat_rate: 25,
    },
    admin,
  );
  expect(club.status).toBe(200);
});
afterAll(() => k.close());

describe('the SAF-T Cash Register export', () => {
  let day: string;
  let z: TCashReport;
  let file: SaftFile;
  let xml: string;

  it('holds a day of the journal: valid against the official schema, every signature verifying', async () => {
    day = inTwoDays();
    await jumpTo(day, '10:00:00');
    // a start of the app on the day (13001)
    await (
      await createKiosk({ config: k.kiosk.deps.config, logger: k.kiosk.deps.logger, database: k.kiosk.database })
    ).close();
    advanceClock(60_000);
    const mixed = await approved([
      { price: 10_000, vatRate: 25, count: 2 },
      { price: 4_990, vatRate: 12 },
    ]);
    advanceClock(60_000);
    const cash = await paidInCash(9_990, 15);
    advanceClock(60_000);
    await approved([{ price: 2_500, vatRate: 0 }]);
    // a copy (13014), a price change (13021), a return (13013) and the X and Z reports
    expect((await k.get(`/v1/receipt/${mixed.id}`, admin)).status).toBe(200);
    expect((await k.post(`/v1/receipt/${mixed.id}/copy`, {}, admin)).status).toBe(200);
    const shelf = await product(3_000, 25);
    await k.post('/v1/product/update', { ...shelf, price: 3_500 }, admin);
    advanceClock(60_000);
    const refund = await k.post('/v1/order/refund', { id: cash.id, amount: 5_000, reason: 'Feil vare' }, admin);
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    // and the drawer: float, a withdrawal and the count
    expect((await k.post('/v1/cash/float', { amount: 50_000 }, admin)).status).toBe(200);
    expect((await k.post('/v1/cash/withdrawal', { amount: 10_000, note: 'Til banken' }, admin)).status).toBe(200);
    expect((await k.post('/v1/cash/count', { counted: 44_900 }, admin)).status).toBe(200);
    expect((await k.get('/v1/cash/x-report', admin)).status).toBe(200);
    z = (await k.post('/v1/cash/z-report', {}, admin)).body.report as TCashReport;

    const res = await download(day, day);
    expect(res.headers.get('content-type')).toContain('application/xml');
    const disposition = res.headers.get('content-disposition') ?? '';
    const stamp = `${day.replaceAll('-', '')}\\d{6}`;
    expect(disposition).toMatch(new RegExp(`attachment; filename="SAF-T Cash Register_999999999_${stamp}\\.xml"`));
    xml = await res.text();
    expect(await schemaErrors(xml)).toEqual([]);
    file = parseSaft(xml);
    expect(brokenSignatures(file, publicKey)).toEqual([]);

    const [register] = registersOf(file);
    const events = register?.event ?? [];
    // price changes (13021) come with every product made on the day; the rest in order
    const codes = events.map((e) => e.eventType);
    expect(codes.filter((c) => c !== '13021')).toEqual([
      '13001',
      '13012',
      '13012',
      '13012',
      '13014',
      '13013',
      '13999',
      '13019',
      '13999',
      '13008',
      '13009',
    ]);
    expect(codes.filter((c) => c === '13021').length).toBeGreaterThan(1);
    // the journal's numbers, without a gap
    const ids = events.map((e) => Number(e.eventID));
    expect(ids).toEqual(ids.map((_, i) => (ids[0] ?? 0) + i));
    expect(register?.cashtransaction.map((t) => t.transType)).toEqual(['SALE', 'SALE', 'SALE', 'RETURN']);
    // kr 99,90 in cash is paid with kr 100: the sale keeps its amount, the rounding is its own
    const inCash = register?.cashtransaction[1];
    expect([inCash?.transAmntIn, inCash?.rounding?.roundingAmnt, inCash?.payment[0]?.paidAmnt]).toEqual([
      '99.90',
      '0.10',
      '100.00',
    ]);
    const copy = events.find((e) => e.eventType === '13014');
    expect(copy?.transID).toBe(register?.cashtransaction[0]?.nr);
  });

  it('names the business, its VAT codes, staff, articles and every code it uses', () => {
    const { company } = file;
    expect(company).toMatchObject({
      companyIdent: '999999999',
      companyName: 'Biljardklubben Kø & Kritt AS',
      taxRegIdent: '999999999MVA',
    });
    expect(xml).toContain('<streetname>Storgata 1</streetname>');
    expect(xml).toContain('<postalCode>0155</postalCode>');
    expect(company.vatCodeDetails.vatCodeDetail.map((v) => [v.vatCode, v.standardVatCode])).toEqual([
      ['25', '3'],
      ['15', '31'],
      ['12', '33'],
      ['0', '0'],
    ]);
    const basics = new Map(company.basics.basic.map((b) => [b.basicID, b]));
    expect(basics.get('cash')?.predefinedBasicID).toBe('12001');
    expect(basics.get('vipps')?.predefinedBasicID).toBe('12011');
    expect(basics.get('13013')?.basicType).toBe('13');
    const staff = company.employees === '' ? [] : company.employees.employee.map((e) => e.empID);
    const zEvent = registersOf(file)[0]?.event.find((e) => e.eventType === '13009');
    expect(staff).toContain(zEvent?.empID);
  });

  it('adds up to the day’s Z report, which it carries in full', () => {
    const totals = saftTotals(file);
    expect(totals.mismatches).toEqual([]);
    expect(totals.sales).toEqual(z.sales);
    expect(totals.returns).toEqual(z.returns);
    expect(totals.byPayment).toEqual(
      Object.fromEntries(z.by_method.map((m) => [m.method, { count: m.count, amount: m.amount }])),
    );
    expect(totals.byRate).toEqual(
      Object.fromEntries(z.vat_per_rate.map((r) => [r.vat_rate.toFixed(2), { gross: r.gross, vat: r.vat }])),
    );
    const report = registersOf(file)[0]?.event.find((e) => e.eventType === '13009')?.eventReport;
    expect(report).toMatchObject({ reportID: `1-${z.number}`, reportType: 'Z report' });
    expect(ore(report?.reportTotalCashSales.totalCashSaleAmnt ?? '')).toBe(z.net_sales);
    expect(xml).toContain('<reportOpeningChangeFloat>500.00</reportOpeningChangeFloat>');
    expect(xml).toContain('<payOutAmnt>100.00</payOutAmnt>');
    expect(Number(report?.reportReceiptNum)).toBe(z.sales.count);
    expect(ore(report?.reportGrandTotalSalesNet ?? '')).toBe(z.grand_total);
  });

  it('fails verification when an amount is changed or a transaction taken out', () => {
    const first = registersOf(file)[0]?.cashtransaction[0];
    const amount = `<transAmntIn>${first?.transAmntIn}</transAmntIn>`;
    expect(xml).toContain(amount);
    const raised = xml.replace(
      amount,
      `<transAmntIn>${(ore(first?.transAmntIn ?? '') / 100 + 1).toFixed(2)}</transAmntIn>`,
    );
    expect(brokenSignatures(parseSaft(raised), publicKey)).toEqual([`register 1 transaction ${first?.nr}`]);
    const second = registersOf(file)[0]?.cashtransaction[1];
    const start = xml.search(new RegExp(`<cashtransaction>\\s*<nr>${second?.nr}</nr>`));
    const end = xml.indexOf('</cashtransaction>', start) + '</cashtransaction>'.length;
    expect(start).toBeGreaterThan(0);
    const third = registersOf(file)[0]?.cashtransaction[2];
    expect(brokenSignatures(parseSaft(xml.slice(0, start) + xml.slice(end)), publicKey)).toEqual([
      `register 1 transaction ${third?.nr}`,
    ]);
  });

  it('cuts the period at midnight in the club’s time zone, and the chain goes on from one file to the next', async () => {
    const late = nextDay(day);
    const early = nextDay(late);
    await jumpTo(late, '23:59:58');
    await approved([{ price: 1_000, vatRate: 25 }]);
    advanceClock(3_000);
    await approved([{ price: 2_000, vatRate: 25 }]);
    const before = (await exported(late, late)).file;
    const after = (await exported(early, early)).file;
    const both = (await exported(late, early)).file;
    const amounts = (f: SaftFile) => registersOf(f)[0]?.cashtransaction.map((t) => t.transAmntIn);
    expect(amounts(before)).toEqual(['10.00']);
    expect(amounts(after)).toEqual(['20.00']);
    expect(amounts(both)).toEqual(['10.00', '20.00']);
    expect(registersOf(after)[0]?.cashtransaction[0]?.transTime).toBe('00:00:01');
    // each file verifies on its own given the last signature before it
    const lastOfDay = registersOf(file)[0]?.cashtransaction.at(-1)?.signature ?? '';
    expect(brokenSignatures(before, publicKey, { '1': lastOfDay })).toEqual([]);
    const lastBefore = registersOf(before)[0]?.cashtransaction.at(-1)?.signature ?? '';
    expect(brokenSignatures(after, publicKey, { '1': lastBefore })).toEqual([]);
    expect(brokenSignatures(after, publicKey)).toHaveLength(1);
    for (const f of [before, after, both]) expect(f.header).toMatchObject({ softwareVersion: '0.1.0' });
    const empty = await exported('2020-01-01', '2020-01-31');
    expect(await schemaErrors(empty.xml)).toEqual([]);
    expect(registersOf(empty.file)[0]?.event).toEqual([]);
  });

  it('names the operator of every sale, also one no longer an admin or no longer a user', async () => {
    await jumpTo(nextDay(nextDay(nextDay(day))), '12:00:00');
    const staff = async () => {
      const s = await newPlayer(k);
      await db().update(users).set({ isAdmin: true }).where(eq(users.id, s.user.id));
      return { ...s, token: await k.login(s.body.email, s.body.password) };
    };
    const demoted = await staff();
    const deleted = await staff();
    for (const by of [demoted, deleted]) {
      const order = await waitingOrder([{ price: 1_500, vatRate: 25 }]);
      expect((await k.post('/v1/order/approve', { id: order.id }, by.token)).status).toBe(200);
    }
    await db().update(users).set({ isAdmin: false }).where(eq(users.id, demoted.user.id));
    expect((await k.post(`/v1/user/delete/${deleted.user.id}`, {}, admin)).status).toBe(200);
    const today = new Date(clock.nowMs()).toISOString().slice(0, 10);
    const { xml: theirs, file: their } = await exported(today, today);
    expect(await schemaErrors(theirs)).toEqual([]);
    const operators = registersOf(their)[0]?.cashtransaction.map(
      (t) => (t as SaftTransaction & { empID?: string }).empID,
    );
    expect(operators).toEqual([String(demoted.user.id), String(deleted.user.id)]);
    type Employee = { empID: string; firstName?: string; surName: string; employeeRole?: unknown };
    const employees = their.company.employees === '' ? [] : (their.company.employees.employee as Employee[]);
    const declared = (id: number) => employees.find((e) => e.empID === String(id));
    expect(declared(demoted.user.id)).toMatchObject({ firstName: demoted.user.name, surName: demoted.user.surname });
    expect(declared(demoted.user.id)?.employeeRole).toBeUndefined();
    expect(declared(deleted.user.id)).toEqual({
      empID: String(deleted.user.id),
      surName: DELETED_EMPLOYEE_NAME,
      dateOfEntry: today,
      timeOfEntry: '12:00:00',
    });
    // today's admins are declared though the period's journal does not name them
    expect(declared(1)?.employeeRole).toMatchObject({ roleType: 'Administrator' });
  });

  it('is for admins only, and refuses a period that is not one', async () => {
    const player = await newPlayer(k);
    expect((await download(day, day, player.token)).status).toBe(403);
    expect((await k.get(`/v1/cash/saft?from=${day}&to=${day}`)).status).toBe(401);
    const refused = async (query: string) => {
      const answer = await k.get(`/v1/cash/saft${query}`, admin);
      expect(answer.status, query).toBe(422);
      expect(answer.body.message).toBe('error.validation_failed');
      return answer.body.errors;
    };
    expect(await refused(`?from=${nextDay(day)}&to=${day}`)).toEqual({ to: 'validation.min' });
    expect(await refused(`?to=${day}`)).toEqual({ from: 'validation.required' });
    expect(await refused('?from=2026-02-30&to=yesterday')).toMatchObject({ to: 'validation.invalid' });
  });
});
