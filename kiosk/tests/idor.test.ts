import type { TNotification } from '@club/shared/notifications';
import type { TOrderDetail } from '@club/shared/orders';
import type { TCart, TUserSubscription } from '@club/shared/shop';
import type { TGame, TTable } from '@club/shared/tables';
import type { TUser } from '@club/shared/users';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../src/db/schema.ts';
import { ADMIN, advance, newPlayer, startTestKiosk, type TestKiosk } from './harness.ts';

/**
 * IDOR: a second ordinary user ("other") calls every route that takes the id
 * of something the first user ("owner") has — orders, games and seats, guests, prepaid hours,
 * cart lines, the profile, notifications — and is refused with the catalogue's key. Each
 * refusal is then checked to have changed nothing, by reading the thing back as its owner
 * or an admin.
 */
let k: TestKiosk;
let admin: string;
let owner: Awaited<ReturnType<typeof newPlayer>>;
let other: Awaited<ReturnType<typeof newPlayer>>;

beforeAll(async () => {
  k = await startTestKiosk();
  admin = await k.login(ADMIN.email, ADMIN.password);
  owner = await newPlayer(k, { name: 'Eier' });
  other = await newPlayer(k, { name: 'Annen' });
});
afterAll(() => k.close());

type Attempt = [method: string, path: string, body: unknown, status: number, key: string];

/** Runs each attempt as `other`, and answers the ones that did not end as expected. */
async function refusals(attempts: Attempt[], token = other.token): Promise<string[]> {
  const wrong: string[] = [];
  for (const [method, path, body, status, key] of attempts) {
    const answer = await k.call(method, path, { token, ...(body === undefined ? {} : { body }) });
    if (answer.status !== status || answer.body.message !== key || answer.body.success !== false) {
      wrong.push(`${method} ${path} ${JSON.stringify(body)} → ${answer.status} ${answer.body.message}`);
    }
  }
  return wrong;
}

const newTable = async (name: string, capacity = 4) =>
  (await k.post('/v1/table/create', { name, capacity, price_per_minute: 250 }, admin)).body.table as { id: number };
const gameAsAdmin = async (id: number) => (await k.get(`/v1/game/${id}`, admin)).body.game as TGame;
const orderAsOwner = async (id: number) => (await k.get(`/v1/order/${id}`, owner.token)).body.order as TOrderDetail;

