import { DEVICE_ALERT_URL } from '@club/shared/devices';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { tellUser } from '../notifications/tell-user.ts';
import { withEvents } from '../outbox/with-events.ts';

/**
 * Tells every admin, in their own language, that a device stopped answering: a notification
 * each, which reaches the live floor as `notification:new` in their rooms.
 */
export async function alertStaff(
  db: Db,
  key: 'notice.light_offline' | 'notice.door_offline',
  values: Record<string, string> = {},
): Promise<void> {
  await withEvents(db, async (tx, emit) => {
    const staff = await tx
      .select({ id: users.id, locale: users.locale })
      .from(users)
      .where(and(eq(users.isAdmin, true), eq(users.walkIn, false)));
    for (const person of staff)
      await tellUser(tx, emit, person, { key, values, link: 'notice.device_offline_link', url: DEVICE_ALERT_URL });
  });
}
