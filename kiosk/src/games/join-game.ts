import { newGame } from '@club/machines/game';
import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type Db, type Executor, oneTransactionAtATime } from '../db/client.ts';
import { spelledOut } from '../db/json-rows.ts';
import { games, players, poolTables, users } from '../db/schema.ts';
import { sqlStateOf, UNIQUE_VIOLATION } from '../db/sql-state.ts';
import { knownGame, withEvents } from '../outbox/with-events.ts';
import { heldNowColumn, holdAtJoin } from '../reservations/table-hold.ts';
import { refuseDebtors } from '../settings/debt-settings.ts';
import { claimHeldTable, type Hold } from '../waitlist/claim-table.ts';
import {
  type GameRead,
  gameRows,
  playerRows,
  runningGameJsonAt,
  runningGameOf,
  tableRows,
  viewOf,
} from './game-view.ts';
import { gameLogInsert, gameLogRow, lockTable, priceFor, transition } from './seats.ts';

const NEW_GAME = sql.identifier('new_game');
const SEAT = sql.identifier('seat');

/**
 * After the table's lock (where it takes one), in one statement: the user, where they are
 * seated already, their oldest active subscription with minutes left (none is in play, as they
 * are not seated), the table's running game with all its rows, the booking that may hold the
 * table and the waitlist's claims on it; with `withTable`, the table itself.
 */
async function joinReads(tx: Executor, userId: number, tableId: number, nowMs: number, withTable: boolean) {
  const held = heldNowColumn(tableId, nowMs);
  const [row] = await tx
    .select({
      // the booking that may hold the table now
      held: held.sql,
      name: users.name,
      surname: users.surname,
      roleId: users.roleId,
      // plain SQL: a single-table select drops the table's name from its columns, and these are correlated
      seatedAt: sql<
        number | null
      >`(select g.table_id from players p join games g on g.id = p.game_id where p.user_id = "users"."id" and p.status = 'joined' limit 1)`,
      subscription: sql<
        [number, number] | null
      >`(select json_build_array(s.id, s.duration_hours * 60 - s.used_minutes) from user_subscriptions s where s.user_id = "users"."id" and s.status = 'active' and s.duration_hours * 60 - s.used_minutes > 0 order by s.created_at, s.id limit 1)`,
      // the table itself, where it needs no lock (see `lockGame`)
      table: withTable
        ? sql<
            unknown[] | null
          >`(select ${tableRows.array} from ${poolTables} where ${spelledOut(poolTables, poolTables.id)} = ${tableId} and ${spelledOut(poolTables, poolTables.deletedAt)} is null)`
        : sql<null>`null`,
      // the running game with all its rows, to make its view with the new seat
      game: runningGameJsonAt(tableId),
      // the waitlist party this table is held for, and the caller's own place in line
      hold: sql<Hold | null>`(select json_build_array(w.id, w.user_id, w.offer_expires_at) from waitlist_entries w where w.offered_table_id = ${tableId} and w.status = 'offered' limit 1)`,
      inLine: sql<
        number | null
      >`(select w.id from waitlist_entries w where w.user_id = "users"."id" and w.status in ('waiting', 'offered') limit 1)`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return (
    row && {
      ...row,
      held: held.parse(row.held),
      game: runningGameOf(tx, row.game),
      table: row.table && tableRows.parse(row.table),
    }
  );
}

/**
 * Sits the user down at a table: joins its running game, or starts one on a free table.
 * The price is fixed now, and an active subscription will pay the first minutes.
 */
export async function joinGame(db: Db, userId: number, tableId: number): Promise<number> {
  return withEvents(db, async (tx, emit) => {
    // the table's lock first, where it needs one; else read with the rest
    const together = oneTransactionAtATime(tx);
    const locked = together ? null : await lockTable(tx, tableId);
    const user = await joinReads(tx, userId, tableId, clock.nowMs(), together);
    const table = locked ?? user?.table ?? (await lockTable(tx, tableId));
    if (user?.seatedAt != null)
      throw new AppError(user.seatedAt === tableId ? 'error.user_already_joined_game' : 'error.user_already_playing');
    if (!table.active) throw new AppError('error.unable_to_join_game');
    await refuseDebtors(tx, userId);
    await holdAtJoin(tx, table, userId, user && { held: user.held });
    if (user && (user.hold || user.inLine !== null))
      await claimHeldTable(tx, emit, { userId, tableId, hold: user.hold });

    const running = user?.game ?? null;
    const current = running
      ? {
          status: running.game.status,
          capacity: table.capacity,
          players: running.players.filter((p) => p.status === 'joined').length,
        }
      : newGame(table.capacity);
    const next = transition(current, { type: 'JOIN', seats: 1 }, 'error.table_full');
    const now = clock.now();
    if (!user) throw new AppError('error.user_not_found');
    // a new game's id comes from its insert, in the same statement as the seat
    const started =
      running === null
        ? tx.insert(games).values({ tableId, status: next.status, startedAt: now }).returning()
        : undefined;
    const game = running ? sql`${running.game.id}::int` : sql`(select ${sql.identifier('id')} from ${NEW_GAME})`;
    const seat = tx
      .insert(players)
      .values({
        gameId: game,
        userId,
        name: `${user.name} ${user.surname}`.trim(),
        roleId: user.roleId,
        pricePerMinute: await priceFor(tx, table, user.roleId),
        joinedAt: now,
        status: 'joined',
        subscriptionId: user.subscription?.[0] ?? null,
        subscriptionMinutes: user.subscription?.[1] ?? 0,
      })
      .returning();
    const entry = (player: SQL, kind: string) => gameLogRow(game, player, kind, now, userId);
    // the game (when it starts), the seat and their log entries in one statement, answering
    // the rows the game's view needs besides those read above
    const { rows } = (await tx.execute(sql`
      with ${started ? sql`${NEW_GAME} as (${started.getSQL()}), ` : sql``}${SEAT} as (${seat.getSQL()}),
      ${sql.identifier('log')} as (${gameLogInsert(
        sql`${started ? sql`${entry(sql`null::int`, 'started')} union all ` : sql``}${entry(sql`${SEAT}.id`, 'joined')} from ${SEAT}`,
      )})
      select ${playerRows.array} as seat, ${started ? sql`(select ${gameRows.array} from ${NEW_GAME} as ${games})` : sql`null`} as game
      from ${SEAT} as ${players}`)) as { rows: { seat: unknown[]; game: unknown[] | null }[] };
    const [written] = rows;
    if (!written) throw new AppError('error.unable_to_join_game');
    const seated = playerRows.parse(written.seat);
    const read: GameRead = running
      ? { ...running, players: [...running.players, seated] }
      : { game: gameRows.parse(written.game ?? []), players: [seated], log: [] };
    const gameId = read.game.id;
    // the answer and the phones' event both show this view, made here from the rows above
    knownGame(tx, await viewOf(tx, read, now));
    await emit(
      { type: 'game.updated', payload: { game_id: gameId, table_id: tableId } },
      { type: 'table.updated', payload: { table_id: tableId } },
    );
    return gameId;
  }).catch((error: unknown) => {
    // the same person joining two tables at once: the database's unique seat decides
    if (sqlStateOf(error) === UNIQUE_VIOLATION) throw new AppError('error.user_already_playing');
    throw error;
  });
}
