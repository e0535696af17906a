import { AppError } from '@club/shared/errors';
import type { TTable } from '@club/shared/tables';
import { and, asc, count, eq, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { games, players, poolTables } from '../db/schema.ts';

type TableRow = typeof poolTables.$inferSelect;

export function toTable(
  row: TableRow,
  live: { gameId: number | null; status: string | null; players: number },
): TTable {
  return {
    id: row.id,
    name: row.name,
    capacity: row.capacity,
    price_per_minute: row.pricePerMinute,
    active: row.active,
    x: row.x,
    y: row.y,
    status: live.status === 'playing' || live.status === 'paused' ? live.status : 'free',
    players_count: live.players,
    game_id: live.gameId,
  };
}

/** Tables (not deleted) with their live status: the running game and its seated players. */
export async function listTables(db: Executor, only?: number): Promise<TTable[]> {
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
    .where(and(isNull(poolTables.deletedAt), only === undefined ? undefined : eq(poolTables.id, only)))
    .orderBy(asc(poolTables.id));
  return rows.map((r) => toTable(r.table, { gameId: r.gameId, status: r.status, players: Number(r.players ?? 0) }));
}

export async function getTable(db: Executor, id: number): Promise<TTable> {
  const [table] = await listTables(db, id);
  if (!table) throw new AppError('error.table_not_found');
  return table;
}
