import { AppError } from '@club/shared/errors';
import { OPEN_ORDER_STATUSES } from '@club/shared/orders';
import { and, eq, inArray } from 'drizzle-orm';
import { forgetUserSessions } from '../accounts/sessions.ts';
import type { Db } from '../db/client.ts';
import { orders, players, users } from '../db/schema.ts';
import type { AuthInfo } from '../http/context.ts';
import { withEvents } from '../outbox/with-events.ts';
import { findUser } from './find-user.ts';

/**
 * Deletes an account with its sessions, links and cart. Paid orders stay (for the books)
 * without the person; a user with unpaid orders or a running game is not deleted.
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
    await emit({ type: 'session.revoked', payload: { user_id: id } });
    await tx.delete(users).where(eq(users.id, id));
    forgetUserSessions(tx, id);
  });
}
