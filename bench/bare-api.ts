/**
 * The baseline of bench/api.ts: bare Hono handlers on @hono/node-server doing the database
 * work of the kiosk's hot calls with Drizzle on the same engine and the same data — no
 * auth, no validation, no billing, no event log, no outbox. Run as its own process with
 * PORT and DATABASE_URL or DATA_DIR (a copy of the kiosk's PGlite folder).
 */
import { openDatabase } from '@club/kiosk/db/client';
import { gameEvents, games, orderEvents, orderItems, orders, players, poolTables, users } from '@club/kiosk/db/schema';
import { serve } from '@hono/node-server';
import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import { Hono } from 'hono';

const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR ?? 'memory://' });
const { db } = database;

async function gameWithPlayers(id: number) {
  const [game] = await db.select().from(games).where(eq(games.id, id)).limit(1);
  if (!game) return null;
  const rows = await db
    .select()
    .from(players)
    .where(eq(players.gameId, id))
    .orderBy(asc(players.joinedAt), asc(players.id));
  return { ...game, players: rows };
}

const app = new Hono();

app.get('/health', (c) => c.json({ ok: true }));

// the same single query as the kiosk's table list: tables, running game, seated count
app.get('/table/all', async (c) => {
  const seated = db
    .select({ gameId: players.gameId, n: count().as('n') })
    .from(players)
    .where(eq(players.status, 'joined'))
    .groupBy(players.gameId)
    .as('seated');
  const rows = await db
    .select({ table: poolTables, gameId: games.id, status: games.status, players: seated.n })
    .from(poolTables)
    .leftJoin(games, and(eq(games.tableId, poolTables.id), ne(games.status, 'ended')))
    .leftJoin(seated, eq(seated.gameId, games.id))
    .where(isNull(poolTables.deletedAt))
    .orderBy(asc(poolTables.id));
  return c.json({ data: rows });
});

app.get('/game/:id', async (c) => {
  const game = await gameWithPlayers(Number(c.req.param('id')));
  return game ? c.json({ game }) : c.json({ error: 'not found' }, 404);
});

// sit down: lock the table, start its game if none runs, insert the seat; answer the game
app.post('/game/join', async (c) => {
  const { user_id, table_id } = await c.req.json<{ user_id: number; table_id: number }>();
  const gameId = await db.transaction(async (tx) => {
    const [table] = await tx.select().from(poolTables).where(eq(poolTables.id, table_id)).for('update');
    if (!table) throw new Error('no such table');
    let [game] = await tx
      .select()
      .from(games)
      .where(and(eq(games.tableId, table_id), ne(games.status, 'ended')))
      .limit(1);
    const now = new Date();
    if (!game)
      [game] = await tx.insert(games).values({ tableId: table_id, status: 'playing', startedAt: now }).returning();
    const [user] = await tx.select().from(users).where(eq(users.id, user_id)).limit(1);
    if (!user || !game) throw new Error('no such user');
    await tx.insert(players).values({
      gameId: game.id,
      userId: user_id,
      name: `${user.name} ${user.surname}`,
      roleId: user.roleId,
      pricePerMinute: table.pricePerMinute,
      joinedAt: now,
      status: 'joined',
    });
    return game.id;
  });
  return c.json({ game: await gameWithPlayers(gameId) });
});

// stand up: end the seat, end the game when it empties, write the waiting order
app.post('/game/leave', async (c) => {
  const { user_id, game_id } = await c.req.json<{ user_id: number; game_id: number }>();
  const orderId = await db.transaction(async (tx) => {
    const now = new Date();
    const [seat] = await tx
      .update(players)
      .set({ status: 'left', leftAt: now })
      .where(and(eq(players.gameId, game_id), eq(players.userId, user_id), eq(players.status, 'joined')))
      .returning();
    if (!seat) throw new Error('not seated');
    const [left] = await tx
      .select({ n: count() })
      .from(players)
      .where(and(eq(players.gameId, game_id), eq(players.status, 'joined')));
    if (!left?.n) await tx.update(games).set({ status: 'ended', endedAt: now }).where(eq(games.id, game_id));
    const minutes = Math.ceil((now.getTime() - seat.joinedAt.getTime()) / 60_000);
    const total = minutes * seat.pricePerMinute;
    const [order] = await tx
      .insert(orders)
      .values({ userId: user_id, kind: 'game', status: 'waiting', subtotal: total, total })
      .returning({ id: orders.id });
    await tx.update(players).set({ orderId: order!.id }).where(eq(players.id, seat.id));
    return order!.id;
  });
  return c.json({ order_id: orderId });
});

