import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import type { Db } from '../db/client.ts';
import { notificationReads } from '../db/schema.ts';
import { feedChanged } from '../outbox/feed-changed.ts';
import { withEvents } from '../outbox/with-events.ts';
import { listMyNotifications } from './list-my-notifications.ts';

/**
 * Marks one of the user's notifications read; one they do not see answers `error.not_found`.
 * A first read moves the notification's read count on staff's list.
 */
export async function readNotification(db: Db, userId: number, id: number): Promise<void> {
  if (!(await listMyNotifications(db, userId)).some((n) => n.id === id)) throw new AppError('error.not_found');
  await withEvents(db, async (tx, emit) => {
    const read = await tx
      .insert(notificationReads)
      .values({ notificationId: id, userId, readAt: clock.now() })
      .onConflictDoNothing()
      .returning({ id: notificationReads.notificationId });
    if (read.length) await emit(feedChanged('notification_reads'));
  });
}
