import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import type { TNotification } from '@club/shared/notifications';
import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { notificationReads, notifications, users } from '../db/schema.ts';
import { notificationBase } from './notification-rows.ts';

/** The notifications a user sees now: theirs, their role's and everyone's, within their time. */
export async function listMyNotifications(db: Executor, userId: number): Promise<TNotification[]> {
  const [me] = await db.select({ roleId: users.roleId }).from(users).where(eq(users.id, userId));
  if (!me) throw new AppError('error.user_not_found');
  const now = clock.now();
  const rows = await db
    .select({ n: notifications, readAt: notificationReads.readAt })
    .from(notifications)
    .leftJoin(
      notificationReads,
      and(eq(notificationReads.notificationId, notifications.id), eq(notificationReads.userId, userId)),
    )
    .where(
      and(
        or(
          eq(notifications.audience, 'all'),
          and(eq(notifications.audience, 'role'), eq(notifications.roleId, me.roleId)),
          and(eq(notifications.audience, 'user'), eq(notifications.userId, userId)),
        ),
        or(isNull(notifications.startsAt), lte(notifications.startsAt, now)),
        or(isNull(notifications.endsAt), gt(notifications.endsAt, now)),
      ),
    )
    .orderBy(desc(sql`coalesce(${notifications.startsAt}, ${notifications.createdAt})`), desc(notifications.id))
    .limit(100);
  return rows.map(({ n, readAt }) => ({ ...notificationBase(n), read_at: readAt ? readAt.toISOString() : null }));
}
