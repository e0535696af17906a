import { type GameEvent, newGame, nextGameState } from '@club/machines/game';
import { nextPlayerStatus, type PlayerEvent } from '@club/machines/player';
import { resolvePrice } from '@club/shared/billing';
import { AppError, type ErrorKey } from '@club/shared/errors';
import type { TGameStatus, TPlayerStatus } from '@club/shared/tables';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { rowsOf } from '../db/commit-with.ts';
import { renderedOnce } from '../db/rendered-once.ts';
import { gameEvents, games, players, poolTables } from '../db/schema.ts';
import { knownTable } from '../outbox/with-events.ts';
import { rolePricesOf } from '../pricing/role-prices.ts';
import { tableViewOf } from '../tables/list-tables.ts';
import type { TableAround } from '../tables/table-around.ts';
import { type GameRead, type GameRow, type PlayerRow, readGameAround, readGameRows, tableRows } from './game-view.ts';

export type TableRow = typeof poolTables.$inferSelect;

/** A game with its table locked, all its rows, the players seated in it and what is around the table. */
export interface LockedGame {
  game: GameRow;
  table: TableRow;
  seated: PlayerRow[];
  read: GameRead;
  around: TableAround;
}

// ---- lock: every change to a table's game takes the table's row lock first (DESIGN §7), so
// two requests for the last seat are served one by one

export async function lockTable(tx: Executor, tableId: number): Promise<TableRow> {
  const [table] = await lockTables(tx, [tableId]);
  if (!table) throw new AppError('error.table_not_found');
  return table;
}

/** Several tables' locks, always in the order of their ids, so two writers cannot deadlock. */
export function lockTables(tx: Executor, tableIds: number[]): Promise<TableRow[]> {
  return tx
    .select()
    .from(poolTables)
    .where(and(inArray(poolTables.id, tableIds), isNull(poolTables.deletedAt)))
    .orderBy(asc(poolTables.id))
    .for('update');
}

/**
 * The lock of a game's table, its row as JSON (`tableRows`). Written once (`renderedOnce`):
 * every pause, unpause and leave takes it, and Drizzle took a twentieth of a pause's work on
 * PostgreSQL to write it each time (`npm run bench -- api`).
 */
const lockGameTable = renderedOnce<{ gameId: number }>(
  sql`select ${tableRows.array} as "table" from ${poolTables} inner join ${games} on ${games.tableId} = ${poolTables.id}
    where ${games.id} = ${sql.placeholder('gameId')} and ${poolTables.deletedAt} is null for update of ${poolTables}`,
);

/** The lock of a running game's table, then the game read under it. */
export async function lockGame(tx: Executor, gameId: number): Promise<LockedGame> {
  const [locked] = await rowsOf(tx, lockGameTable({ gameId }));
  if (!locked) throw new AppError('error.game_not_found');
  return readLockedGame(tx, tableRows.parse(locked.table as unknown[]), gameId);
}

// ---- read

/** The players of a game who are seated in it. */
const seatedIn = (read: GameRead) => read.players.filter((p) => p.status === 'joined');

/** A running game with all its rows, read after its table was locked. */
export async function readLockedGame(tx: Executor, table: TableRow, gameId: number): Promise<LockedGame> {
  const found = await readGameAround(tx, gameId);
  if (!found || found.read.game.status === 'ended') throw new AppError('error.game_not_found');
  const { read, around } = found;
  return { game: read.game, table, seated: seatedIn(read), read, around };
}

/**
 * Tells the table's view as the caller's transaction leaves its game (`knownTable`), made
 * from the rows read under the table's lock: its event then reads nothing.
 */
export async function knownTableAfter(tx: Executor, table: TableRow, after: GameRead, around: TableAround) {
  knownTable(tx, await tableViewOf(tx, table, after.game, seatedIn(after).length, around));
}

