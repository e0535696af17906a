import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import type { TTable, TTableHold } from '@club/shared/tables';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';
import { games, players, poolTables, waitlistEntries } from '../db/schema.ts';
import { type FreeTimeModel, predictFreeAt } from '../predictions/free-time-model.ts';
import { freeTimeModel } from '../predictions/session-history.ts';

type TableRow = typeof poolTables.$inferSelect;

/** What a table's row is joined with: its running game, seated count and the waitlist's hold. */
export interface TableLive {
  gameId: number | null;
  status: string | null;
  players: number;
  startedAt?: Date | null;
  hold?: { entryId: number; partySize: number; until: Date } | null;
  reservedFrom?: Date | string | null;
}

function holdOf(live: TableLive, now: Date): TTableHold | null {
  const hold = live.hold;
  // a hold that ran out is no hold, even before the waitlist hands the table on
  if (!hold || hold.until <= now) return null;
  return { entry_id: hold.entryId, party_size: hold.partySize, until: hold.until.toISOString() };
}

export function toTable(row: TableRow, live: TableLive, model?: FreeTimeModel, now: Date = clock.now()): TTable {
  const busy = live.status === 'playing' || live.status === 'paused';
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
    predicted_free_at:
      busy && model && live.startedAt
        ? predictFreeAt(model, { startedAt: live.startedAt, partySize: live.players }, now).toISOString()
        : null,
    held_for: busy ? null : holdOf(live, now),
  };
}

function tablesQuery(db: Executor, one: boolean) {
  return db
    .select({
      table: poolTables,
      gameId: games.id,
      status: games.status,
      startedAt: games.startedAt,
      // counted per running game (by the index of seated players), not grouped over every seat
      players: sql<number>`(select count(*) from ${players} where ${players.gameId} = ${games.id} and ${players.status} = 'joined')`,
      holdId: waitlistEntries.id,
      holdParty: waitlistEntries.partySize,
      holdUntil: waitlistEntries.offerExpiresAt,
      // the sweep moves a no-show or a finished block out of `booked`, and says so
      reservedFrom: sql<
        string | null
      >`(select min(r.starts_at) from reservations r where r.table_id = ${poolTables.id} and r.status = 'booked')`,
    })
    .from(poolTables)
    .leftJoin(games, and(eq(games.tableId, poolTables.id), ne(games.status, 'ended')))
    .leftJoin(
      waitlistEntries,
      and(eq(waitlistEntries.offeredTableId, poolTables.id), eq(waitlistEntries.status, 'offered')),
    )
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
  const model = await freeTimeModel(db);
  const now = clock.now();
  return rows.map((r) =>
    toTable(
      r.table,
      {
        gameId: r.gameId,
        status: r.status,
        players: Number(r.players ?? 0),
        startedAt: r.startedAt,
        reservedFrom: r.reservedFrom,
        hold:
          r.holdId !== null && r.holdUntil !== null
            ? { entryId: r.holdId, partySize: r.holdParty ?? 1, until: r.holdUntil }
            : null,
      },
      model,
      now,
    ),
  );
}

export async function getTable(db: Executor, id: number): Promise<TTable> {
  const [table] = await listTables(db, id);
  if (!table) throw new AppError('error.table_not_found');
  return table;
}
