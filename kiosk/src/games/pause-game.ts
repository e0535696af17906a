import { AppError } from '@club/shared/errors';
import type { Db } from '../db/client.ts';
import type { AuthInfo } from '../http/context.ts';
import { withEvents } from '../outbox/with-events.ts';
import { lockGame, logGameEvent, saveGameStatus, seatedIn, seatOf, transition } from './seats.ts';

/** Pauses or resumes a game, for everyone at the table: a player there, or an admin. */
export async function setPaused(db: Db, by: AuthInfo, gameId: number, paused: boolean): Promise<void> {
  await withEvents(db, async (tx, emit) => {
    const { game, table } = await lockGame(tx, gameId);
    if (!by.isAdmin) await seatOf(tx, game.id, by.userId);
    const next = transition(
      { status: game.status, capacity: table.capacity, players: await seatedIn(tx, game.id) },
      { type: paused ? 'PAUSE' : 'UNPAUSE' },
      'error.nothing_happened',
    );
    if (next.status === game.status) throw new AppError('error.nothing_happened');
    await saveGameStatus(tx, game, next.status);
    await logGameEvent(tx, game.id, paused ? 'paused' : 'unpaused', { actorUserId: by.userId });
    await emit(
      { type: 'game.updated', payload: { game_id: game.id, table_id: table.id } },
      { type: 'table.updated', payload: { table_id: table.id } },
    );
  });
}