/** The running game at a (locked) table with all its rows; null when the table is free. */
export async function runningGameAt(tx: Executor, tableId: number): Promise<GameRead | null> {
  const [running] = await tx
    .select({ id: games.id })
    .from(games)
    .where(and(eq(games.tableId, tableId), ne(games.status, 'ended')))
    .limit(1);
  return running ? ((await readGameRows(tx, running.id)) ?? null) : null;
}

/** The seat of `userId` among a game's seated players, or `error.game_user_not_found`. */
export function seatAmong(seated: PlayerRow[], userId: number): PlayerRow {
  const row = seated.find((p) => p.userId === userId);
  if (!row) throw new AppError('error.game_user_not_found');
  return row;
}

/** A host's guests among a game's seated players (guests move with their host). */
export const guestsAmong = (seated: PlayerRow[], hostId: number) => seated.filter((p) => p.guestOf === hostId);

/** Price per minute for a role at a table, fixed at join (DESIGN §6). */
export async function priceFor(tx: Executor, table: TableRow, roleId: number): Promise<number> {
  const pricing = await rolePricesOf(tx, roleId);
  return resolvePrice(
    { id: table.id, price_per_minute: table.pricePerMinute },
    roleId,
    pricing.map((p) => ({ role_id: p.roleId, table_id: p.tableId, price_per_minute: p.pricePerMinute })),
  );
}

// ---- ask the machines: a refusal answers its error before anything is written

/** The game machine's answer to an event: the game's next status and seat count. */
export function transition(
  current: { status: TGameStatus; capacity: number; players: number },
  event: GameEvent,
  refusal: ErrorKey,
): { status: TGameStatus; players: number } {
  const next = nextGameState(current, event);
  if (!next) throw new AppError(refusal);
  return next;
}

/** The game machine's answer to seats taken at a table: in its running game, or a new one. */
export function seatsJoin(table: TableRow, running: GameRead | null, seats: number) {
  return transition(
    running
      ? {
          status: running.game.status,
          capacity: table.capacity,
          players: seatedIn(running).length,
        }
      : newGame(table.capacity),
    { type: 'JOIN', seats },
    'error.table_full',
  );
}

/** The player machine's answer for seats that end together: the status they end in. */
export function seatsEnd(rows: PlayerRow[], event: PlayerEvent, refusal: ErrorKey): TPlayerStatus {
  const ends = rows.map((r) => nextPlayerStatus(r.status, event));
  const [status] = ends;
  if (!status || ends.some((s) => s !== status)) throw new AppError(refusal);
  return status;
}

// ---- write

/**
 * Ends seats that are still taken, as the player machine said; answers the ended rows, and
 * refuses when one of them was no longer seated.
 */
export async function endSeats(
  tx: Executor,
  rows: PlayerRow[],
  status: TPlayerStatus,
  at: Date,
  refusal: ErrorKey,
): Promise<PlayerRow[]> {
  const ended = await tx
    .update(players)
    .set({ status, leftAt: at })
    .where(
      and(
        inArray(
          players.id,
          rows.map((r) => r.id),
        ),
        eq(players.status, 'joined'),
      ),
    )
    .returning();
  if (ended.length !== rows.length) throw new AppError(refusal);
  // RETURNING does not keep the order of the ids asked for
  const byId = new Map(ended.map((r) => [r.id, r]));
  return rows.map((r) => byId.get(r.id)!);
}

/** The write of a game's new status (and when it ended), if the machine moved it. */
export function gameStatusWrite(tx: Executor, game: GameRow, status: TGameStatus, at: Date) {
  if (status === game.status) return undefined;
  return tx
    .update(games)
    .set({ status, endedAt: status === 'ended' ? at : null })
    .where(eq(games.id, game.id));
}

/** The write of entries in a game's log, all made by one person at one time. */
export function gameLogWrite(
  tx: Executor,
  gameId: number,
  entries: { kind: string; playerId?: number }[],
  by: { actorUserId: number; at: Date },
) {
  return tx
    .insert(gameEvents)
    .values(
      entries.map((e) => ({ gameId, kind: e.kind, playerId: e.playerId, at: by.at, actorUserId: by.actorUserId })),
    );
}
