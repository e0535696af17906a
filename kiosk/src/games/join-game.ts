import { newGame } from '@club/machines/game';
import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { games, players, users } from '../db/schema.ts';
import { withEvents } from '../outbox/with-events.ts';
import { refuseDebtors } from '../settings/debt-settings.ts';
import { myActiveSubscription } from '../users/subscriptions.ts';
import { lockTable, logGameEvent, priceFor, runningGameAt, seatedIn, transition } from './seats.ts';

const UNIQUE_VIOLATION = '23505';
const codeOf = (error: unknown) =>
  (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;

/**
 * Sits the user down at a table: joins its running game, or starts one on a free table.
 * The price is fixed now, and an active subscription will pay the first minutes.
 */
export async function joinGame(db: Db, userId: number, tableId: number): Promise<number> {
  return withEvents(db, async (tx, emit) => {
    const table = await lockTable(tx, tableId);
    const [seated] = await tx
      .select({ gameId: players.gameId, tableId: games.tableId })
      .from(players)
      .innerJoin(games, eq(games.id, players.gameId))
      .where(and(eq(players.userId, userId), eq(players.status, 'joined')))
      .limit(1);
    if (seated)
      throw new AppError(seated.tableId === tableId ? 'error.user_already_joined_game' : 'error.user_already_playing');
    if (!table.active) throw new AppError('error.unable_to_join_game');
    await refuseDebtors(tx, userId);

    let game = await runningGameAt(tx, tableId);
    const current = game
      ? { status: game.status, capacity: table.capacity, players: await seatedIn(tx, game.id) }
      : newGame(table.capacity);
    const next = transition(current, { type: 'JOIN', seats: 1 }, 'error.table_full');
    const now = clock.now();
    if (!game) {
      [game] = await tx.insert(games).values({ tableId, status: next.status, startedAt: now }).returning();
      if (!game) throw new AppError('error.unable_to_join_game');
      await logGameEvent(tx, game.id, 'started', { actorUserId: userId });
    }
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw new AppError('error.user_not_found');
    const subscription = await myActiveSubscription(tx, userId);
    const [player] = await tx
      .insert(players)
      .values({
        gameId: game.id,
        userId,
        name: `${user.name} ${user.surname}`.trim(),
        roleId: user.roleId,
        pricePerMinute: await priceFor(tx, table, user.roleId),
        joinedAt: now,
        status: 'joined',
        subscriptionId: subscription?.id ?? null,
        subscriptionMinutes: subscription?.remaining_minutes ?? 0,
      })
      .returning({ id: players.id });
    await logGameEvent(tx, game.id, 'joined', { playerId: player?.id, actorUserId: userId });
    await emit(
      { type: 'game.updated', payload: { game_id: game.id, table_id: tableId } },
      { type: 'table.updated', payload: { table_id: tableId } },
    );
    return game.id;
  }).catch((error: unknown) => {
    // the same person joining two tables at once: the database's unique seat decides
    if (codeOf(error) === UNIQUE_VIOLATION) throw new AppError('error.user_already_playing');
    throw error;
  });
}
