import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import type { TTable, TTableHold } from '@club/shared/tables';
import { asc, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { type Executor, onEmbedded } from '../db/client.ts';
import { rowsOf } from '../db/commit-with.ts';
import { renderedOnce } from '../db/rendered-once.ts';
import { games, players, poolTables, reservations, waitlistEntries } from '../db/schema.ts';
import { tableRows } from '../games/game-view.ts';
import { type FreeTimeModel, predictFreeAt } from '../predictions/free-time-model.ts';
import { freeTimeModel } from '../predictions/session-history.ts';
import type { TableAround } from './table-around.ts';

type TableRow = typeof poolTables.$inferSelect;

/** What a table's row is joined with: its running game, seated count, next booking and the waitlist's hold. */
export interface TableLive extends TableAround {
  gameId: number | null;
  status: string | null;
  players: number;
  startedAt?: Date | null;
}

function holdOf(live: TableLive, now: Date): TTableHold | null {
  const hold = live.hold;
  // a hold that ran out is no hold, even before the waitlist hands the table on
  if (!hold || hold.until <= now) return null;
  return { entry_id: hold.entryId, party_size: hold.partySize, until: hold.until.toISOString() };
}

/** The light as the device reported it, with staff's override; null fields: no light device. */
function lightOf(row: TableRow): Pick<TTable, 'light' | 'light_device'> {
  if (row.lightKind === null || row.lightTopic === null) return { light: null, light_device: null };
  return {
    light: { mode: row.lightMode, state: row.lightState },
    light_device: { kind: row.lightKind, topic: row.lightTopic },
  };
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
    ...lightOf(row),
  };
}

/**
 * A table's view as a writer's transaction leaves it, made from the rows it read under the
 * table's lock: its row, its game (none when it ended), the seats taken and what is around it.
 */
export async function tableViewOf(
  db: Executor,
  row: TableRow,
  game: { id: number; status: string; startedAt: Date } | null,
  seated: number,
  around: TableAround,
): Promise<TTable> {
  const running = game && game.status !== 'ended' ? game : null;
  const live: TableLive = {
    gameId: running?.id ?? null,
    status: running?.status ?? null,
    players: running ? seated : 0,
    startedAt: running?.startedAt ?? null,
    ...around,
  };
  return toTable(row, live, await freeTimeModel(db));
}

// each table's next booking, read once for all tables from the live bookings' index (the
// sweep moves a no-show or a finished block out of `booked`, and says so)
const booked = sql`(select ${reservations.tableId}, min(${reservations.startsAt}) as "from" from ${reservations} where ${reservations.status} = 'booked' group by ${reservations.tableId}) as "booked"`;
// a running game's seated count, by the index of seated players (not grouped over every seat)
const seated = sql<number>`(select count(*) from ${players} where ${players.gameId} = ${games.id} and ${players.status} = 'joined')`;
// what each table is joined with, and which tables are listed: the same for both reads below
const runningGameOn = sql`${games.tableId} = ${poolTables.id} and ${games.status} <> 'ended'`;
const holdOn = sql`${waitlistEntries.offeredTableId} = ${poolTables.id} and ${waitlistEntries.status} = 'offered'`;
const bookedOn = sql`"booked"."table_id" = ${poolTables.id}`;
const listedWhere = (one: boolean) =>
  sql`${poolTables.deletedAt} is null${one ? sql` and ${poolTables.id} = ${sql.placeholder('id')}` : sql``}`;

/** A table's row and what it is joined with, as the list reads them. */
interface Listed {
  table: TableRow;
  live: TableLive;
}

/** A table's row and what it is joined with, in `tablesStatement`'s order. */
type TableJson = [
  unknown[],
  number | null,
  string | null,
  string | null,
  number,
  number | null,
  number | null,
  string | null,
  string | null,
];

/**
 * On PGlite, the tables (all, or the one `id` names) with their running game, its seated count,
 * the waitlist's hold and the next booking, as one JSON value. PGlite hands each column of each
 * row to JavaScript on its own, copying its bytes: fifty tables of twenty columns each cost
 * more than the statement's own work.
 */
