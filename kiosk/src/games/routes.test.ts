import type { TGame, TTable } from '@club/shared/tables';
import { asc, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, advance, newPlayer, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';
import { orderItems, orders, outbox, players, subscriptionProducts, userSubscriptions } from '../db/schema.ts';

const MIN = 60_000;
let k: TestKiosk;
let admin: string;

beforeAll(async () => {
  k = await startTestKiosk();
  admin = await k.login(ADMIN.email, ADMIN.password);
});
afterAll(() => k.close());

async function newTable(fields: Record<string, unknown> = {}) {
  const answer = await k.post(
    '/v1/table/create',
    { name: `Bord ${Math.random().toString(36).slice(2, 6)}`, capacity: 4, price_per_minute: 250, ...fields },
    admin,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.table as TTable;
}
/** A role's price through the admin's route, as the club sets it (the kiosk keeps prices in memory). */
async function setPrice(roleId: number, tableId: number | null, price: number) {
  const answer = await k.post(
    '/v1/pricing/update',
    { role_id: roleId, table_id: tableId, price_per_minute: price },
    admin,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}
const join = (tableId: number, token: string) => k.post('/v1/game/join', { table_id: tableId }, token);
const gameOf = (answer: { body: Record<string, unknown> }) => answer.body.game as TGame;
const outboxCount = async () => (await k.kiosk.database.db.select().from(outbox)).length;
const playerCount = async () => (await k.kiosk.database.db.select().from(players)).length;

describe('joining', () => {
  it('starts a game on a free table, then seats the next player in it', async () => {
    const table = await newTable();
    const a = await newPlayer(k);
    const b = await newPlayer(k);
    const first = await join(table.id, a.token);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const game = gameOf(first);
    expect(game).toMatchObject({ table_id: table.id, status: 'playing', ended_at: null });
    expect(game.players).toHaveLength(1);
    expect(game.players[0]).toMatchObject({
      user_id: a.user.id,
      status: 'joined',
      price_per_minute: 250,
      minutes: 0,
      total: 0,
    });
    expect(game.players[0]!.billing.segments).toHaveLength(1);

    const second = gameOf(await join(table.id, b.token));
    expect(second.id).toBe(game.id);
    expect(second.players).toHaveLength(2);

    const listed = ((await k.get('/v1/table/all')).body.data as TTable[]).find((t) => t.id === table.id);
    expect(listed).toMatchObject({ status: 'playing', players_count: 2, game_id: game.id, capacity: 4 });
    expect((await k.get('/v1/game/active', b.token)).body.game).toMatchObject({ id: game.id });
    expect((await k.get(`/v1/table/${table.id}/game`, b.token)).body.game).toMatchObject({ id: game.id });
  });

  it('answers the catalogue key for each refusal, and writes nothing', async () => {
    const table = await newTable({ capacity: 1 });
    const other = await newTable();
    const closed = await newTable({ active: false });
    const a = await newPlayer(k);
    const b = await newPlayer(k);
    await join(table.id, a.token);
    const before = [await outboxCount(), await playerCount()];

    expect(await join(999999, b.token)).toMatchObject({ status: 404, body: { message: 'error.table_not_found' } });
    expect(await join(table.id, b.token)).toMatchObject({ status: 409, body: { message: 'error.table_full' } });
    expect(await join(table.id, a.token)).toMatchObject({
      status: 409,
      body: { message: 'error.user_already_joined_game' },
    });
    expect(await join(other.id, a.token)).toMatchObject({
      status: 409,
      body: { message: 'error.user_already_playing' },
    });
    expect(await join(closed.id, b.token)).toMatchObject({
      status: 400,
      body: { message: 'error.unable_to_join_game' },
    });
    expect((await k.post('/v1/game/join', {}, b.token)).body).toMatchObject({
      message: 'error.validation_failed',
      errors: { table_id: 'validation.required' },
    });
    expect((await join(table.id, '')).status).toBe(401);
    expect([await outboxCount(), await playerCount()]).toEqual(before);

    expect((await k.get('/v1/game/active', b.token)).body.game).toBeNull();
    expect((await k.get(`/v1/table/${other.id}/game`, b.token)).body.message).toBe('error.table_game_not_found');
    expect((await k.get('/v1/game/999999', b.token)).body.message).toBe('error.game_not_found');
  });

  it('fixes the price at join: table-specific role price, then role price, then the table’s', async () => {
    const table = await newTable({ price_per_minute: 300 });
    const special = await newTable({ price_per_minute: 300 });
    await setPrice(1, null, 170);
    await setPrice(1, special.id, 120);
    const member = await newPlayer(k);
    await k.post(
      '/v1/user/update',
      { id: member.user.id, name: 'M', surname: 'M', email: member.user.email, phone: member.user.phone, role: 1 },
      admin,
    );
    expect(gameOf(await join(table.id, member.token)).players[0]!.price_per_minute).toBe(170);
    const player = gameOf(await k.get('/v1/game/active', member.token));
    await k.post('/v1/game/leave', { game_id: player.id }, member.token);
    expect(gameOf(await join(special.id, member.token)).players[0]!.price_per_minute).toBe(120);
  });
});

describe('the last seat', () => {
  it('goes to exactly one of 20 players asking at once', async () => {
    const table = await newTable({ capacity: 4 });
    const seated = await Promise.all([1, 2, 3].map(() => newPlayer(k)));
    for (const p of seated) expect((await join(table.id, p.token)).status).toBe(200);
    const crowd = await Promise.all(Array.from({ length: 20 }, () => newPlayer(k)));
    const answers = await Promise.all(crowd.map((p) => join(table.id, p.token)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.message === 'error.table_full')).toHaveLength(19);
    const game = gameOf(await k.get(`/v1/table/${table.id}/game`, seated[0]!.token));
    expect(game.players.filter((p) => p.status === 'joined')).toHaveLength(4);
  });

  it('lets one person start only one game when they ask at two tables at once', async () => {
    const [t1, t2] = [await newTable(), await newTable()];
    const p = await newPlayer(k);
    const answers = await Promise.all([join(t1.id, p.token), join(t2.id, p.token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.message).toBe('error.user_already_playing');
  });
});

describe('guests', () => {
  it('adds a guest by name at the guest role’s price, refusing taken names and full tables', async () => {
    const table = await newTable({ capacity: 3 });
    await setPrice(3, table.id, 200);
    const host = await newPlayer(k, { name: 'Hanne', surname: 'Vert' });
    const game = gameOf(await join(table.id, host.token));
    const added = await k.post('/v1/game/join-guest', { game_id: game.id, name: 'Gunnar' }, host.token);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const guest = gameOf(added).players.find((p) => p.name === 'Gunnar')!;
    expect(guest).toMatchObject({
      user_id: null,
      guest_of: gameOf(added).players[0]!.id,
      role_id: 3,
      price_per_minute: 200,
    });

    expect((await k.post('/v1/game/join-guest', { game_id: game.id, name: 'gunnar' }, host.token)).body.message).toBe(
      'error.player_name_taken',
    );
    expect(
      (await k.post('/v1/game/join-guest', { game_id: game.id, name: 'hanne vert' }, host.token)).body.message,
    ).toBe('error.player_name_taken');
    await k.post('/v1/game/join-guest', { game_id: game.id, name: 'Greta' }, host.token);
    expect(await k.post('/v1/game/join-guest', { game_id: game.id, name: 'Geir' }, host.token)).toMatchObject({
      status: 409,
      body: { message: 'error.table_full' },
    });
    const stranger = await newPlayer(k);
    expect((await k.post('/v1/game/join-guest', { game_id: game.id, name: 'Gro' }, stranger.token)).body.message).toBe(
      'error.game_user_not_found',
    );
    expect((await k.post('/v1/game/join-guest', { game_id: 999999, name: 'Gro' }, host.token)).body.message).toBe(
      'error.game_not_found',
    );
    expect(
      (await k.post('/v1/game/join-guest', { game_id: game.id, name: '  ' }, host.token)).body.errors,
    ).toMatchObject({ name: 'validation.required' });

    const [me] = gameOf(await k.get(`/v1/game/${game.id}`, host.token)).players;
    const gone = await k.post('/v1/game/leave', { game_id: game.id, player_id: guest.id }, host.token);
    expect(gone.body).toMatchObject({ success: true, order_id: null });
    expect(gameOf(await k.get(`/v1/game/${game.id}`, host.token)).players.find((p) => p.id === guest.id)?.status).toBe(
      'left',
    );
    expect(me?.status).toBe('joined');
  });
});

describe('pause, bill and leave', () => {
  it('charges exactly what the table showed at the moment of leaving', async () => {
    const table = await newTable({ price_per_minute: 250 });
    const a = await newPlayer(k);
    const game = gameOf(await join(table.id, a.token));
    await advance(k, 10 * MIN);
    const shown10 = gameOf(await k.get(`/v1/game/${game.id}`, a.token)).players[0]!;
    expect(shown10).toMatchObject({ minutes: 10, total: 2500 });

    expect(gameOf(await k.post('/v1/game/pause', { game_id: game.id }, a.token)).status).toBe('paused');
    expect(await k.post('/v1/game/pause', { game_id: game.id }, a.token)).toMatchObject({
      status: 400,
      body: { message: 'error.nothing_happened' },
    });
    await advance(k, 30 * MIN);
    expect(gameOf(await k.get(`/v1/game/${game.id}`, a.token)).players[0]!.total).toBe(2500);
    expect(gameOf(await k.post('/v1/game/unpause', { game_id: game.id }, a.token)).status).toBe('playing');
    expect((await k.post('/v1/game/unpause', { game_id: game.id }, a.token)).body.message).toBe(
      'error.nothing_happened',
    );
    await advance(k, 4 * MIN + 20_000);

    const shown = gameOf(await k.get(`/v1/game/${game.id}`, a.token)).players[0]!;
    expect(shown).toMatchObject({ minutes: 15, total: 15 * 250 });
    const left = await k.post('/v1/game/leave', { game_id: game.id }, a.token);
    expect(left.status).toBe(200);
    const orderId = left.body.order_id as number;
    const db = k.kiosk.database.db;
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      userId: a.user.id,
      status: 'waiting',
      kind: 'game',
      total: shown.total,
      subtotal: shown.total,
    });
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      kind: 'game',
      quantity: 15,
      unitPrice: 250,
      total: 3750,
      tableId: table.id,
      minutes: 15,
    });

    // the last one out ended the game and freed the table
    expect(gameOf(await k.get(`/v1/game/${game.id}`, a.token))).toMatchObject({ status: 'ended' });
    expect(((await k.get('/v1/table/all')).body.data as TTable[]).find((t) => t.id === table.id)).toMatchObject({
      status: 'free',
      game_id: null,
    });
    expect((await k.post('/v1/game/leave', { game_id: game.id }, a.token)).body.message).toBe('error.game_not_found');
    expect((await k.post('/v1/game/pause', { game_id: game.id }, a.token)).body.message).toBe('error.game_not_found');
  });

  it('lets only players at the table (or admins) pause', async () => {
    const table = await newTable();
    const a = await newPlayer(k);
    const game = gameOf(await join(table.id, a.token));
    const stranger = await newPlayer(k);
    expect((await k.post('/v1/game/pause', { game_id: game.id }, stranger.token)).body.message).toBe(
      'error.game_user_not_found',
    );
    expect((await k.post('/v1/game/pause', { game_id: game.id }, admin)).status).toBe(200);
  });

  it('answers a pause and a resume with the game exactly as it is read afterwards', async () => {
    const table = await newTable();
    const [a, b] = [await newPlayer(k), await newPlayer(k)];
    await join(table.id, a.token);
    const game = gameOf(await join(table.id, b.token));
    await advance(k, 7 * MIN);
    for (const path of ['/v1/game/pause', '/v1/game/unpause', '/v1/game/pause']) {
      const answer = await k.post(path, { game_id: game.id }, a.token);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(gameOf(answer)).toEqual((await k.get(`/v1/game/${game.id}`, b.token)).body.game);
      await advance(k, 3 * MIN);
    }
  });

  it('answers a join with the game exactly as it is read afterwards, a new game or one paused and left', async () => {
    const table = await newTable();
    const [a, b, c] = [await newPlayer(k), await newPlayer(k), await newPlayer(k)];
    const started = await join(table.id, a.token);
    expect(gameOf(started)).toEqual((await k.get(`/v1/game/${gameOf(started).id}`, a.token)).body.game);
    const id = gameOf(started).id;
    await join(table.id, b.token);
    await advance(k, 4 * MIN);
    const paused = gameOf(await k.post('/v1/game/pause', { game_id: id }, a.token));
    await advance(k, 2 * MIN);
    const resumed = gameOf(await k.post('/v1/game/unpause', { game_id: id }, a.token));
    // the pause as written when it began, and as read back from the log when it ended: the same time, written alike
    const [pause] = paused.pauses;
    expect(pause).toEqual({ from: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/), to: null });
    expect(resumed.pauses).toEqual([
      { from: pause!.from, to: new Date(Date.parse(pause!.from) + 2 * MIN).toISOString() },
    ]);
    await k.post('/v1/game/leave', { game_id: id }, b.token);
    await advance(k, 3 * MIN);
    const joined = gameOf(await join(table.id, c.token));
    expect(joined.players.map((p) => [p.user_id, p.status])).toEqual([
      [a.user.id, 'joined'],
      [b.user.id, 'left'],
      [c.user.id, 'joined'],
    ]);
    // the game carries its pauses once; its players' segments in it leave them out
    expect(joined.pauses).toHaveLength(1);
    expect(joined.players.flatMap((p) => p.billing.segments.map((s) => [s.game_id, s.pauses]))).toEqual([
      [id, undefined],
      [id, undefined],
      [id, undefined],
    ]);
    expect(joined).toEqual((await k.get(`/v1/game/${id}`, c.token)).body.game);
  });

  it('shows each game with its own players and pauses only, among other games', async () => {
    const [one, two] = [await newTable(), await newTable()];
    const [a, b, c] = [await newPlayer(k), await newPlayer(k), await newPlayer(k)];
    const first = gameOf(await join(one.id, a.token));
    await join(two.id, b.token);
    const second = gameOf(await join(two.id, c.token));
    expect((await k.post('/v1/game/pause', { game_id: second.id }, b.token)).status).toBe(200);
    await k.post('/v1/game/leave', { game_id: second.id }, c.token);

    const read = async (id: number) => (await k.get(`/v1/game/${id}`, admin)).body.game as TGame;
    const [viewOne, viewTwo] = [await read(first.id), await read(second.id)];
    expect(viewOne.players.map((p) => p.user_id)).toEqual([a.user.id]);
    expect(viewOne.pauses).toEqual([]);
    expect(viewTwo.players.map((p) => [p.user_id, p.status])).toEqual([
      [b.user.id, 'joined'],
      [c.user.id, 'left'],
    ]);
    expect(viewTwo.players.every((p) => p.game_id === second.id)).toBe(true);
    expect(viewTwo.pauses).toHaveLength(1);
    expect(viewTwo.players[1]!.joined_at).toBe(second.players[1]!.joined_at);
  });

  it('bills the host for their guests and leaves them with the host', async () => {
    const table = await newTable({ price_per_minute: 100 });
    await setPrice(3, table.id, 50);
    const host = await newPlayer(k);
    const stays = await newPlayer(k);
    const game = gameOf(await join(table.id, host.token));
    await join(table.id, stays.token);
    await k.post('/v1/game/join-guest', { game_id: game.id, name: 'Gjesten' }, host.token);
    await advance(k, 10 * MIN);
    const order_id = (await k.post('/v1/game/leave', { game_id: game.id }, host.token)).body.order_id as number;
    const items = await k.kiosk.database.db.select().from(orderItems).where(eq(orderItems.orderId, order_id));
    expect(items.map((i) => [i.quantity, i.unitPrice, i.total]).sort()).toEqual([
      [10, 100, 1000],
      [10, 50, 500],
    ]);
    const after = gameOf(await k.get(`/v1/game/${game.id}`, stays.token));
    expect(after.status).toBe('playing');
    expect(after.players.filter((p) => p.status === 'joined').map((p) => p.user_id)).toEqual([stays.user.id]);
  });

  it('lets an active subscription pay the first minutes', async () => {
    const table = await newTable({ price_per_minute: 200 });
    const p = await newPlayer(k);
    const db = k.kiosk.database.db;
    const [product] = await db
      .insert(subscriptionProducts)
      .values({ name: '1 time', durationHours: 1, price: 10000 })
      .returning();
    const [sub] = await db
      .insert(userSubscriptions)
      .values({
        userId: p.user.id,
        subscriptionId: product!.id,
        name: '1 time',
        durationHours: 1,
        usedMinutes: 50,
        status: 'active',
      })
      .returning();
    const game = gameOf(await join(table.id, p.token));
    await advance(k, 15 * MIN);
    expect(gameOf(await k.get(`/v1/game/${game.id}`, p.token)).players[0]).toMatchObject({
      minutes: 15,
      total: 5 * 200,
    });
    const order_id = (await k.post('/v1/game/leave', { game_id: game.id }, p.token)).body.order_id as number;
    const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, order_id));
    expect(item).toMatchObject({ minutes: 15, subscriptionMinutes: 10, total: 1000 });
    const [used] = await db.select().from(userSubscriptions).where(eq(userSubscriptions.id, sub!.id));
    expect(used).toMatchObject({ usedMinutes: 60, status: 'expired' });
  });
});

