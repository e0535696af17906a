/**
 * The feeds the screens read over HTTP, through the real kiosk and gateway: each change reaches
 * the feed's audience (LIVE_FEEDS) as `feed:changed` right after it commits, and no one else —
 * staff's lists only staff, a person's own requests only that person, what members see never
 * the wall TV.
 */
import { DEFAULT_OPENING_HOURS } from '@club/shared/opening-hours';
import type { TLiveFeed } from '@club/shared/realtime';
import type { TTable } from '@club/shared/tables';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cashPoints } from '../../kiosk/src/db/schema.ts';
import { ADMIN, advance, newPlayer, startTestKiosk, type TestKiosk } from '../../kiosk/tests/harness.ts';
import {
  connectClient,
  freePort,
  SECRET,
  sleep,
  startGateway,
  type TestClient,
  type TestGateway,
} from '../../realtime/src/testing.ts';

let k: TestKiosk;
let g: TestGateway;
let admin: string;
let adminId: number;
const clients: TestClient[] = [];
/** staff on the admin floor, a member on their phone, the wall TV */
let boss: TestClient;
let member: TestClient;
let tv: TestClient;
let player: Awaited<ReturnType<typeof newPlayer>>;

beforeAll(async () => {
  const port = await freePort();
  k = await startTestKiosk({ env: { GATEWAY_URL: `http://127.0.0.1:${port}`, GATEWAY_SECRET: SECRET } });
  g = await startGateway({ kioskUrl: k.url, port, allowedOrigins: ['http://club.test'] });
  admin = await k.login(ADMIN.email, ADMIN.password);
  adminId = ((await k.get('/v1/user/profile', admin)).body.user as { id: number }).id;
  player = await newPlayer(k, { name: 'Mia' });
  boss = await client(admin);
  member = await client(player.token);
  tv = await client();
  await boss.subscribe('admin');
  await tv.subscribe('floor');
});
afterAll(async () => {
  for (const c of clients) c.close();
  await g?.close();
  await k?.close();
});
beforeEach(() => {
  for (const c of clients) c.clear();
});

async function client(token?: string) {
  const c = await connectClient(g.url, token ? { token } : {});
  clients.push(c);
  return c;
}

const changed = (c: TestClient, feed: TLiveFeed) => c.waitFor('feed:changed', (p) => p.feed === feed);
/** Nobody else heard of it: given the time the event took to reach those who did. */
async function notTold(feed: TLiveFeed, ...others: TestClient[]) {
  await sleep(200);
  for (const other of others) expect(other.of('feed:changed', (p) => p.feed === feed)).toEqual([]);
}

async function newTable(): Promise<TTable> {
  const name = `Bord ${Math.random().toString(36).slice(2, 6)}`;
  const answer = await k.post('/v1/table/create', { name, capacity: 4, price_per_minute: 250 }, admin);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.table as TTable;
}