describe('another user cannot act on what is someone else’s', () => {
  it('games: cannot pause, resume, add a guest to, leave, send a guest home from or switch another’s seat', async () => {
    const table = await newTable('IDOR 1');
    const spare = await newTable('IDOR 2');
    const game = (await k.post('/v1/game/join', { table_id: table.id }, owner.token)).body.game as TGame;
    const withGuest = (await k.post('/v1/game/join-guest', { game_id: game.id, name: 'Gjest' }, owner.token)).body
      .game as TGame;
    const guest = withGuest.players.find((p) => p.name === 'Gjest')!;
    const hostSeat = withGuest.players.find((p) => p.user_id === owner.user.id)!;
    const before = await gameAsAdmin(game.id);

    const notSeated: Attempt[] = [
      ['POST', '/v1/game/pause', { game_id: game.id }, 404, 'error.game_user_not_found'],
      ['POST', '/v1/game/unpause', { game_id: game.id }, 404, 'error.game_user_not_found'],
      ['POST', '/v1/game/join-guest', { game_id: game.id, name: 'Inntrenger' }, 404, 'error.game_user_not_found'],
      ['POST', '/v1/game/leave', { game_id: game.id }, 404, 'error.game_user_not_found'],
      ['POST', '/v1/game/leave', { game_id: game.id, player_id: guest.id }, 404, 'error.game_user_not_found'],
      ['POST', '/v1/game/leave', { game_id: game.id, player_id: hostSeat.id }, 404, 'error.game_user_not_found'],
      ['POST', '/v1/game/switch-table', { game_id: game.id, table_id: spare.id }, 404, 'error.game_user_not_found'],
      ['POST', '/v1/game/kick', { game_id: game.id, player_id: hostSeat.id }, 403, 'error.forbidden'],
    ];
    expect(await refusals(notSeated)).toEqual([]);

    // sitting at the same table gives no say over another's guests or seat either
    const joined = await k.post('/v1/game/join', { table_id: table.id }, other.token);
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    const otherSeat = (joined.body.game as TGame).players.find((p) => p.user_id === other.user.id)!;
    const seated: Attempt[] = [
      ['POST', '/v1/game/leave', { game_id: game.id, player_id: guest.id }, 404, 'error.game_user_not_found'],
      ['POST', '/v1/game/leave', { game_id: game.id, player_id: hostSeat.id }, 404, 'error.game_user_not_found'],
      ['POST', '/v1/game/kick', { game_id: game.id, player_id: guest.id }, 403, 'error.forbidden'],
    ];
    expect(await refusals(seated)).toEqual([]);
    expect((await k.post('/v1/game/leave', { game_id: game.id }, other.token)).status).toBe(200);

    const after = await gameAsAdmin(game.id);
    expect(after.status).toBe(before.status);
    const still = (id: number) => after.players.find((p) => p.id === id);
    expect(still(hostSeat.id)).toMatchObject({ status: 'joined', user_id: owner.user.id, game_id: game.id });
    expect(still(guest.id)).toMatchObject({ status: 'joined', guest_of: hostSeat.id });
    expect(after.players.some((p) => p.name === 'Inntrenger')).toBe(false);
    expect(still(otherSeat.id)?.status).toBe('left');
    expect(((await k.get(`/v1/table/${spare.id}/game`, admin)).body.game as TGame | null) ?? null).toBeNull();

    // the owner's own seat still works: they are the one who ends it
    await advance(k, 10 * 60_000);
    expect((await k.post('/v1/game/leave', { game_id: game.id }, owner.token)).status).toBe(200);
  });

  it('games: a stranger sees who plays at a table, never their bills, prices or prepaid hours', async () => {
    const table = await newTable('IDOR 4');
    // players of their own: the other tests' owner must not be left with a bill to pay
    const owner = await newPlayer(k, { name: 'Vert' });
    const other = await newPlayer(k, { name: 'Fremmed' });
    const game = (await k.post('/v1/game/join', { table_id: table.id }, owner.token)).body.game as TGame;
    await k.post('/v1/game/join-guest', { game_id: game.id, name: 'Gjest' }, owner.token);
    await advance(k, 5 * 60_000);

    const seen = await k.get(`/v1/table/${table.id}`, other.token);
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    const host = game.players[0]!;
    expect(seen.body.table).toMatchObject({
      game: null,
      lineup: {
        game_id: game.id,
        status: 'playing',
        started_at: game.started_at,
        players: [
          { id: host.id, name: host.name, guest_of: null },
          { name: 'Gjest', guest_of: host.id },
        ],
      },
    });
    const text = JSON.stringify(seen.body);
    for (const money of ['billing', 'subscription_minutes', '"total"', '"minutes"', 'user_id']) {
      expect(text).not.toContain(money);
    }
    expect(
      await refusals(
        [
          ['GET', `/v1/game/${game.id}`, undefined, 403, 'error.forbidden'],
          ['GET', `/v1/table/${table.id}/game`, undefined, 403, 'error.forbidden'],
        ],
        other.token,
      ),
    ).toEqual([]);

    // its own player and staff read the bills; so does a player who left, for their own bill
    for (const token of [owner.token, admin]) {
      const full = await k.get(`/v1/table/${table.id}`, token);
      expect((full.body.table as { game: TGame }).game.players[0]!.total).toBeGreaterThan(0);
      expect((await k.get(`/v1/game/${game.id}`, token)).status).toBe(200);
    }
    expect((await k.post('/v1/game/join', { table_id: table.id }, other.token)).status).toBe(200);
    expect((await k.post('/v1/game/leave', { game_id: game.id }, other.token)).status).toBe(200);
    expect((await k.get(`/v1/game/${game.id}`, other.token)).status).toBe(200);
    expect((await k.post('/v1/game/leave', { game_id: game.id }, owner.token)).status).toBe(200);
  });

  it('tables: the light’s relay and its MQTT topic are staff’s; everyone sees the light’s state', async () => {
    const table = await newTable('IDOR 5');
    const wired = await k.post(
      '/v1/table/update',
      {
        id: table.id,
        name: 'IDOR 5',
        capacity: 4,
        price_per_minute: 250,
        light: { kind: 'tasmota', topic: 'klubb/bord5' },
      },
      admin,
    );
    expect(wired.status, JSON.stringify(wired.body)).toBe(200);
    const listed = async (token?: string) =>
      ((await k.get('/v1/table/all', token)).body.data as TTable[]).find((t) => t.id === table.id)!;
    const one = async (token: string) => (await k.get(`/v1/table/${table.id}`, token)).body.table as TTable;

    for (const seen of [await listed(), await listed(other.token), await one(other.token)]) {
      expect(seen.light?.mode).toBe('auto');
      expect(seen).not.toHaveProperty('light_device');
      expect(JSON.stringify(seen)).not.toContain('klubb/bord5');
    }
    for (const seen of [await listed(admin), await one(admin)]) {
      expect(seen.light_device).toEqual({ kind: 'tasmota', topic: 'klubb/bord5' });
    }
  });

  it('orders: cannot read, pay, start Vipps on, poll, transfer, cancel, approve or delete another’s order', async () => {
    const table = await newTable('IDOR 3');
    const game = (await k.post('/v1/game/join', { table_id: table.id }, owner.token)).body.game as TGame;
    await advance(k, 10 * 60_000);
    const orderId = (await k.post('/v1/game/leave', { game_id: game.id }, owner.token)).body.order_id as number;
    const before = await orderAsOwner(orderId);
    expect(before).toMatchObject({ status: 'waiting', method: null });

    const notFound = 'error.order_not_found';
    const attempts: Attempt[] = [
      ['GET', `/v1/order/${orderId}`, undefined, 404, notFound],
      ['GET', `/v1/payment/status/${orderId}`, undefined, 404, notFound],
      ['POST', '/v1/order/pay', { id: orderId, method: 'physical' }, 404, notFound],
      ['POST', '/v1/order/pay', { id: orderId, method: 'pay_later' }, 404, notFound],
      ['POST', '/v1/order/pay', { id: orderId, method: 'system' }, 404, notFound],
      ['POST', '/v1/payment/physical', { order_id: orderId }, 404, notFound],
      ['POST', '/v1/payment/vipps/init', { order_id: orderId, phone: other.body.phone }, 404, notFound],
      ['POST', '/v1/payment/vipps/cancel', { order_id: orderId }, 404, notFound],
      ['POST', '/v1/order/transfer', { id: orderId, user_id: other.user.id }, 404, notFound],
      ['POST', '/v1/order/cancel', { id: orderId }, 404, notFound],
      ['POST', '/v1/order/approve', { id: orderId }, 403, 'error.forbidden'],
      ['POST', `/v1/order/delete/${orderId}`, undefined, 403, 'error.forbidden'],
      ['POST', '/v1/payment/system', { order_id: orderId }, 403, 'error.forbidden'],
    ];
    expect(await refusals(attempts)).toEqual([]);

    const after = await orderAsOwner(orderId);
    expect(after).toMatchObject({ id: orderId, status: 'waiting', method: null, total: before.total });
    expect((await k.get(`/v1/order/${orderId}`, admin)).body.order).toMatchObject({ user_id: owner.user.id });
    expect(
      await k.kiosk.database.db.select().from(payments).where(eq(payments.orderId, orderId)),
      'no payment was started',
    ).toEqual([]);
    const waiting = (await k.get('/v1/order/waiting', other.token)).body.data as { id: number }[];
    expect(waiting.map((o) => o.id)).not.toContain(orderId);
    const mine = (await k.get('/v1/order/waiting', owner.token)).body.data as { id: number }[];
    expect(mine.map((o) => o.id)).toContain(orderId);
  });

  it('shop orders and the cart: cannot cancel another’s order or change or empty their cart', async () => {
    const product = (await k.post('/v1/product/create', { name: 'Cola', price: 3900, count: 10 }, admin)).body
      .product as { id: number };
    expect((await k.post('/v1/cart/add', { product_id: product.id, count: 2 }, owner.token)).status).toBe(200);
    const order = (await k.post('/v1/order/init', {}, owner.token)).body.order as { id: number };
    const cart = (await k.post('/v1/cart/add', { product_id: product.id, count: 1 }, owner.token)).body.cart as TCart;
    const item = cart.items[0]!;

    expect(
      await refusals([
        ['POST', '/v1/order/cancel', { id: order.id }, 404, 'error.order_not_found'],
        ['POST', '/v1/cart/update', { item_id: item.id, count: 5 }, 404, 'error.items_not_found'],
        ['POST', '/v1/cart/remove', { item_id: item.id }, 404, 'error.items_not_found'],
      ]),
    ).toEqual([]);

    expect(await orderAsOwner(order.id)).toMatchObject({ status: 'waiting' });
    expect(((await k.get('/v1/cart', owner.token)).body.cart as TCart).items).toEqual(cart.items);
    expect(((await k.get('/v1/cart', other.token)).body.cart as TCart).items).toEqual([]);
  });

  it('prepaid hours: cannot pause, resume or delete another’s subscription', async () => {
    const product = (await k.post('/v1/subscription/create', { name: '10 timer', duration: 10, price: 120000 }, admin))
      .body.subscription as { id: number };
    const given = await k.post('/v1/subscription/add', { user_id: owner.user.id, subscription_id: product.id }, admin);
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    const mine = given.body.subscription as TUserSubscription;
    const paused = (await k.post('/v1/subscription/pause', { id: mine.id }, owner.token)).body
      .subscription as TUserSubscription;
    expect(paused.status).toBe('paused');

    const notFound = 'error.subscription_not_found';
    expect(
      await refusals([
        ['POST', '/v1/subscription/unpause', { id: mine.id }, 404, notFound],
        ['POST', '/v1/subscription/pause', { id: mine.id }, 404, notFound],
        ['POST', '/v1/subscription/remove', { id: mine.id }, 404, notFound],
        ['GET', `/v1/user/${owner.user.id}/subscriptions`, undefined, 403, 'error.forbidden'],
        [
          'POST',
          '/v1/subscription/add',
          { user_id: other.user.id, subscription_id: product.id },
          403,
          'error.forbidden',
        ],
      ]),
    ).toEqual([]);

    const after = (await k.get('/v1/user/my-subscriptions', owner.token)).body.data as TUserSubscription[];
    expect(after.find((s) => s.id === mine.id)).toMatchObject({ status: 'paused', remaining_minutes: 600 });
    expect((await k.get('/v1/user/my-subscriptions', other.token)).body.data).toEqual([]);
  });

  it('the profile: cannot read or edit another user, nor make themself admin', async () => {
    const edit = {
      id: owner.user.id,
      name: 'Kapret',
      surname: 'Konto',
      email: 'kapret@example.no',
      phone: '40000001',
      role: owner.user.role_id,
    };
    expect(
      await refusals([
        ['GET', `/v1/user/${owner.user.id}`, undefined, 403, 'error.forbidden'],
        ['POST', '/v1/user/update', edit, 403, 'error.forbidden'],
        ['POST', '/v1/user/update', { ...edit, is_admin: true }, 403, 'error.forbidden'],
        ['GET', `/v1/report/user/${owner.user.id}`, undefined, 403, 'error.forbidden'],
        ['POST', `/v1/user/delete/${owner.user.id}`, undefined, 403, 'error.forbidden'],
        [
          'POST',
          '/v1/user/update',
          { ...edit, id: other.user.id, email: other.body.email, phone: other.body.phone, is_admin: true },
          403,
          'error.forbidden',
        ],
      ]),
    ).toEqual([]);
    const profile = (await k.get('/v1/user/profile', owner.token)).body.user as TUser;
    expect(profile).toMatchObject({ name: 'Eier', email: owner.user.email, phone: owner.user.phone });
    expect((await k.get('/v1/user/profile', other.token)).body.user).toMatchObject({ is_admin: false });
  });

  it('notifications: cannot see or mark read one addressed to another user', async () => {
    const created = await k.post(
      '/v1/notification/create',
      { message: 'Bare for deg', audience: 'user', user_id: owner.user.id },
      admin,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = (created.body.notification as { id: number }).id;

    expect(
      await refusals([
        ['POST', `/v1/notification/read/${id}`, undefined, 404, 'error.not_found'],
        ['POST', `/v1/notification/delete/${id}`, undefined, 403, 'error.forbidden'],
        ['POST', '/v1/notification/update', { id, message: 'Endret', audience: 'all' }, 403, 'error.forbidden'],
      ]),
    ).toEqual([]);
    const others = (await k.get('/v1/notification/my', other.token)).body.data as TNotification[];
    expect(others.map((n) => n.id)).not.toContain(id);
    const owners = (await k.get('/v1/notification/my', owner.token)).body.data as TNotification[];
    expect(owners.find((n) => n.id === id)).toMatchObject({ message: 'Bare for deg', read_at: null });
  });
});
