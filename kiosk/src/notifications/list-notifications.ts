import { PER_PAGE } from '@club/shared/api';
import { count, desc } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { notifications } from '../db/schema.ts';
import { adminNotifications } from './notification-rows.ts';

/**
 * A page of every notification, newest first, as admins see them. Staff's notices share the
 * table with each person's reminders and alerts, and no column tells them apart, so all are
 * listed; a page at a time, as they grow every day.
 */
export async function listNotifications(db: Executor, pageNo: number) {
  const [total] = await db.select({ n: count() }).from(notifications);
  const rows = await db
    .select()
    .from(notifications)
    .orderBy(desc(notifications.id))
    .limit(PER_PAGE)
    .offset((pageNo - 1) * PER_PAGE);
  const n = total?.n ?? 0;
  return {
    data: await adminNotifications(db, rows),
    current_page: pageNo,
    last_page: Math.max(1, Math.ceil(n / PER_PAGE)),
    per_page: PER_PAGE,
    total: n,
  };
}
