import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.ts';
import { players } from '../db/schema.ts';
import type { AuthInfo } from '../http/context.ts';
import { createGameOrder } from '../orders/create-game-order.ts';
import { type Emit, withEvents } from '../outbox/with-events.ts';
import type { GameRow, PlayerRow } from './game-view.ts';
import { guestsOf, lockGame, logGameEvent, saveGameStatus, seatedIn, seatOf, transition } from './seats.ts';

type Ending = 'left' | 'kicked';

/** Ends the seats of a host (with their guests) or of one guest, and the game if it empties. */
async function unseat(
  tx: Executor,
  emit: Emit,
  game: GameRow,
  capacity: number,
  rows: PlayerRow[],
  ending: Ending,
  actorUserId: number,
): Promise<PlayerRow[]> {
  const next = transition(
    { status: game.status, capacity, players: await seatedIn(tx, game.id) },
    { type: 'LEAVE', seats: rows.length },
    'error.game_user_not_found',
  );
  const now = clock.now();
  const updated = await tx
    .update(players)
    .set({ status: ending, leftAt: now })
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
  if (updated.length !== rows.length) throw new AppError('error.game_user_not_found');
  for (const row of updated) await logGameEvent(tx, game.id, ending, { playerId: row.id, actorUserId });
  await saveGameStatus(tx, game, next.status);
  if (next.status === 'ended') await logGameEvent(tx, game.id, 'ended', { actorUserId });
  await emit(
    { type: 'game.updated', payload: { game_id: game.id, table_id: game.tableId } },
    { type: 'table.updated', payload: { table_id: game.tableId } },
  );
  return updated;
}

/**
 * The caller leaves with their guests and gets the waiting order of their time; or, with
 * `playerId` of one of their guests, only that guest goes home (billed on the caller later).
 */
export async function leaveGame(db: Db, by: AuthInfo, input: { gameId: number; playerId?: number | undefined }) {
  return withEvents(db, async (tx, emit) => {
    const { game, table } = await lockGame(tx, input.gameId);
    const me = await seatOf(tx, game.id, by.userId);
    if (input.playerId !== undefined && input.playerId !== me.id) {
      const guest = (await guestsOf(tx, me.id)).find((g) => g.id === input.playerId);
      if (!guest) throw new AppError('error.game_user_not_found');
      await unseat(tx, emit, game, table.capacity, [guest], 'left', by.userId);
      return null;
    }
    const [host] = await unseat(
      tx,
      emit,
      game,
      table.capacity,
      [me, ...(await guestsOf(tx, me.id))],
      'left',
      by.userId,
    );
    return createGameOrder(tx, emit, host!, by.userId);
  });
}

/** An admin removes a player (with their guests); a host's time becomes their waiting order. */
export async function kickPlayer(db: Db, by: AuthInfo, input: { gameId: number; playerId: number }) {
  return withEvents(db, async (tx, emit) => {
    const { game, table } = await lockGame(tx, input.gameId);
    const [target] = await tx
      .select()
      .from(players)
      .where(and(eq(players.id, input.playerId), eq(players.gameId, game.id), eq(players.status, 'joined')));
    if (!target) throw new AppError('error.game_user_not_found');
    const rows = target.guestOf === null ? [target, ...(await guestsOf(tx, target.id))] : [target];
    const [kicked] = await unseat(tx, emit, game, table.capacity, rows, 'kicked', by.userId);
    const orderId = target.guestOf === null ? await createGameOrder(tx, emit, kicked!, by.userId) : null;
    await emit({
      type: 'player.kicked',
      payload: { game_id: game.id, player_id: target.id, user_id: target.userId, order_id: orderId },
    });
    return orderId;
  });
}