// pause or resume: lock the table, flip the game's status, log it; answer the game
app.post('/game/pause', async (c) => {
  const { game_id, paused } = await c.req.json<{ game_id: number; paused: boolean }>();
  await db.transaction(async (tx) => {
    const [found] = await tx.select({ tableId: games.tableId }).from(games).where(eq(games.id, game_id)).limit(1);
    if (!found) throw new Error('no such game');
    await tx.select({ id: poolTables.id }).from(poolTables).where(eq(poolTables.id, found.tableId)).for('update');
    const [game] = await tx
      .update(games)
      .set({ status: paused ? 'paused' : 'playing' })
      .where(and(eq(games.id, game_id), eq(games.status, paused ? 'playing' : 'paused')))
      .returning({ id: games.id });
    if (!game) throw new Error('nothing happened');
    await tx.insert(gameEvents).values({ gameId: game_id, kind: paused ? 'paused' : 'unpaused', at: new Date() });
  });
  return c.json({ game: await gameWithPlayers(game_id) });
});

// pay at the kiosk's card terminal: lock the order, mark the method, log it; answer the order
app.post('/order/pay', async (c) => {
  const { user_id, order_id } = await c.req.json<{ user_id: number; order_id: number }>();
  const order = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, order_id), eq(orders.userId, user_id)))
      .for('update');
    if (locked?.status !== 'waiting') throw new Error('no such order');
    const [updated] = await tx
      .update(orders)
      .set({ method: 'physical', updatedAt: new Date() })
      .where(eq(orders.id, order_id))
      .returning();
    await tx.insert(orderEvents).values({
      orderId: order_id,
      actorUserId: user_id,
      fromStatus: locked.status,
      toStatus: locked.status,
      method: 'physical',
      at: new Date(),
    });
    return updated!;
  });
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order_id));
  return c.json({ order: { ...order, items } });
});

// between runs: every game plays again
app.post('/unpause-all', async (c) => {
  const unpaused = await db
    .update(games)
    .set({ status: 'playing' })
    .where(eq(games.status, 'paused'))
    .returning({ id: games.id });
  return c.json({ ok: true, unpaused: unpaused.length });
});

// between runs: everyone stands up, so the join/leave cycle starts from empty tables
// (answers how many sat: the bench repeats it until requests still in flight have all landed)
app.post('/unseat-all', async (c) => {
  const unseated = await db
    .update(players)
    .set({ status: 'left', leftAt: sql`now()` })
    .where(eq(players.status, 'joined'))
    .returning({ id: players.id });
  await db.execute(sql`update games set status = 'ended', ended_at = now() where status <> 'ended'`);
  return c.json({ ok: true, unseated: unseated.length });
});

// each distinct failure once on stderr: the bench counts them, this says what they were
const seen = new Set<string>();
app.onError((error, c) => {
  // Drizzle's message is the query with its parameters; the database's own word is the cause
  const message = (error as { cause?: { message?: string } }).cause?.message ?? error.message.split('\n')[0]!;
  if (!seen.has(message)) {
    seen.add(message);
    console.error(`[bare-api] ${c.req.path}: ${message}`);
  }
  return c.json({ error: message }, 500);
});

const server = serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 0), hostname: '127.0.0.1' });
const stop = () => {
  server.close();
  void database.close().then(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
