import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { players } from '../db/schema.ts';
import { withEvents } from '../outbox/with-events.ts';
import { GUEST_ROLE_ID } from './guest-role.ts';
import { gameLogWrite, lockGame, priceFor, seatAmong, transition } from './seats.ts';

/** Adds a guest by name to the caller's seat; the guest's time goes on the host's bill. */
export async function joinGuest(db: Db, userId: number, input: { gameId: number; name: string }): Promise<number> {
  return withEvents(db, async (tx, emit) => {
    const { game, table, seated } = await lockGame(tx, input.gameId);
    const host = seatAmong(seated, userId);
    const [taken] = await tx
      .select({ id: players.id })
      .from(players)
      .where(
        and(
          eq(players.gameId, game.id),
          eq(players.status, 'joined'),
          sql`lower(${players.name}) = lower(${input.name})`,
        ),
      )
      .limit(1);
    if (taken) throw new AppError('error.player_name_taken');
    transition(
      { status: game.status, capacity: table.capacity, players: seated.length },
      { type: 'JOIN', seats: 1 },
      'error.table_full',
    );
    const [guest] = await tx
      .insert(players)
      .values({
        gameId: game.id,
        name: input.name,
        guestOf: host.id,
        roleId: GUEST_ROLE_ID,
        pricePerMinute: await priceFor(tx, table, GUEST_ROLE_ID),
        joinedAt: clock.now(),
        status: 'joined',
      })
      .returning({ id: players.id });
    await gameLogWrite(tx, game.id, [{ kind: 'joined', playerId: guest?.id }], {
      actorUserId: userId,
      at: clock.now(),
    });
    await emit(
      { type: 'game.updated', payload: { game_id: game.id, table_id: table.id } },
      { type: 'table.updated', payload: { table_id: table.id } },
    );
    return game.id;
  });
}
