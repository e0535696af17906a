import { DEFAULT_CLUB_DETAILS } from '@club/shared/cash';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, newPlayer, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';
import { cashJournal, users } from '../db/schema.ts';

let k: TestKiosk;
let admin: string;
beforeAll(async () => {
  k = await startTestKiosk();
  admin = await k.login(ADMIN.email, ADMIN.password);
});
afterAll(() => k.close());

const entries = async (after: number) =>
  (await k.kiosk.database.db.select().from(cashJournal).orderBy(asc(cashJournal.nr))).filter((r) => r.nr > after);
const lastNr = async () => (await entries(0)).at(-1)?.nr ?? 0;

describe('settings changes in the journal', () => {
  it('club details, the VAT of table time, billing and payment methods: before and after, and nothing when unchanged', async () => {
    const start = await lastNr();
    const club = {
      ...DEFAULT_CLUB_DETAILS,
      company_name: 'Kø og Kritt AS',
      address: 'Storgata 1, 0155 Oslo',
      table_time_vat_rate: 12,
    };
    expect((await k.post('/v1/settings/club', club, admin)).status).toBe(200);
    expect((await k.post('/v1/settings/club', club, admin)).status).toBe(200);
    await k.post('/v1/settings/billing', { rounding_minutes: 5, minimum_charge: 2_000, grace_minutes: 2 }, admin);
    await k.post('/v1/settings/payments', { vipps: true, card: false, physical: true }, admin);
    const rows = await entries(start);
    expect(
      rows.map((r) => [
        r.eventCode,
        (r.detail as { setting?: string; item?: string }).setting ?? (r.detail as { item?: string }).item,
      ]),
    ).toEqual([
      ['13999', 'club_details'],
      ['13021', 'table_time'],
      ['13999', 'billing'],
      ['13999', 'payment_methods'],
    ]);
    expect(rows[0]!.detail).toMatchObject({
      kind: 'settings_change',
      before: { company_name: 'Cue Club AS', table_time_vat_rate: 25 },
      after: { company_name: 'Kø og Kritt AS', table_time_vat_rate: 12 },
    });
    expect(rows[0]!.userId).toBe(1);
    expect(rows[1]!.detail).toMatchObject({ before: { vat_rate: 25 }, after: { vat_rate: 12 } });
    expect(rows[3]!.detail).toMatchObject({ before: { card: true }, after: { card: false } });
  });

  it('a new product, table or prepaid hours is a price change from nothing', async () => {
    const start = await lastNr();
    await k.post('/v1/product/create', { name: 'Cola', price: 3_500, count: 5, vat_rate: 15 }, admin);
    await k.post('/v1/table/create', { name: 'Bord 9', capacity: 4, price_per_minute: 300 }, admin);
    const rows = await entries(start);
    expect(rows.map((r) => [r.eventCode, r.detail])).toEqual([
      [
        '13021',
        expect.objectContaining({
          item: 'product',
          before: { price: null, vat_rate: null },
          after: { price: 3_500, vat_rate: 15 },
        }),
      ],
      ['13021', expect.objectContaining({ item: 'table_time', before: { price: null }, after: { price: 300 } })],
    ]);
  });

  it('every price change names the staff member who made it', async () => {
    const s = await newPlayer(k);
    await k.kiosk.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, s.user.id));
    const staff = await k.login(s.body.email, s.body.password);
    const start = await lastNr();
    const ok = async (path: string, body: object) => {
      const answer = await k.post(path, body, staff);
      expect(answer.status, `${path} ${JSON.stringify(answer.body)}`).toBe(200);
      return answer.body;
    };
    const table = (await ok('/v1/table/create', { name: 'Bord 10', capacity: 4, price_per_minute: 300 })).table as {
      id: number;
    };
    await ok('/v1/table/update', { id: table.id, name: 'Bord 10', capacity: 4, price_per_minute: 350 });
    await ok('/v1/pricing/update', { role_id: s.user.role_id, table_id: table.id, price_per_minute: 200 });
    const cola = (await ok('/v1/product/create', { name: 'Solo', price: 3_000, count: 5 })).product as { id: number };
    await ok('/v1/product/update', {
      id: cola.id,
      name: 'Solo',
      description: '',
      price: 3_200,
      count: 5,
      active: true,
    });
    const hours = (await ok('/v1/subscription/create', { name: '5 timer', duration: 5, price: 60_000 }))
      .subscription as { id: number };
    await ok('/v1/subscription/update', { id: hours.id, name: '5 timer', duration: 5, price: 65_000 });
    await ok('/v1/settings/club', {
      ...DEFAULT_CLUB_DETAILS,
      address: 'Storgata 1, 0155 Oslo',
      table_time_vat_rate: 15,
    });
    const changes = (await entries(start)).filter((r) => r.eventCode === '13021');
    expect(changes.map((r) => (r.detail as { item: string }).item)).toEqual([
      'table_time',
      'table_time',
      'table_time',
      'product',
      'product',
      'subscription',
      'subscription',
      'table_time',
    ]);
    expect(changes.map((r) => r.userId)).toEqual(changes.map(() => s.user.id));
  });
});
