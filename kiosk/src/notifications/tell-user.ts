import { clock } from '@club/shared/clock';
import { translate } from '@club/shared/i18n/resources';
import { formatMoney } from '@club/shared/money';
import { orderReference } from '@club/shared/orders';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { notifications, users } from '../db/schema.ts';
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

/**
 * The person an order is theirs told of money back on it, in their language: the amount and the
 * order's reference, with a link to the order. An order of no one (the counter's) tells no one.
 */
export async function tellOrderOwner(
  tx: Executor,
  emit: Emit,
  order: { id: number; userId: number | null },
  text: {
    key: 'notice.order_refunded' | 'notice.card_double_refunded' | 'notice.vipps_double_refunded';
    amount: number;
  },
): Promise<void> {
  if (order.userId === null) return;
  const [owner] = await tx.select({ id: users.id, locale: users.locale }).from(users).where(eq(users.id, order.userId));
  if (!owner) return;
  await tellUser(tx, emit, owner, {
    key: text.key,
    values: {
      amount: formatMoney(text.amount, owner.locale === 'en' ? 'en' : 'nb'),
      reference: orderReference(order.id),
    },
    link: 'notice.order_refunded_link',
    url: `/payment/result/${order.id}`,
  });
}
