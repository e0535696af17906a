import { AsyncResource } from 'node:async_hooks';
import { translate } from '@club/shared/i18n/resources';
import { orderReference } from '@club/shared/orders';
import type { TPushMessage } from '@club/shared/push';
import { parseKioskEvent, type TKioskEventBody } from '@club/shared/realtime';
import { pathTo } from '@club/shared/routes';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { notifications, poolTables } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import { onEvents } from '../outbox/committed-events.ts';
import { userLocale } from '../users/user-locale.ts';
import { clubTimeOfDay } from './club-time.ts';
import type { PushService } from './push-service.ts';

/** The order statuses a player hears of on their phone (not the ones they caused themselves). */
const TOLD_STATUSES = new Set(['paid', 'approved', 'transferred', 'deleted', 'refunded']);

/** The push a committed event sends, and to whom; null for events nobody is pushed about. */
export async function pushFor(
  db: Db,
  event: TKioskEventBody,
): Promise<{ userId: number; message: TPushMessage } | null> {
  switch (event.type) {
    case 'waitlist.offered': {
      const { user_id: userId, table_id: tableId, expires_at: expiresAt } = event.payload;
      if (userId === null) return null;
      const [table] = await db.select({ name: poolTables.name }).from(poolTables).where(eq(poolTables.id, tableId));
      const locale = await userLocale(db, userId);
      const values = { table: table?.name ?? '', time: clubTimeOfDay(expiresAt) };
      return {
        userId,
        message: {
          title: translate(locale, 'waitlist.push.offer_title', values),
          body: translate(locale, 'waitlist.push.offer_body', values),
          url: pathTo('table', { id: tableId }),
          tag: `waitlist-${event.payload.entry_id}`,
        },
      };
    }
    case 'player.kicked': {
      const userId = event.payload.user_id;
      if (userId === null) return null;
      const locale = await userLocale(db, userId);
      const orderId = event.payload.order_id;
      return {
        userId,
        message: {
          title: translate(locale, 'waitlist.push.kicked_title'),
          body: translate(locale, 'waitlist.push.kicked_body'),
          url: orderId === null ? pathTo('home') : pathTo('payment.overview', { id: orderId }),
          tag: `kick-${event.payload.player_id}`,
        },
      };
    }
    case 'order.updated': {
      const { user_id: userId, order_id: orderId, status } = event.payload;
      if (userId === null || !TOLD_STATUSES.has(status)) return null;
      const locale = await userLocale(db, userId);
      return {
        userId,
        message: {
          title: translate(locale, 'waitlist.push.order_title', { reference: orderReference(orderId) }),
          body: translate(locale, 'waitlist.push.order_body', { status: translate(locale, `pay.status.${status}`) }),
          url: pathTo('payment.result', { id: orderId }),
          tag: `order-${orderId}`,
        },
      };
    }
    case 'notification.created': {
      // a message to one person (a reservation's reminder among them); club-wide ones are not pushed
      const { user_id: userId, notification_id: id } = event.payload;
      if (userId === null) return null;
      const [note] = await db.select().from(notifications).where(eq(notifications.id, id));
      if (note?.audience !== 'user') return null;
      const locale = await userLocale(db, userId);
      return {
        userId,
        message: {
          title: translate(locale, 'waitlist.push.notice_title'),
          body: note.message,
          url: note.url ?? pathTo('home'),
          tag: `notice-${id}`,
        },
      };
    }
    default:
      return null;
  }
}

/** The events whose commit may push something to a phone. */
const PUSHED = new Set<TKioskEventBody['type']>([
  'waitlist.offered',
  'player.kicked',
  'order.updated',
  'notification.created',
]);

/**
 * Pushes what players hear of on their phones (a table offered to them, a kick, their order's
 * status) once the change committed, outside the request that made it (it never waits for a
 * push service, and its own reads stay its own).
 */
export function pushCommittedEvents(options: { db: Db; push: PushService; logger: Logger }): () => void {
  const { db, push, logger } = options;
  const deliver = AsyncResource.bind((events: TKioskEventBody[]) => {
    setImmediate(() => {
      void (async () => {
        for (const event of events) {
          const target = await pushFor(db, event);
          if (target) await push.send(target.userId, target.message);
        }
      })().catch((error: unknown) => logger.warn({ err: String(error) }, 'push after a change failed'));
    });
  });
  return onEvents((written) => {
    if (written.db !== db) return;
    const known = written.events.flatMap((e) => {
      const parsed = parseKioskEvent(e);
      return parsed ? [parsed] : [];
    });
    if (known.some((e) => PUSHED.has(e.type))) deliver(known);
  });
}
