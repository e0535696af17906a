import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import type { TKioskEventBody } from '@club/shared/realtime';
import type { TGameStatus } from '@club/shared/tables';
import type { Db, Executor } from '../db/client.ts';
import type { AuthInfo } from '../http/context.ts';
import { createGameOrder } from '../orders/create-game-order.ts';
import { knownGame, withEvents, writeWithTheEvents } from '../outbox/with-events.ts';
import { type GameRead, type GameRow, type PlayerRow, viewOf } from './game-view.ts';
import { type Interval, logWith, pausesOfLog } from './pause-log.ts';
import {
  endSeats,
  gameLogWrite,
  gameStatusWrite,
  guestsAmong,
  knownTableAfter,
  type LockedGame,
  lockGame,
  seatAmong,
  seatsEnd,
  transition,
} from './seats.ts';

/** What the phones are told when seats at a table change. */
const seatsChanged = (game: GameRow): TKioskEventBody[] => [
  { type: 'game.updated', payload: { game_id: game.id, table_id: game.tableId } },
  { type: 'table.updated', payload: { table_id: game.tableId } },
];

/**
 * Ends the seats of a host (with their guests) or of one guest, and the game if it empties;
 * answers the ended rows, the game's rows as this leaves them and its pauses (for the order's
 * bill). The caller has locked the game and tells the phones (`seatsChanged`).
 */
async function unseat(
  tx: Executor,
  locked: LockedGame,
  rows: PlayerRow[],
  event: 'LEAVE' | 'KICK',
  actorUserId: number,
): Promise<{ ended: PlayerRow[]; pauses: Interval[]; players: PlayerRow[] }> {
  const { game, table, seated, read } = locked;
  // the machines: the game frees the seats (and ends when they were the last), each seat ends
  const next = transition(
    { status: game.status, capacity: table.capacity, players: seated.length },
    { type: 'LEAVE', seats: rows.length },
    'error.game_user_not_found',
  );
  const status = seatsEnd(rows, { type: event }, 'error.game_user_not_found');
  const now = clock.now();
  const ended = await endSeats(tx, rows, status, now, 'error.game_user_not_found');
  const gameEnds = next.status === 'ended';
  await writeWithTheEvents(
    tx,
    gameLogWrite(
      tx,
      game.id,
      [...ended.map((r) => ({ kind: status, playerId: r.id })), ...(gameEnds ? [{ kind: 'ended' }] : [])],
      { actorUserId, at: now },
    ),
    gameStatusWrite(tx, game, next.status, now),
  );
  const after = afterUnseat(read, ended, next.status, now);
  // the views the answer and the phones' events show, made from the rows read under the lock
  knownGame(tx, await viewOf(tx, after, now));
  await knownTableAfter(tx, table, after, locked.around);
  return { ended, pauses: pausesOfLog(after.log), players: after.players };
}

/** The game's rows as an unseat leaves them. */
function afterUnseat(read: GameRead, ended: PlayerRow[], status: TGameStatus, at: Date): GameRead {
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
    const locked = await lockGame(tx, input.gameId);
    const { game, table, seated } = locked;
    const me = seatAmong(seated, by.userId);
    if (input.playerId !== undefined && input.playerId !== me.id) {
      const guest = guestsAmong(seated, me.id).find((g) => g.id === input.playerId);
      if (!guest) throw new AppError('error.game_user_not_found');
      await unseat(tx, locked, [guest], 'LEAVE', by.userId);
      await emit(...seatsChanged(game));
      return null;
    }
    const { ended, ...after } = await unseat(tx, locked, [me, ...guestsAmong(seated, me.id)], 'LEAVE', by.userId);
    const host = ended[0]!;
    return createGameOrder(tx, emit, host, by.userId, { game, table, events: seatsChanged(game), ...after });
  });
}

/** An admin removes a player (with their guests); a host's time becomes their waiting order. */
export async function kickPlayer(db: Db, by: AuthInfo, input: { gameId: number; playerId: number }) {
  return withEvents(db, async (tx, emit) => {
    const locked = await lockGame(tx, input.gameId);
    const { game, table, seated } = locked;
    const target = seated.find((p) => p.id === input.playerId);
    if (!target) throw new AppError('error.game_user_not_found');
    const rows = target.guestOf === null ? [target, ...guestsAmong(seated, target.id)] : [target];
    const { ended, ...after } = await unseat(tx, locked, rows, 'KICK', by.userId);
    const kicked = ended[0]!;
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
