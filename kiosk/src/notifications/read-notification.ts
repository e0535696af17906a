import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import type { Executor } from '../db/client.ts';
import { notificationReads } from '../db/schema.ts';
import { listMyNotifications } from './list-my-notifications.ts';

/** Marks one of the user's notifications read; one they do not see answers `error.not_found`. */
export async function readNotification(db: Executor, userId: number, id: number): Promise<void> {
  if (!(await listMyNotifications(db, userId)).some((n) => n.id === id)) throw new AppError('error.not_found');
  await db.insert(notificationReads).values({ notificationId: id, userId, readAt: clock.now() }).onConflictDoNothing();
}