describe('switching table', () => {
  it('moves the player and guests, and one order lists each table', async () => {
    const cheap = await newTable({ price_per_minute: 100 });
    const dear = await newTable({ price_per_minute: 300 });
    const p = await newPlayer(k);
    const game = gameOf(await join(cheap.id, p.token));
    await k.post('/v1/game/join-guest', { game_id: game.id, name: 'Med' }, p.token);
    await advance(k, 2 * MIN);
    await k.post('/v1/game/pause', { game_id: game.id }, p.token);
    await advance(k, MIN);
    await k.post('/v1/game/unpause', { game_id: game.id }, p.token);
    await advance(k, 3 * MIN);
    expect(
      (await k.post('/v1/game/switch-table', { game_id: game.id, table_id: cheap.id }, p.token)).body.message,
    ).toBe('error.unable_to_transfer_user');
    expect((await k.post('/v1/game/switch-table', { game_id: game.id, table_id: 999999 }, p.token)).body.message).toBe(
      'error.table_not_found',
    );
    const moved = await k.post('/v1/game/switch-table', { game_id: game.id, table_id: dear.id }, p.token);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const there = gameOf(moved);
    expect(there.table_id).toBe(dear.id);
    expect(there.players).toHaveLength(2);
    expect(there.players[0]!.billing.segments.map((s) => s.table_id)).toEqual([cheap.id, dear.id]);
    // the earlier table's game carries its own pauses along; the segment here takes the game's
    expect(there.players[0]!.billing.segments.map((s) => [s.game_id, s.pauses?.length])).toEqual([
      [game.id, 1],
      [there.id, undefined],
    ]);
    expect(gameOf(await k.get(`/v1/game/${game.id}`, p.token)).status).toBe('ended');
    await advance(k, 5 * MIN);
    const shown = gameOf(await k.get(`/v1/game/${there.id}`, p.token)).players;
    const order_id = (await k.post('/v1/game/leave', { game_id: there.id }, p.token)).body.order_id as number;
    const [order] = await k.kiosk.database.db.select().from(orders).where(eq(orders.id, order_id));
    expect(order!.total).toBe(shown.reduce((sum, pl) => sum + pl.total, 0));
    const items = await k.kiosk.database.db.select().from(orderItems).where(eq(orderItems.orderId, order_id));
    expect(items.map((i) => [i.tableId, i.minutes]).sort()).toEqual(
      [
        [cheap.id, 5],
        [cheap.id, 5],
        [dear.id, 5],
        [dear.id, 5],
      ].sort(),
    );
  });

  it('refuses a full table', async () => {
    const from = await newTable();
    const full = await newTable({ capacity: 1 });
    const [a, b] = [await newPlayer(k), await newPlayer(k)];
    await join(full.id, a.token);
    const game = gameOf(await join(from.id, b.token));
    expect(await k.post('/v1/game/switch-table', { game_id: game.id, table_id: full.id }, b.token)).toMatchObject({
      status: 409,
      body: { message: 'error.table_full' },
    });
    expect(gameOf(await k.get('/v1/game/active', b.token)).id).toBe(game.id);
  });
});

