import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import type { TGame } from '@club/shared/tables';
import type { Db } from '../db/client.ts';
import type { AuthInfo } from '../http/context.ts';
import { knownGame, withEvents, writeWithTheEvents } from '../outbox/with-events.ts';
import { viewOf } from './game-view.ts';
import { logWith } from './pause-log.ts';
import { gameLogWrite, gameStatusWrite, knownTableAfter, lockGame, seatAmong, transition } from './seats.ts';

/**
 * Pauses or resumes a game, for everyone at the table: a player there, or an admin. Answers
 * the game as the change left it, made from the rows read under the lock (nothing read again).
 */
export async function setPaused(db: Db, by: AuthInfo, gameId: number, paused: boolean): Promise<TGame> {
  return withEvents(db, async (tx, emit) => {
    const { game, table, seated, read, around } = await lockGame(tx, gameId);
    if (!by.isAdmin) seatAmong(seated, by.userId);
    // the machine: a game pauses only while playing and resumes only while paused
    const next = transition(
      { status: game.status, capacity: table.capacity, players: seated.length },
      { type: paused ? 'PAUSE' : 'UNPAUSE' },
      'error.nothing_happened',
    );
    if (next.status === game.status) throw new AppError('error.nothing_happened');
    const at = clock.now();
    const kind = paused ? 'paused' : 'unpaused';
    await writeWithTheEvents(
      tx,
      gameStatusWrite(tx, game, next.status, at),
      gameLogWrite(tx, game.id, [{ kind }], { actorUserId: by.userId, at }),
    );
    await emit(
      { type: 'game.updated', payload: { game_id: game.id, table_id: table.id } },
      { type: 'table.updated', payload: { table_id: table.id } },
    );
    const after = {
      game: { ...game, status: next.status },
      players: read.players,
      log: logWith(read.log, [{ kind, at: at.toISOString() }]),
    };
    const view = await viewOf(tx, after, at);
    knownGame(tx, view);
    await knownTableAfter(tx, table, after, around);
    return view;
  });
}
