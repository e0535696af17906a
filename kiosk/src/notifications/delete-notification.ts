import { AppError } from '@club/shared/errors';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { notifications } from '../db/schema.ts';

/** Deletes a notification; `error.not_found` when there is none with that id. */
export async function deleteNotification(db: Executor, id: number): Promise<void> {
  const [row] = await db.delete(notifications).where(eq(notifications.id, id)).returning({ id: notifications.id });
  if (!row) throw new AppError('error.not_found');
}