describe('kicking', () => {
  it('lets an admin remove a host (with an order) or a guest (billed on the host)', async () => {
    const table = await newTable();
    const p = await newPlayer(k);
    const game = gameOf(await join(table.id, p.token));
    const withGuest = gameOf(await k.post('/v1/game/join-guest', { game_id: game.id, name: 'Ut' }, p.token));
    const guest = withGuest.players.find((pl) => pl.name === 'Ut')!;
    const host = withGuest.players.find((pl) => pl.user_id === p.user.id)!;

    expect((await k.post('/v1/game/kick', { game_id: game.id, player_id: host.id }, p.token)).status).toBe(403);
    expect((await k.post('/v1/game/kick', { game_id: game.id, player_id: 999999 }, admin)).body.message).toBe(
      'error.game_user_not_found',
    );
    expect((await k.post('/v1/game/kick', { game_id: game.id, player_id: guest.id }, admin)).body).toMatchObject({
      success: true,
      order_id: null,
    });
    await advance(k, 3 * MIN);
    const kicked = await k.post('/v1/game/kick', { game_id: game.id, player_id: host.id }, admin);
    expect(kicked.body.order_id).toEqual(expect.any(Number));
    const [order] = await k.kiosk.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, kicked.body.order_id as number));
    expect(order).toMatchObject({ userId: p.user.id, status: 'waiting' });
    const events = await k.kiosk.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.type, 'player.kicked'))
      // in the order written: delivering an event updates its row, which moves it on PostgreSQL
      .orderBy(asc(outbox.id));
    expect(events.at(-1)?.payload).toMatchObject({
      game_id: game.id,
      player_id: host.id,
      user_id: p.user.id,
      order_id: order!.id,
    });
    expect((await k.get('/v1/game/active', p.token)).body.game).toBeNull();
  });
});

