import type { GameStatus } from '@club/machines/game';
import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import type { TKioskEventBody } from '@club/shared/realtime';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.ts';
import { players } from '../db/schema.ts';
import type { AuthInfo } from '../http/context.ts';
import { createGameOrder } from '../orders/create-game-order.ts';
import { knownGame, withEvents } from '../outbox/with-events.ts';
import { type GameRead, type GameRow, type PlayerRow, playerRows, viewOf } from './game-view.ts';
import { type Interval, logWith, pausesOfLog } from './pause-log.ts';
import { gameLogInsert, gameLogRow, gameStatusWrite, guestsAmong, lockGame, seatAmong, transition } from './seats.ts';

type Ending = 'left' | 'kicked';

const LEFT = sql.identifier('left_seats');

/** What the phones are told when seats at a table change. */
const seatsChanged = (game: GameRow): TKioskEventBody[] => [
  { type: 'game.updated', payload: { game_id: game.id, table_id: game.tableId } },
  { type: 'table.updated', payload: { table_id: game.tableId } },
];

/**
 * Ends the seats of a host (with their guests) or of one guest, and the game if it empties;
 * answers the ended rows. The caller tells the phones (`seatsChanged`); the game's view as
 * this leaves it is made from the rows read under the lock (`knownGame`), and its pauses are
 * answered for the order's bill.
 */
async function unseat(
  tx: Executor,
  at: { game: GameRow; capacity: number; seated: number; read: GameRead },
  rows: PlayerRow[],
  ending: Ending,
  actorUserId: number,
): Promise<{ ended: PlayerRow[]; pauses: Interval[]; players: PlayerRow[] }> {
  const { game } = at;
  const next = transition(
    { status: game.status, capacity: at.capacity, players: at.seated },
    { type: 'LEAVE', seats: rows.length },
    'error.game_user_not_found',
  );
  const now = clock.now();
  const ids = rows.map((r) => r.id);
  const update = tx
    .update(players)
    .set({ status: ending, leftAt: now })
    .where(and(inArray(players.id, ids), eq(players.status, 'joined')))
    .returning();
  // each seat's log entry, and the game's end after them when it empties
  const entry = (player: SQL, kind: string) => gameLogRow(sql`${game.id}::int`, player, kind, now, actorUserId);
  const log = gameLogInsert(
    sql`${entry(sql`seat.id`, ending)} from ${LEFT} as seat ${next.status === 'ended' ? sql`union all ${entry(sql`null::int`, 'ended')}` : sql``}`,
  );
  const status = gameStatusWrite(tx, game, next.status, now);
  // the seats, their log and the game's status in one statement
  const { rows: found } = (await tx.execute(sql`
    with ${LEFT} as (${update.getSQL()}), ${sql.identifier('log')} as (${log})
    ${status ? sql`, ${sql.identifier('status')} as (${status.getSQL()})` : sql``}
    select ${playerRows.array} as seat from ${LEFT} as ${players}`)) as { rows: { seat: unknown[] }[] };
  const updated = found.map((r) => playerRows.parse(r.seat));
  if (updated.length !== rows.length) throw new AppError('error.game_user_not_found');
  const after = afterUnseat(at.read, updated, next.status, now);
  knownGame(tx, await viewOf(tx, after, now));
  return { ended: updated, pauses: pausesOfLog(after.log), players: after.players };
}

/** The game's rows as an unseat leaves them. */
function afterUnseat(read: GameRead, ended: PlayerRow[], status: GameStatus, at: Date): GameRead {
  const byId = new Map(ended.map((r) => [r.id, r]));
  return {
    game: { ...read.game, status, endedAt: status === 'ended' ? at : read.game.endedAt },
    players: read.players.map((p) => byId.get(p.id) ?? p),
    log: status === 'ended' ? logWith(read.log, [{ kind: 'ended', at: at.toISOString() }]) : read.log,
  };
}

/**
 * The caller leaves with their guests and gets the waiting order of their time; or, with
 * `playerId` of one of their guests, only that guest goes home (billed on the caller later).
 */
export async function leaveGame(db: Db, by: AuthInfo, input: { gameId: number; playerId?: number | undefined }) {
  return withEvents(db, async (tx, emit) => {
    const { game, table, seated, read } = await lockGame(tx, input.gameId);
    const me = seatAmong(seated, by.userId);
    const at = { game, capacity: table.capacity, seated: seated.length, read };
    if (input.playerId !== undefined && input.playerId !== me.id) {
      const guest = guestsAmong(seated, me.id).find((g) => g.id === input.playerId);
      if (!guest) throw new AppError('error.game_user_not_found');
      await unseat(tx, at, [guest], 'left', by.userId);
      await emit(...seatsChanged(game));
      return null;
    }
    const { ended, ...after } = await unseat(tx, at, [me, ...guestsAmong(seated, me.id)], 'left', by.userId);
    // RETURNING does not keep the order of the ids asked for
    const host = ended.find((r) => r.id === me.id)!;
    return createGameOrder(tx, emit, host, by.userId, { game, table, events: seatsChanged(game), ...after });
  });
}

/** An admin removes a player (with their guests); a host's time becomes their waiting order. */
export async function kickPlayer(db: Db, by: AuthInfo, input: { gameId: number; playerId: number }) {
  return withEvents(db, async (tx, emit) => {
    const { game, table, seated, read } = await lockGame(tx, input.gameId);
    const target = seated.find((p) => p.id === input.playerId);
    if (!target) throw new AppError('error.game_user_not_found');
    const rows = target.guestOf === null ? [target, ...guestsAmong(seated, target.id)] : [target];
    const { ended, ...after } = await unseat(
      tx,
      { game, capacity: table.capacity, seated: seated.length, read },
      rows,
      'kicked',
      by.userId,
    );
    const kicked = ended.find((r) => r.id === target.id)!;
    await emit(...seatsChanged(game));
    const orderId =
      target.guestOf === null ? await createGameOrder(tx, emit, kicked, by.userId, { game, table, ...after }) : null;
    await emit({
      type: 'player.kicked',
      payload: { game_id: game.id, player_id: target.id, user_id: target.userId, order_id: orderId },
    });
    return orderId;
  });
}
