/**
 * A whole club evening against the real app (one process: kiosk, gateway, PGlite on disk),
 * then its books are reconciled through the admin API.
 */
import type { TProduct } from '@club/shared/shop';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runEvening } from './evening.ts';
import type { EveningResult } from './evening-model.ts';
import { reconcile } from './reconcile.ts';
import { reconcileZ } from './reconcile-z.ts';
import { checkSaft } from './saft-check.ts';
import { type ClubProcess, SIM_ADMIN, startClub } from './server.ts';

const SEED = Number(process.env.SIM_SEED ?? 20261121);
let club: ClubProcess;
let evening: EveningResult | undefined;

beforeAll(async () => {
  club = await startClub();
});
afterAll(async () => {
  evening?.close();
  await club?.stop();
});

it(`plays a seeded club evening (seed ${SEED}) and the books balance`, async () => {
  const started = Date.now();
  evening = await runEvening({
    url: club.url,
    admin: SIM_ADMIN,
    seed: SEED,
    log: process.env.SIM_LOG ? (line) => console.log(line) : undefined,
  });
  const books = await reconcile(evening.api, evening.adminToken, evening.record);
  console.log(
    `evening (seed ${SEED}) in ${Math.round((Date.now() - started) / 1000)} s:`,
    JSON.stringify(evening.stats),
    JSON.stringify(books.totals),
    JSON.stringify(evening.api.counts),
  );
  expect(evening.problems).toEqual([]);
  expect(books.problems).toEqual([]);
  // the evening really did all of it
  for (const what of [
    'join',
    'guest',
    'guest-leave',
    'pause',
    'switch',
    'leave',
    'kick',
    'shop',
    'buy-hours',
    'cancel',
  ]) {
    expect(evening.stats[what] ?? 0, what).toBeGreaterThan(0);
  }
  for (const method of ['vipps', 'card', 'physical', 'system', 'pay_later']) {
    expect(evening.stats[`pay-${method}`] ?? 0, method).toBeGreaterThan(0);
  }
  // some paid games were given money back, in part and in full, and the net adds up
  expect(evening.stats['refund-partial'] ?? 0).toBeGreaterThan(0);
  expect(evening.stats['refund-full'] ?? 0).toBeGreaterThan(0);
  expect(books.totals.refunds).toBeGreaterThan(0);
  expect(books.totals.subscriptionMinutesUsed).toBeGreaterThan(0);
  // the day closes with Z report 1, which says the same as the orders, payments and refunds
  const day = await reconcileZ(evening.api, evening.adminToken);
  expect(day.problems).toEqual([]);
  expect(day.report).toMatchObject({ kind: 'Z', number: 1, net_sales: books.totals.net });
  expect(day.report.returns.count).toBeGreaterThan(0);
  // the sockets saw the evening: the TV its tables, the admin room and staff's table screens their games
  const [tv, admin, ...screens] = evening.sockets;
  expect(tv!.client.of('table:updated').length).toBeGreaterThan(0);
  expect(admin!.client.received.length).toBeGreaterThan(0);
  for (const screen of screens) expect(screen.client.of('game:updated').length, screen.room).toBeGreaterThan(0);

  // and the books can fail: an extra item on a shelf and a changed rounding unit are caught
  const shelf = await evening.api.get<{ data: TProduct[] }>('/v1/product/all?all=1', evening.adminToken);
  const cola = shelf.data.find((p) => p.name === 'Cola')!;
  await evening.api.post(
    '/v1/product/update',
    { id: cola.id, name: cola.name, description: cola.description, price: cola.price, count: cola.count + 1 },
    evening.adminToken,
  );
  await evening.api.post(
    '/v1/settings/billing',
    { rounding_minutes: 15, minimum_charge: 2000, grace_minutes: 2 },
    evening.adminToken,
  );
  // and an øre given back behind the evening's back
  const { record } = evening;
  const [sale] = Object.entries(record.ackedPayments).find(
    ([id, method]) => method === 'system' && !(id in record.refunds),
  )!;
  await evening.api.post(
    '/v1/order/refund',
    { id: Number(sale), amount: 1, reason: 'Øresavrunding' },
    evening.adminToken,
  );
  const broken = await reconcile(evening.api, evening.adminToken, evening.record);
  expect(broken.problems.some((p) => p.startsWith('stock of Cola'))).toBe(true);
  expect(broken.problems.some((p) => p.includes('the billing function says'))).toBe(true);
  expect(broken.problems.some((p) => p.startsWith(`order ${sale}: refunds [1]`))).toBe(true);
  // a Z report that leaves out the evening (the next one covers only that øre) is caught too
  const next = await reconcileZ(evening.api, evening.adminToken);
  expect(next.report.number).toBe(2);
  expect(next.problems.some((p) => p.startsWith('Z sales'))).toBe(true);
  expect(next.report.returns).toEqual({ count: 1, amount: -1 });

  // the day as a SAF-T Cash Register file: valid, its signatures unbroken, equal to the Z reports
  const saft = await checkSaft(evening.api, evening.adminToken, evening.record);
  expect(saft.problems).toEqual([]);
  expect(saft.transactions).toBeGreaterThan(0);
});
