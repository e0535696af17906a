import { clock } from '@club/shared/clock';
import { DEVICE_ALERT_URL } from '@club/shared/devices';
import { translate } from '@club/shared/i18n/resources';
import { ZLocale } from '@club/shared/users';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { notifications, users } from '../db/schema.ts';
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
    const now = clock.now();
    for (const person of staff) {
      const locale = ZLocale.catch('nb').parse(person.locale);
      const [note] = await tx
        .insert(notifications)
        .values({
          message: translate(locale, key, values),
          linkText: translate(locale, 'notice.device_offline_link'),
          url: DEVICE_ALERT_URL,
          audience: 'user',
          userId: person.id,
          startsAt: now,
          createdAt: now,
        })
        .returning({ id: notifications.id });
      await emit({ type: 'notification.created', payload: { notification_id: note!.id, user_id: person.id } });
    }
  });
}
