import { AppError } from '@club/shared/errors';
import type { TTable } from '@club/shared/tables';
import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';
import { games, players, poolTables } from '../db/schema.ts';

type TableRow = typeof poolTables.$inferSelect;

export function toTable(
  row: TableRow,
  live: { gameId: number | null; status: string | null; players: number; reservedFrom?: Date | string | null },
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
    out_of_order: row.outOfOrderReason !== null,
    out_of_order_reason: row.outOfOrderReason,
    reserved_from: live.reservedFrom ? new Date(live.reservedFrom).toISOString() : null,
  };
}

function tablesQuery(db: Executor, one: boolean) {
  const seated = db
    .select({ gameId: players.gameId, n: count().as('n') })
    .from(players)
    .where(eq(players.status, 'joined'))
    .groupBy(players.gameId)
    .as('seated');
  return db
    .select({
      table: poolTables,
      gameId: games.id,
      status: games.status,
      players: seated.n,
      // the sweep moves a no-show or a finished block out of `booked`, and says so
      reservedFrom: sql<
        string | null
      >`(select min(r.starts_at) from reservations r where r.table_id = ${poolTables.id} and r.status = 'booked')`,
    })
    .from(poolTables)
    .leftJoin(games, and(eq(games.tableId, poolTables.id), ne(games.status, 'ended')))
    .leftJoin(seated, eq(seated.gameId, games.id))
    .where(and(isNull(poolTables.deletedAt), one ? eq(poolTables.id, sql.placeholder('id')) : undefined))
    .orderBy(asc(poolTables.id));
}
type TablesQuery = ReturnType<ReturnType<typeof tablesQuery>['prepare']>;
const prepared = new WeakMap<object, { all: TablesQuery; one: TablesQuery }>();

/** Prepared once per database for reads outside a transaction (a prepared query runs on the database). */
function readTables(db: Executor, only?: number) {
  const params = { id: only ?? 0 };
  if (db instanceof PgTransaction) return tablesQuery(db, only !== undefined).execute(params);
  if (!prepared.has(db))
    prepared.set(db, {
      all: tablesQuery(db, false).prepare('tables_all'),
      one: tablesQuery(db, true).prepare('tables_one'),
    });
  const queries = prepared.get(db)!;
  return (only === undefined ? queries.all : queries.one).execute(params);
}

/** Tables (not deleted) with their live status: the running game and its seated players. */
export async function listTables(db: Executor, only?: number): Promise<TTable[]> {
  const rows = await readTables(db, only);
  return rows.map((r) =>
    toTable(r.table, {
      gameId: r.gameId,
      status: r.status,
      players: Number(r.players ?? 0),
      reservedFrom: r.reservedFrom,
    }),
  );
}

export async function getTable(db: Executor, id: number): Promise<TTable> {
  const [table] = await listTables(db, id);
  if (!table) throw new AppError('error.table_not_found');
  return table;
}