describe('tables', () => {
  it('are listed publicly without names, and shown with their game to logged-in users', async () => {
    const table = await newTable();
    const p = await newPlayer(k);
    await join(table.id, p.token);
    const list = await k.get('/v1/table/all');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(p.user.email);
    expect((await k.get(`/v1/table/${table.id}`)).status).toBe(401);
    const one = await k.get(`/v1/table/${table.id}`, p.token);
    expect((one.body.table as { game: TGame }).game.players[0]!.name).toBe(`${p.user.name} ${p.user.surname}`);
    expect((await k.get('/v1/table/999999', p.token)).body.message).toBe('error.table_not_found');
  });

  it('are edited and deleted by admins, never with a game running', async () => {
    const table = await newTable();
    const updated = await k.post(
      '/v1/table/update',
      { id: table.id, name: 'Nytt navn', capacity: 6, price_per_minute: 199, x: 10, y: 90 },
      admin,
    );
    expect(updated.body.table).toMatchObject({
      name: 'Nytt navn',
      capacity: 6,
      price_per_minute: 199,
      x: 10,
      y: 90,
      active: true,
    });
    expect(
      (await k.post('/v1/table/update', { id: 999999, name: 'x', capacity: 2, price_per_minute: 1 }, admin)).body
        .message,
    ).toBe('error.table_not_found');
    expect(
      (await k.post('/v1/table/create', { name: 'x', capacity: 0, price_per_minute: -1 }, admin)).body.errors,
    ).toMatchObject({
      capacity: 'validation.min',
      price_per_minute: 'validation.min',
    });
    const p = await newPlayer(k);
    expect((await k.post('/v1/table/create', { name: 'x', capacity: 2, price_per_minute: 1 }, p.token)).status).toBe(
      403,
    );
    const game = gameOf(await join(table.id, p.token));
    expect(await k.post(`/v1/table/delete/${table.id}`, {}, admin)).toMatchObject({
      status: 409,
      body: { message: 'error.table_in_use' },
    });
    await k.post('/v1/game/leave', { game_id: game.id }, p.token);
    expect((await k.post(`/v1/table/delete/${table.id}`, {}, admin)).body.success).toBe(true);
    expect((await k.get('/v1/table/all')).body.data as TTable[]).not.toContainEqual(
      expect.objectContaining({ id: table.id }),
    );
    expect((await k.post(`/v1/table/delete/${table.id}`, {}, admin)).body.message).toBe('error.table_not_found');
  });
});

