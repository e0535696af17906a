import { newGame } from '@club/machines/game';
import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { games, players } from '../db/schema.ts';
import type { AuthInfo } from '../http/context.ts';
import { withEvents } from '../outbox/with-events.ts';
import { holdAtJoin } from '../reservations/table-hold.ts';
import { refuseHeldTable } from '../waitlist/claim-table.ts';
import { GUEST_ROLE_ID } from './guest-role.ts';
import {
  guestsOf,
  lockTable,
  logGameEvent,
  priceFor,
  runningGameAt,
  saveGameStatus,
  seatedIn,
  seatOf,
  transition,
} from './seats.ts';

/**
 * Moves the caller (and their guests) to another table: their segment here closes, a new
 * one opens there at that table's price, and the bill runs on as one session.
 */
export async function switchTable(db: Db, by: AuthInfo, input: { gameId: number; tableId: number }): Promise<number> {
  return withEvents(db, async (tx, emit) => {
    const [source] = await tx.select().from(games).where(eq(games.id, input.gameId)).limit(1);
    if (!source || source.status === 'ended') throw new AppError('error.game_not_found');
    if (source.tableId === input.tableId) throw new AppError('error.unable_to_transfer_user');
    // both tables, always in the same order, so two opposite switches cannot deadlock
    const [first, second] = [source.tableId, input.tableId].sort((a, b) => a - b) as [number, number];
    const locked = new Map([
      [first, await lockTable(tx, first)],
      [second, await lockTable(tx, second)],
    ]);
    const from = locked.get(source.tableId)!;
    const to = locked.get(input.tableId)!;
    if (!to.active) throw new AppError('error.unable_to_transfer_user');
    await holdAtJoin(tx, to, by.userId);
    const [game] = await tx.select().from(games).where(eq(games.id, source.id));
    if (!game || game.status === 'ended') throw new AppError('error.game_not_found');
    const me = await seatOf(tx, game.id, by.userId);
    const guests = await guestsOf(tx, me.id);
    const moving = [me, ...guests];

    let target = await runningGameAt(tx, to.id);
    if (!target) await refuseHeldTable(tx, to.id, by.userId);
    transition(
      target
        ? { status: target.status, capacity: to.capacity, players: await seatedIn(tx, target.id) }
        : newGame(to.capacity),
      { type: 'JOIN', seats: moving.length },
      'error.table_full',
    );
    const leaving = transition(
      { status: game.status, capacity: from.capacity, players: await seatedIn(tx, game.id) },
      { type: 'LEAVE', seats: moving.length },
      'error.unable_to_transfer_user',
    );

    const now = clock.now();
    await tx
      .update(players)
      .set({ status: 'switched', leftAt: now })
      .where(
        and(
          inArray(
            players.id,
            moving.map((r) => r.id),
          ),
          eq(players.status, 'joined'),
        ),
      );
    for (const row of moving) await logGameEvent(tx, game.id, 'switched', { playerId: row.id, actorUserId: by.userId });
    await saveGameStatus(tx, game, leaving.status);
    if (leaving.status === 'ended') await logGameEvent(tx, game.id, 'ended', { actorUserId: by.userId });

    if (!target) {
      [target] = await tx.insert(games).values({ tableId: to.id, status: 'playing', startedAt: now }).returning();
      if (!target) throw new AppError('error.unable_to_transfer_user');
      await logGameEvent(tx, target.id, 'started', { actorUserId: by.userId });
    }
    const [host] = await tx
      .insert(players)
      .values({
        gameId: target.id,
        userId: me.userId,
        name: me.name,
        roleId: me.roleId,
        pricePerMinute: await priceFor(tx, to, me.roleId),
        joinedAt: now,
        status: 'joined',
        previousPlayerId: me.id,
        subscriptionId: me.subscriptionId,
        subscriptionMinutes: me.subscriptionMinutes,
      })
      .returning();
    if (!host) throw new AppError('error.unable_to_transfer_user');
    const guestPrice = guests.length ? await priceFor(tx, to, GUEST_ROLE_ID) : 0;
    for (const guest of guests) {
      await tx.insert(players).values({
        gameId: target.id,
        name: guest.name,
        guestOf: host.id,
        roleId: guest.roleId,
        pricePerMinute: guestPrice,
        joinedAt: now,
        status: 'joined',
        previousPlayerId: guest.id,
      });
    }
    await logGameEvent(tx, target.id, 'joined', { playerId: host.id, actorUserId: by.userId });
    await emit(
      { type: 'game.updated', payload: { game_id: game.id, table_id: from.id } },
      { type: 'table.updated', payload: { table_id: from.id } },
      { type: 'game.updated', payload: { game_id: target.id, table_id: to.id } },
      { type: 'table.updated', payload: { table_id: to.id } },
    );
    return target.id;
  });
}