const tablesStatement = (one: boolean) =>
  renderedOnce<{ id: number }>(
    sql`select coalesce(json_agg(json_build_array(${tableRows.array}, ${games.id}, ${games.status}, ${games.startedAt},
      ${seated}, ${waitlistEntries.id}, ${waitlistEntries.partySize}, ${waitlistEntries.offerExpiresAt}, "booked"."from") order by ${poolTables.id}), '[]') as "tables"
    from ${poolTables} left join ${games} on ${runningGameOn} left join ${waitlistEntries} on ${holdOn}
    left join ${booked} on ${bookedOn} where ${listedWhere(one)}`,
  );
const allTables = tablesStatement(false);
const oneTable = tablesStatement(true);

async function tablesAsJson(db: Executor, only?: number): Promise<Listed[]> {
  const statement = only === undefined ? allTables({ id: 0 }) : oneTable({ id: only });
  const [row] = (await rowsOf(db, statement)) as { tables: TableJson[] }[];
  return (row?.tables ?? []).map(([table, gameId, status, startedAt, count, holdId, holdParty, holdUntil, from]) => {
    const until = holdUntil === null ? null : (waitlistEntries.offerExpiresAt.mapFromDriverValue(holdUntil) as Date);
    return {
      table: tableRows.parse(table),
      live: {
        gameId,
        status,
        players: Number(count),
        startedAt: startedAt === null ? null : (games.startedAt.mapFromDriverValue(startedAt) as Date),
        reservedFrom: from,
        hold: holdId !== null && until !== null ? { entryId: holdId, partySize: holdParty ?? 1, until } : null,
      },
    };
  });
}

/**
 * On PostgreSQL, the same read as rows: there the server would build the JSON, which cost more
 * than node-postgres takes to read the columns (the table list alone ran at 0.80–1.01× the
 * bare handlers' rate with the JSON, 0.90–1.16× as rows).
 */
function tablesQuery(db: Executor, one: boolean) {
  return db
    .select({
      table: poolTables,
      gameId: games.id,
      status: games.status,
      startedAt: games.startedAt,
      players: seated,
      holdId: waitlistEntries.id,
      holdParty: waitlistEntries.partySize,
      holdUntil: waitlistEntries.offerExpiresAt,
      reservedFrom: sql<string | null>`"booked"."from"`,
    })
    .from(poolTables)
    .leftJoin(games, runningGameOn)
    .leftJoin(waitlistEntries, holdOn)
    .leftJoin(booked, bookedOn)
    .where(listedWhere(one))
    .orderBy(asc(poolTables.id));
}
type TablesQuery = ReturnType<ReturnType<typeof tablesQuery>['prepare']>;
const prepared = new WeakMap<object, { all: TablesQuery; one: TablesQuery }>();

async function tablesAsRows(db: Executor, only?: number): Promise<Listed[]> {
  const params = { id: only ?? 0 };
  let rows: Awaited<ReturnType<TablesQuery['execute']>>;
  if (db instanceof PgTransaction) rows = await tablesQuery(db, only !== undefined).execute(params);
  else {
    // prepared once per database: Drizzle then writes its text once
    let queries = prepared.get(db);
    if (!queries) {
      queries = { all: tablesQuery(db, false).prepare('tables_all'), one: tablesQuery(db, true).prepare('tables_one') };
      prepared.set(db, queries);
    }
    rows = await (only === undefined ? queries.all : queries.one).execute(params);
  }
  return rows.map(({ table, holdId, holdParty, holdUntil, players: count, ...rest }) => ({
    table,
    live: {
      ...rest,
      players: Number(count ?? 0),
      hold:
        holdId !== null && holdUntil !== null ? { entryId: holdId, partySize: holdParty ?? 1, until: holdUntil } : null,
    },
  }));
}

/** Tables (not deleted) with their live status: the running game and its seated players. */
export async function listTables(db: Executor, only?: number): Promise<TTable[]> {
  const listed = await (onEmbedded(db) ? tablesAsJson : tablesAsRows)(db, only);
  const model = await freeTimeModel(db);
  const now = clock.now();
  return listed.map(({ table, live }) => toTable(table, live, model, now));
}

export async function getTable(db: Executor, id: number): Promise<TTable> {
  const [table] = await listTables(db, id);
  if (!table) throw new AppError('error.table_not_found');
  return table;
}
