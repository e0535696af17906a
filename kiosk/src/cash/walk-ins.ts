import { randomBytes } from 'node:crypto';
import type { TWalkIn } from '@club/shared/cash-operators';
import { clock } from '@club/shared/clock';
import { and, asc, desc, eq } from 'drizzle-orm';
import { DEFAULT_ROLE_ID } from '../accounts/register-user.ts';
import type { Db, Executor } from '../db/client.ts';
import { games, orders, players, poolTables, users } from '../db/schema.ts';
import { joinGame } from '../games/join-game.ts';

/**
 * A guest without an account: a user row with only a name, the `walk_in` flag, no password
 * and an address and phone no one can own (`.invalid` is reserved), so no login, reset
 * link or registration can ever reach it. Billed like any player, at the default role's price.
 */
async function createWalkInUser(db: Executor, name: string): Promise<number> {
  const tag = randomBytes(6).toString('hex');
  const now = clock.now();
  const [row] = await db
    .insert(users)
    .values({
      name,
      surname: '',
      email: `walk-in-${tag}@walk-in.invalid`,
      phone: `walkin-${tag}`,
      passwordHash: null,
      roleId: DEFAULT_ROLE_ID,
      walkIn: true,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('walk-in insert returned nothing');
  return row.id;
}

/** Staff start (or join) a table for a walk-in guest; a refused join leaves no guest behind. */
export async function startWalkIn(db: Db, input: { name: string; table_id: number }): Promise<number> {
  const userId = await createWalkInUser(db, input.name);
  try {
    await joinGame(db, userId, input.table_id);
  } catch (error) {
    await db.delete(users).where(eq(users.id, userId));
    throw error;
  }
  return userId;
}

/** Walk-in guests at a table now, first seated first. */
export async function playingWalkIns(db: Executor): Promise<TWalkIn[]> {
  const rows = await db
    .select({ player: players, table: poolTables })
    .from(players)
    .innerJoin(users, eq(users.id, players.userId))
    .innerJoin(games, eq(games.id, players.gameId))
    .innerJoin(poolTables, eq(poolTables.id, games.tableId))
    .where(and(eq(users.walkIn, true), eq(players.status, 'joined')))
    .orderBy(asc(players.joinedAt), asc(players.id));
  return rows.map(({ player, table }) => ({
    user_id: player.userId ?? 0,
    name: player.name,
    game_id: player.gameId,
    player_id: player.id,
    table_id: table.id,
    table_name: table.name,
    joined_at: player.joinedAt.toISOString(),
  }));
}

/** Walk-in guests' bills still to pay at the counter, latest first. */
export async function unpaidWalkInOrders(db: Executor) {
  const rows = await db
    .select({ id: orders.id, total: orders.total, name: users.name, createdAt: orders.createdAt })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(users.walkIn, true), eq(orders.status, 'waiting')))
    .orderBy(desc(orders.createdAt))
    .limit(50);
  return rows.map((r) => ({ order_id: r.id, name: r.name, total: r.total, created_at: r.createdAt.toISOString() }));
}
