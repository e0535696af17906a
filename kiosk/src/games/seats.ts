import { type GameEvent, type GameStatus, nextGameState } from '@club/machines/game';
import { resolvePrice } from '@club/shared/billing';
import { clock } from '@club/shared/clock';
import { AppError, type ErrorKey } from '@club/shared/errors';
import { and, count, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { type Executor, oneTransactionAtATime } from '../db/client.ts';
import { gameEvents, games, players, poolTables } from '../db/schema.ts';
import { rolePricesOf } from '../pricing/role-prices.ts';
import { type GameRead, type GameRow, type PlayerRow, readGameAndTable, readGameRows } from './game-view.ts';

type TableRow = typeof poolTables.$inferSelect;

/**
 * Takes the table's row lock for the rest of the transaction. Every change to a table's
 * game goes through here first, so two requests for the last seat are served one by one.
 */
export async function lockTable(tx: Executor, tableId: number): Promise<TableRow> {
  const [table] = await tx
    .select()
    .from(poolTables)
    .where(and(eq(poolTables.id, tableId), isNull(poolTables.deletedAt)))
    .for('update');
  if (!table) throw new AppError('error.table_not_found');
  return table;
}

export async function runningGameAt(tx: Executor, tableId: number): Promise<GameRow | undefined> {
  const [game] = await tx
    .select()
    .from(games)
    .where(and(eq(games.tableId, tableId), ne(games.status, 'ended')))
    .limit(1);
  return game;
}

/**
 * A running game with its table locked (DESIGN §7: one writer per table at a time), its rows
 * (all its players and its pause log, as a view is made of) and the players seated in it. Two
 * statements: the lock, then the game, read after the lock so it holds every change made
 * under it. The embedded database runs one transaction at a time (every other statement waits
 * for it to end), so there the table needs no lock of its own and one statement reads both.
 */
export async function lockGame(
  tx: Executor,
  gameId: number,
): Promise<{ game: GameRow; table: TableRow; seated: PlayerRow[]; read: GameRead }> {
  const { table, read } = oneTransactionAtATime(tx) ? await readUnlocked(tx, gameId) : await lockThenRead(tx, gameId);
  if (!read || read.game.status === 'ended') throw new AppError('error.game_not_found');
  return { game: read.game, table, seated: read.players.filter((p) => p.status === 'joined'), read };
}

async function readUnlocked(tx: Executor, gameId: number) {
  const found = await readGameAndTable(tx, gameId);
  if (!found?.table) throw new AppError('error.game_not_found');
  return { table: found.table, read: found.read };
}

async function lockThenRead(tx: Executor, gameId: number) {
  const [table] = await tx
    .select()
    .from(poolTables)
    .where(
      and(
        eq(poolTables.id, sql`(select ${games.tableId} from ${games} where ${games.id} = ${gameId})`),
        isNull(poolTables.deletedAt),
      ),
    )
    .for('update');
  if (!table) throw new AppError('error.game_not_found');
  return { table, read: await readGameRows(tx, gameId) };
}

/** The seat of `userId` among a game's seated players, or `error.game_user_not_found`. */
export function seatAmong(seated: PlayerRow[], userId: number): PlayerRow {
  const row = seated.find((p) => p.userId === userId);
  if (!row) throw new AppError('error.game_user_not_found');
  return row;
}

/** A host's guests among a game's seated players (guests move with their host). */
export const guestsAmong = (seated: PlayerRow[], hostId: number) => seated.filter((p) => p.guestOf === hostId);

export async function seatedIn(tx: Executor, gameId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(players)
    .where(and(eq(players.gameId, gameId), eq(players.status, 'joined')));
  return row?.n ?? 0;
}

/** Asks the game machine; a refused event answers `refusal` and nothing is written. */
export function transition(
  current: { status: GameStatus; capacity: number; players: number },
  event: GameEvent,
  refusal: ErrorKey,
): { status: GameStatus; players: number } {
  const next = nextGameState(current, event);
  if (!next) throw new AppError(refusal);
  return next;
}

/** The write of a game's new status (and when it ended), if the machine moved it. */
export function gameStatusWrite(tx: Executor, game: GameRow, status: GameStatus, at: Date = clock.now()) {
  if (status === game.status) return undefined;
  return tx
    .update(games)
    .set({ status, endedAt: status === 'ended' ? at : null })
    .where(eq(games.id, game.id));
}

/** Saves a game's new status (and when it ended) if the machine moved it. */
export async function saveGameStatus(
  tx: Executor,
  game: GameRow,
  status: GameStatus,
  at: Date = clock.now(),
): Promise<void> {
  await gameStatusWrite(tx, game, status, at);
}

/**
 * Log entries written by a statement that makes them from its own rows (a seat's id from its
 * insert or update): `gameLogInsert` of `gameLogRow`s joined by `union all`.
 */
export const gameLogInsert = (rows: SQL) =>
  sql`insert into ${gameEvents} (game_id, player_id, kind, at, actor_user_id) ${rows}`;

export const gameLogRow = (game: SQL, player: SQL, kind: string, at: Date, actorUserId: number) =>
  sql`select ${game}, ${player}, ${kind}::varchar, ${at.toISOString()}::timestamptz, ${actorUserId}::int`;

/** The write of an entry in a game's log. */
export function gameEventWrite(
  tx: Executor,
  gameId: number,
  kind: string,
  options: { playerId?: number; actorUserId?: number; at?: Date } = {},
) {
  return tx.insert(gameEvents).values({
    gameId,
    kind,
    at: options.at ?? clock.now(),
    playerId: options.playerId,
    actorUserId: options.actorUserId,
  });
}

export async function logGameEvent(
  tx: Executor,
  gameId: number,
  kind: string,
  options: { playerId?: number; actorUserId?: number; at?: Date } = {},
): Promise<void> {
  await gameEventWrite(tx, gameId, kind, options);
}

/** The caller's seat in a game, or `error.game_user_not_found`. */
export async function seatOf(tx: Executor, gameId: number, userId: number): Promise<PlayerRow> {
  const [row] = await tx
    .select()
    .from(players)
    .where(and(eq(players.gameId, gameId), eq(players.userId, userId), eq(players.status, 'joined')))
    .limit(1);
  if (!row) throw new AppError('error.game_user_not_found');
  return row;
}

export function guestsOf(tx: Executor, hostId: number): Promise<PlayerRow[]> {
  return tx
    .select()
    .from(players)
    .where(and(eq(players.guestOf, hostId), eq(players.status, 'joined')));
}

/** Price per minute for a role at a table, fixed at join (DESIGN §6). */
export async function priceFor(tx: Executor, table: TableRow, roleId: number): Promise<number> {
  const pricing = await rolePricesOf(tx, roleId);
  return resolvePrice(
    { id: table.id, price_per_minute: table.pricePerMinute },
    roleId,
    pricing.map((p) => ({ role_id: p.roleId, table_id: p.tableId, price_per_minute: p.pricePerMinute })),
  );
}
