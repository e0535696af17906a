import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.ts';
import { poolTables, reservations, users } from '../db/schema.ts';
import { tellUser } from '../notifications/tell-user.ts';
import { type Emit, withEvents } from '../outbox/with-events.ts';
import { bookingTime } from '../reservations/tell-holder.ts';

/**
 * Marks a table out of order (with why) or back in order. A game already running there
 * plays on; nobody new joins or books it, and the floor and the TV show it at once. Whoever
 * has booked it is told at once, before they set out: staff then move or cancel the booking.
 */
export async function setOutOfOrder(db: Db, tableId: number, reason: string | null): Promise<void> {
  await withEvents(db, async (tx, emit) => {
    const where = and(eq(poolTables.id, tableId), isNull(poolTables.deletedAt));
    const [before] = await tx
      .select({ reason: poolTables.outOfOrderReason })
      .from(poolTables)
      .where(where)
      .for('update');
    const [row] = await tx
      .update(poolTables)
      .set({ outOfOrderReason: reason })
      .where(where)
      .returning({ id: poolTables.id, name: poolTables.name });
    if (!row || !before) throw new AppError('error.table_not_found');
    if (reason !== null && before.reason === null) await tellHolders(tx, emit, row);
    await emit({ type: 'table.updated', payload: { table_id: tableId } });
  });
}

/** Each holder of a booking to come at the table, told in their language when it is. */
async function tellHolders(tx: Executor, emit: Emit, table: { id: number; name: string }): Promise<void> {
  const booked = await tx
    .select({ startsAt: reservations.startsAt, holder: { id: users.id, locale: users.locale } })
    .from(reservations)
    .innerJoin(users, eq(users.id, reservations.userId))
    .where(
      and(eq(reservations.tableId, table.id), eq(reservations.status, 'booked'), gt(reservations.endsAt, clock.now())),
    );
  for (const { startsAt, holder } of booked) {
    const time = bookingTime(startsAt, holder.locale);
    await tellUser(tx, emit, holder, {
      key: 'notice.booked_table_out_of_order',
      values: { table: table.name, time },
      link: 'notice.booked_table_link',
      url: '/reservations',
    });
  }
}
