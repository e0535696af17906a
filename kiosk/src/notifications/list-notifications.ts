import type { TNotificationAdmin } from '@club/shared/notifications';
import { desc } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { notifications } from '../db/schema.ts';
import { adminNotifications } from './notification-rows.ts';

/** Every notification, newest first, as admins see them. */
export async function listNotifications(db: Executor): Promise<TNotificationAdmin[]> {
  return adminNotifications(db, await db.select().from(notifications).orderBy(desc(notifications.id)));
}