describe('feed events', () => {
  it('a booking made on a phone reaches staff, not the member who made it nor the TV', async () => {
    const table = await newTable();
    // open round the clock, so the booking a day from now is within the hours whenever the test runs
    const allDay = { open: '00:00', close: '00:00' };
    const hours = await k.post('/v1/settings/opening-hours', { week: Array(7).fill(allDay), exceptions: [] }, admin);
    expect(hours.status, JSON.stringify(hours.body)).toBe(200);
    boss.clear();
    const starts_at = new Date(Math.ceil((Date.now() + 86_400_000) / 900_000) * 900_000).toISOString();
    const booked = await k.post(
      '/v1/reservation/create',
      { table_id: table.id, starts_at, minutes: 60, party_size: 2 },
      player.token,
    );
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect(await changed(boss, 'reservations')).toMatchObject({ room: 'admin' });
    await notTold('reservations', member, tv);

    boss.clear();
    const id = (booked.body.reservation as { id: number }).id;
    expect((await k.post('/v1/reservation/cancel', { id }, player.token)).status).toBe(200);
    await changed(boss, 'reservations');
  });

  it('a request to take an order over reaches the person asked, and only them', async () => {
    const table = await newTable();
    const owner = await newPlayer(k, { name: 'Eier' });
    const bystander = await newPlayer(k);
    const asked = await client(player.token);
    const owners = await client(owner.token);
    const other = await client(bystander.token);
    const game = (await k.post('/v1/game/join', { table_id: table.id }, owner.token)).body.game as { id: number };
    await advance(k, 10 * 60_000);
    const orderId = (await k.post('/v1/game/leave', { game_id: game.id }, owner.token)).body.order_id as number;

    const request = await k.post('/v1/order/transfer', { id: orderId, user_id: player.user.id }, owner.token);
    expect(request.status, JSON.stringify(request.body)).toBe(200);
    expect(await changed(asked, 'transfers')).toMatchObject({ room: `user:${player.user.id}` });
    await notTold('transfers', owners, other, boss, tv);

    // the owner takes it back: it is gone from the list of the person asked
    asked.clear();
    expect((await k.post('/v1/order/transfer/cancel', { id: orderId }, owner.token)).status).toBe(200);
    await changed(asked, 'transfers');
  });

  it('a member reading a notification moves the read count on staff’s list only', async () => {
    const note = (await k.post('/v1/notification/create', { message: 'Åpent i påsken', audience: 'all' }, admin)).body
      .notification as { id: number };
    boss.clear();
    expect((await k.post(`/v1/notification/read/${note.id}`, {}, player.token)).status).toBe(200);
    expect(await changed(boss, 'notification_reads')).toMatchObject({ room: 'admin' });
    await notTold('notification_reads', member, tv);

    // reading it again changes no count, and says nothing
    boss.clear();
    expect((await k.post(`/v1/notification/read/${note.id}`, {}, player.token)).status).toBe(200);
    await notTold('notification_reads', boss);
  });

  it('an operator signing in reaches staff (the counter they left elsewhere), not members', async () => {
    const [point] = await k.kiosk.database.db.select().from(cashPoints).orderBy(asc(cashPoints.id)).limit(1);
    expect((await k.post('/v1/cash/operator/pin', { pin: '2468' }, admin)).status).toBe(200);
    boss.clear();
    const login = await k.post(
      '/v1/cash/operator/login',
      { cash_point_id: point!.id, user_id: adminId, pin: '2468' },
      admin,
    );
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(await changed(boss, 'counter_operators')).toMatchObject({ room: 'admin' });
    await notTold('counter_operators', member, tv);

    boss.clear();
    expect((await k.post('/v1/cash/operator/logout', {}, admin)).status).toBe(200);
    await changed(boss, 'counter_operators');
  });

  it('a product and its stock reach everyone logged in, not the wall TV', async () => {
    const created = await k.post('/v1/product/create', { name: 'Cola', price: 3500, count: 5 }, admin);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(await changed(member, 'products')).toMatchObject({ room: 'members' });
    await changed(boss, 'products');
    await notTold('products', tv);

    // bought: the stock moves for every shop open now
    const product = created.body.product as { id: number };
    member.clear();
    expect((await k.post('/v1/cart/add', { product_id: product.id, count: 2 }, player.token)).status).toBe(200);
    const order = await k.post('/v1/order/init', {}, player.token);
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    await changed(member, 'products');
  });

  it('new opening hours reach the wall TV', async () => {
    const hours = {
      ...DEFAULT_OPENING_HOURS,
      week: DEFAULT_OPENING_HOURS.week.map(() => ({ open: '09:00', close: '23:00' })),
    };
    const saved = await k.post('/v1/settings/opening-hours', hours, admin);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await changed(tv, 'opening_hours')).toMatchObject({ room: 'floor' });
  });

  it('a price change reaches everyone logged in, not the wall TV', async () => {
    const table = await newTable();
    // a new table has a price of its own for everyone
    await changed(member, 'prices');
    member.clear();
    const set = await k.post('/v1/pricing/update', { role_id: 2, table_id: table.id, price_per_minute: 150 }, admin);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(await changed(member, 'prices')).toMatchObject({ room: 'members' });
    await notTold('prices', tv);

    // moved on the floor plan, the table costs the same: the phones are not troubled
    member.clear();
    expect((await k.post('/v1/table/update', { ...table, x: table.x + 5 }, admin)).status).toBe(200);
    await notTold('prices', member);
  });
});