describe('every change reaches the outbox in its own transaction', () => {
  it('writes game and table events on join, pause and leave', async () => {
    const table = await newTable();
    const p = await newPlayer(k);
    const [last] = await k.kiosk.database.db.select({ id: outbox.id }).from(outbox).orderBy(desc(outbox.id)).limit(1);
    const start = last?.id ?? 0;
    const game = gameOf(await join(table.id, p.token));
    await advance(k, 60_000);
    await k.post('/v1/game/pause', { game_id: game.id }, p.token);
    await k.post('/v1/game/leave', { game_id: game.id }, p.token);
    const rows = await k.kiosk.database.db.select().from(outbox).where(gt(outbox.id, start)).orderBy(asc(outbox.id));
    expect(rows.map((r) => r.type)).toEqual([
      'game.updated',
      'table.updated',
      'game.updated',
      'table.updated',
      'game.updated',
      'table.updated',
      'order.created',
    ]);
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => a - b));
  });
});

describe('billing settings', () => {
  it('are read by players and changed by admins', async () => {
    const p = await newPlayer(k);
    expect((await k.get('/v1/settings/billing', p.token)).body.settings).toEqual({
      rounding_minutes: 1,
      minimum_charge: 0,
      grace_minutes: 0,
    });
    expect(
      (await k.post('/v1/settings/billing', { rounding_minutes: 5, minimum_charge: 0, grace_minutes: 0 }, p.token))
        .status,
    ).toBe(403);
    expect(
      (await k.post('/v1/settings/billing', { rounding_minutes: 7, minimum_charge: 0, grace_minutes: 0 }, admin)).body
        .message,
    ).toBe('error.validation_failed');
    const table = await newTable({ price_per_minute: 100 });
    const saved = await k.post(
      '/v1/settings/billing',
      { rounding_minutes: 15, minimum_charge: 0, grace_minutes: 0 },
      admin,
    );
    expect(saved.body.settings).toMatchObject({ rounding_minutes: 15 });
    const game = gameOf(await join(table.id, p.token));
    await advance(k, 2 * MIN);
    expect(gameOf(await k.get(`/v1/game/${game.id}`, p.token)).players[0]).toMatchObject({ minutes: 15, total: 1500 });
    await k.post('/v1/settings/billing', { rounding_minutes: 1, minimum_charge: 0, grace_minutes: 0 }, admin);
  });
});
