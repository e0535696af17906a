import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import type { ZReservationMoveBody } from '@club/shared/reservations';
import type { z } from '@club/shared/zod';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { reservations } from '../db/schema.ts';
import type { AuthInfo } from '../http/context.ts';
import { feedChanged } from '../outbox/feed-changed.ts';
import { withEvents } from '../outbox/with-events.ts';
import { isOverlap, lockReservation } from './reservation-rows.ts';
import { bookableTable, checkTime } from './reservation-rules.ts';
import { tellHolder } from './tell-holder.ts';

/**
 * Cancels a reservation: its holder until it starts, staff at any time. Someone else's
 * reads as not found, so ids cannot be probed. Cancelling twice changes nothing. Staff
 * cancelling someone's booking tell them.
 */
export async function cancelReservation(db: Db, by: AuthInfo, id: number): Promise<void> {
  await withEvents(db, async (tx, emit) => {
    const row = await lockReservation(tx, id);
    if (!by.isAdmin && row.userId !== by.userId) throw new AppError('error.reservation_not_found');
    if (row.status === 'canceled') return;
    if (row.status !== 'booked' && row.status !== 'claimed') throw new AppError('error.reservation_started');
    if (!by.isAdmin && (row.status !== 'booked' || clock.nowMs() >= row.startsAt.getTime()))
      throw new AppError('error.reservation_started');
    await tx.update(reservations).set({ status: 'canceled', canceledAt: clock.now() }).where(eq(reservations.id, id));
    await tellHolder(tx, emit, by, row, { type: 'canceled' });
    await emit({ type: 'table.updated', payload: { table_id: row.tableId } }, feedChanged('reservations'));
  });
}

/**
 * Staff move a booking or block not yet claimed to another time or table (the timeline's drag).
 * The holder is told of a new start or table; a change of length alone leaves them their time.
 */
export async function moveReservation(
  db: Db,
  by: AuthInfo,
  input: z.output<typeof ZReservationMoveBody>,
): Promise<void> {
  const range = await checkTime(db, input.starts_at, input.minutes);
  await withEvents(db, async (tx, emit) => {
    const row = await lockReservation(tx, input.id);
    if (row.status !== 'booked') throw new AppError('error.reservation_started');
    await bookableTable(tx, input.table_id, row.kind === 'block' ? 1 : row.partySize);
    try {
      await tx.transaction((savepoint) =>
        savepoint
          .update(reservations)
          .set({ tableId: input.table_id, startsAt: range.from, endsAt: range.to, remindedAt: null })
          .where(eq(reservations.id, row.id)),
      );
    } catch (error) {
      if (isOverlap(error)) throw new AppError('error.table_reserved');
      throw error;
    }
    if (row.tableId !== input.table_id || row.startsAt.getTime() !== range.from.getTime())
      await tellHolder(tx, emit, by, row, { type: 'moved', tableId: input.table_id, startsAt: range.from });
    const tables = new Set([row.tableId, input.table_id]);
    await emit(
      ...[...tables].map((tableId) => ({ type: 'table.updated' as const, payload: { table_id: tableId } })),
      feedChanged('reservations'),
    );
  });
}
