import { clock } from '@club/shared/clock';
import { translate } from '@club/shared/i18n/resources';
import type { Executor } from '../db/client.ts';
import { notifications, type users } from '../db/schema.ts';
import type { Emit } from '../outbox/with-events.ts';

/** What a notification to one person says: catalogue keys, filled in their language. */
export interface UserNotice {
  key: string;
  values: Record<string, string>;
  link: string;
  url: string;
}

/** A notification to one person in their language, and the socket event that shows it at once. */
export async function tellUser(
  tx: Executor,
  emit: Emit,
  to: Pick<typeof users.$inferSelect, 'id' | 'locale'>,
  text: UserNotice,
): Promise<void> {
  const locale = to.locale === 'en' ? 'en' : 'nb';
  const now = clock.now();
  const [note] = await tx
    .insert(notifications)
    .values({
      message: translate(locale, text.key, text.values),
      linkText: translate(locale, text.link),
      url: text.url,
      audience: 'user',
      userId: to.id,
      startsAt: now,
      createdAt: now,
    })
    .returning({ id: notifications.id });
  await emit({ type: 'notification.created', payload: { notification_id: note!.id, user_id: to.id } });
}
