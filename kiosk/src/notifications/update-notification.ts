import { AppError } from '@club/shared/errors';
import type { TNotificationAdmin, ZNotificationUpdateBody } from '@club/shared/notifications';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../db/client.ts';
import { notifications } from '../db/schema.ts';
import { adminNotifications, notificationColumns } from './notification-rows.ts';

/** Edits a notification; `error.not_found` when there is none with that id. */
export async function updateNotification(
  db: Executor,
  input: z.infer<typeof ZNotificationUpdateBody>,
): Promise<TNotificationAdmin> {
  const [row] = await db
    .update(notifications)
    .set(notificationColumns(input))
    .where(eq(notifications.id, input.id))
    .returning();
  if (!row) throw new AppError('error.not_found');
  return (await adminNotifications(db, [row]))[0]!;
}
