import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import type { Db } from '../db/client.ts';
import { games, players } from '../db/schema.ts';
import { sqlStateOf, UNIQUE_VIOLATION } from '../db/sql-state.ts';
import { knownGame, withEvents, writeWithTheEvents } from '../outbox/with-events.ts';
import { holdAtJoin } from '../reservations/table-hold.ts';
import { refuseDebtors } from '../settings/debt-settings.ts';
import { parseAround } from '../tables/table-around.ts';
import { claimHeldTable } from '../waitlist/claim-table.ts';
import { type GameRead, readGameRows, viewOf } from './game-view.ts';
import { readJoiner } from './read-joiner.ts';
import { gameLogWrite, knownTableAfter, lockTable, priceFor, seatsJoin } from './seats.ts';

/**
 * Sits the user down at a table: joins its running game, or starts one on a free table.
 * The price is fixed now, and an active subscription will pay the first minutes. Answers the
 * game, and the size of the waitlist party whose held table this claimed (1 when none): the
 * rest of the party sits down after (`seatCompanions`).
 */
export async function joinGame(db: Db, userId: number, tableId: number): Promise<{ gameId: number; party: number }> {
  return withEvents(db, async (tx, emit) => {
    // lock, then read
    const table = await lockTable(tx, tableId);
    const nowMs = clock.nowMs();
    const joiner = await readJoiner(tx, userId, tableId, nowMs);
    const running = joiner?.running ? ((await readGameRows(tx, joiner.running)) ?? null) : null;

    // the house rules: one seat at a time, an open table, no unpaid orders, bookings and the waitlist
    if (joiner?.seatedAt != null)
      throw new AppError(joiner.seatedAt === tableId ? 'error.user_already_joined_game' : 'error.user_already_playing');
    if (!table.active) throw new AppError('error.unable_to_join_game');
    await refuseDebtors(tx, userId);
    const { claimed } = await holdAtJoin(tx, table, userId, joiner && { held: joiner.held });
    const { hold } = joiner ?? {};
    const party = hold?.userId === userId && hold.until && hold.until.getTime() > nowMs ? hold.partySize : 1;
    if (hold || joiner?.inLine != null)
      await claimHeldTable(tx, emit, {
        userId,
        tableId,
        hold: hold?.until ? [hold.id, hold.userId, hold.until.toISOString()] : null,
      });

    // ask the machine for a seat
    const next = seatsJoin(table, running, 1);
    if (!joiner) throw new AppError('error.user_not_found');

    // write: the game (when it starts), the seat and their log entries
    const now = clock.now();
    const [game] = running
      ? [running.game]
      : await tx.insert(games).values({ tableId, status: next.status, startedAt: now }).returning();
    if (!game) throw new AppError('error.unable_to_join_game');
    const { user } = joiner;
    const [seat] = await tx
      .insert(players)
      .values({
        gameId: game.id,
        userId,
        name: `${user.name} ${user.surname}`.trim(),
        roleId: user.roleId,
        pricePerMinute: await priceFor(tx, table, user.roleId),
        joinedAt: now,
        status: 'joined',
        subscriptionId: joiner.hours?.id ?? null,
        subscriptionMinutes: joiner.hours?.minutes ?? 0,
      })
      .returning();
    if (!seat) throw new AppError('error.unable_to_join_game');
    await writeWithTheEvents(
      tx,
      gameLogWrite(tx, game.id, [...(running ? [] : [{ kind: 'started' }]), { kind: 'joined', playerId: seat.id }], {
        actorUserId: userId,
        at: now,
      }),
    );
    // the answer and the phones' event both show this view, made from the rows above
    const read: GameRead = running
      ? { ...running, players: [...running.players, seat] }
      : { game, players: [seat], log: [] };
    knownGame(tx, await viewOf(tx, read, now));
    // a claimed booking is no longer the table's next one: the table's view is read after all
    if (!claimed) await knownTableAfter(tx, table, read, parseAround(joiner.around));
    await emit(
      { type: 'game.updated', payload: { game_id: game.id, table_id: tableId } },
      { type: 'table.updated', payload: { table_id: tableId } },
    );
    return { gameId: game.id, party };
  }).catch((error: unknown) => {
    // the same person joining two tables at once: the database's unique seat decides
    if (sqlStateOf(error) === UNIQUE_VIOLATION) throw new AppError('error.user_already_playing');
    throw error;
  });
}
