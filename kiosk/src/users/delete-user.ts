import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { OPEN_ORDER_STATUSES } from '@club/shared/orders';
import { and, eq, gt, inArray } from 'drizzle-orm';
import { forgetUserSessions } from '../accounts/sessions.ts';
import type { Db } from '../db/client.ts';
import { orders, players, reservations, users } from '../db/schema.ts';
import type { AuthInfo } from '../http/context.ts';
import { feedChanged } from '../outbox/feed-changed.ts';
import { withEvents } from '../outbox/with-events.ts';
import { findUser } from './find-user.ts';

/**
 * Deletes an account with its sessions, links and cart. Paid orders stay (for the books)
 * without the person; a user with unpaid orders or a running game is not deleted. Their
 * bookings to come are cancelled: left without a holder, one would keep its table reserved
 * for nobody.
 */
export async function deleteUser(db: Db, by: AuthInfo, id: number): Promise<void> {
  if (by.userId === id) throw new AppError('error.cannot_delete_self');
  await withEvents(db, async (tx, emit) => {
    await findUser(tx, id);
    const [open] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, id), inArray(orders.status, [...OPEN_ORDER_STATUSES])))
      .limit(1);
    if (open) throw new AppError('error.user_has_open_orders');
    const [playing] = await tx
      .select({ id: players.id })
      .from(players)
      .where(and(eq(players.userId, id), eq(players.status, 'joined')))
      .limit(1);
    if (playing) throw new AppError('error.user_already_playing');
    const canceled = await tx
      .update(reservations)
      .set({ status: 'canceled', canceledAt: clock.now() })
      .where(and(eq(reservations.userId, id), eq(reservations.status, 'booked'), gt(reservations.endsAt, clock.now())))
      .returning({ tableId: reservations.tableId });
    if (canceled.length > 0)
      await emit(
        ...[...new Set(canceled.map((r) => r.tableId))].map((tableId) => ({
          type: 'table.updated' as const,
          payload: { table_id: tableId },
        })),
        feedChanged('reservations'),
      );
    await emit({ type: 'session.revoked', payload: { user_id: id } });
    await tx.delete(users).where(eq(users.id, id));
    forgetUserSessions(tx, id);
  });
}
