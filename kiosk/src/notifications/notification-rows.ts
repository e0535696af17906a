import type { TNotificationAdmin, ZNotificationBody } from '@club/shared/notifications';
import { count, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../db/client.ts';
import { notificationReads, type notifications } from '../db/schema.ts';

export type NotificationRow = typeof notifications.$inferSelect;

/** What every view of a notification shows. */
export const notificationBase = (r: NotificationRow) => ({
  id: r.id,
  message: r.message,
  link_text: r.linkText,
  url: r.url,
  audience: r.audience,
  created_at: r.createdAt.toISOString(),
});

/** The columns an admin's create or edit sets. */
export const notificationColumns = (b: z.infer<typeof ZNotificationBody>) => ({
  message: b.message,
  linkText: b.link_text,
  url: b.url,
  audience: b.audience,
  roleId: b.audience === 'role' ? b.role_id : null,
  userId: b.audience === 'user' ? b.user_id : null,
  startsAt: b.starts_at ? new Date(b.starts_at) : null,
  endsAt: b.ends_at ? new Date(b.ends_at) : null,
});

/** Notifications as admins see them: with their audience, time and how many read them. */
export async function adminNotifications(db: Executor, rows: NotificationRow[]): Promise<TNotificationAdmin[]> {
  if (rows.length === 0) return [];
  // only these rows' reads: every person's reminders are read too, and the whole table grows daily
  const reads = await db
    .select({ id: notificationReads.notificationId, n: count() })
    .from(notificationReads)
    .where(
      inArray(
        notificationReads.notificationId,
        rows.map((r) => r.id),
      ),
    )
    .groupBy(notificationReads.notificationId);
  const readCount = new Map(reads.map((r) => [r.id, r.n]));
  return rows.map((r) => ({
    ...notificationBase(r),
    role_id: r.roleId,
    user_id: r.userId,
    starts_at: r.startsAt ? r.startsAt.toISOString() : null,
    ends_at: r.endsAt ? r.endsAt.toISOString() : null,
    read_count: readCount.get(r.id) ?? 0,
  }));
}
