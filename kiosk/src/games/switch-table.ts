import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { games, players } from '../db/schema.ts';
import type { AuthInfo } from '../http/context.ts';
import { withEvents, writeWithTheEvents } from '../outbox/with-events.ts';
import { holdAtJoin } from '../reservations/table-hold.ts';
import { refuseHeldTable } from '../waitlist/claim-table.ts';
import { GUEST_ROLE_ID } from './guest-role.ts';
import {
  endSeats,
  gameLogWrite,
  gameStatusWrite,
  guestsAmong,
  lockTables,
  priceFor,
  readLockedGame,
  runningGameAt,
  seatAmong,
  seatsEnd,
  seatsJoin,
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

    // lock both tables
    const locked = await lockTables(tx, [source.tableId, input.tableId]);
    const from = locked.find((t) => t.id === source.tableId);
    const to = locked.find((t) => t.id === input.tableId);
    if (!from || !to) throw new AppError('error.table_not_found');
    if (!to.active) throw new AppError('error.unable_to_transfer_user');
    await holdAtJoin(tx, to, by.userId);

    // read both games under the locks
    const { game, seated } = await readLockedGame(tx, from, source.id);
    const me = seatAmong(seated, by.userId);
    const guests = guestsAmong(seated, me.id);
    const moving = [me, ...guests];
    const target = await runningGameAt(tx, to.id);
    if (!target) await refuseHeldTable(tx, to.id, by.userId);

    // ask the machines: room there, the seats here end as switched, and this game may end
    seatsJoin(to, target, moving.length);
    const leaving = transition(
      { status: game.status, capacity: from.capacity, players: seated.length },
      { type: 'LEAVE', seats: moving.length },
      'error.unable_to_transfer_user',
    );
    const status = seatsEnd(moving, { type: 'SWITCH' }, 'error.unable_to_transfer_user');

    // write: the seats here end, the game there starts (if it must) and takes them
    const now = clock.now();
    const log = { actorUserId: by.userId, at: now };
    const ended = await endSeats(tx, moving, status, now, 'error.unable_to_transfer_user');
    const [there] = target
      ? [target.game]
      : await tx.insert(games).values({ tableId: to.id, status: 'playing', startedAt: now }).returning();
    if (!there) throw new AppError('error.unable_to_transfer_user');
    const [host] = await tx
      .insert(players)
      .values({
        gameId: there.id,
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
    if (guests.length) {
      const guestPrice = await priceFor(tx, to, GUEST_ROLE_ID);
      await tx.insert(players).values(
        guests.map((guest) => ({
          gameId: there.id,
          name: guest.name,
          guestOf: host.id,
          roleId: guest.roleId,
          pricePerMinute: guestPrice,
          joinedAt: now,
          status: 'joined' as const,
          previousPlayerId: guest.id,
        })),
      );
    }
    await writeWithTheEvents(
      tx,
      gameLogWrite(
        tx,
        game.id,
        [
          ...ended.map((r) => ({ kind: status, playerId: r.id })),
          ...(leaving.status === 'ended' ? [{ kind: 'ended' }] : []),
        ],
        log,
      ),
      gameStatusWrite(tx, game, leaving.status, now),
      gameLogWrite(
        tx,
        there.id,
        [...(target ? [] : [{ kind: 'started' }]), { kind: 'joined', playerId: host.id }],
        log,
      ),
    );
    await emit(
      { type: 'game.updated', payload: { game_id: game.id, table_id: from.id } },
      { type: 'table.updated', payload: { table_id: from.id } },
      { type: 'game.updated', payload: { game_id: there.id, table_id: to.id } },
      { type: 'table.updated', payload: { table_id: to.id } },
    );
    return there.id;
  });
}
