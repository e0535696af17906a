import { clock } from '@club/shared/clock';
import type { TNotificationAdmin, ZNotificationBody } from '@club/shared/notifications';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { notifications } from '../db/schema.ts';
import { withEvents } from '../outbox/with-events.ts';
import { adminNotifications, notificationColumns } from './notification-rows.ts';

/** Sends a notification to everyone, a role or one person; the gateway tells those online. */
export async function createNotification(
  db: Db,
  input: z.infer<typeof ZNotificationBody>,
): Promise<TNotificationAdmin> {
  const row = await withEvents(db, async (tx, emit) => {
    const [created] = await tx
      .insert(notifications)
      .values({ ...notificationColumns(input), createdAt: clock.now() })
      .returning();
    await emit({ type: 'notification.created', payload: { notification_id: created!.id, user_id: created!.userId } });
    return created!;
  });
  return (await adminNotifications(db, [row]))[0]!;
}
