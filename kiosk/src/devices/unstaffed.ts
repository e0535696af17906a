/**
 * Unstaffed hours (DESIGN §14): nobody at the counter to settle with. A host who brought guests
 * leaves only with no earlier order still owed (their guests' time of a game before), pay-later
 * is off, and the last player out is reminded that the lights go off and the door must be closed.
 */

import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { translate } from '@club/shared/i18n/resources';
import { OPEN_ORDER_STATUSES } from '@club/shared/orders';
import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.ts';
import { games, notifications, orders, players } from '../db/schema.ts';
import type { AuthInfo } from '../http/context.ts';
import { withEvents } from '../outbox/with-events.ts';
import { userLocale } from '../users/user-locale.ts';
import { unstaffedNow } from './device-settings.ts';

/** Refuses a host with guests in this game while they owe an earlier order, in unstaffed hours. */
export async function refuseUnpaidHost(db: Executor, by: AuthInfo, gameId: number): Promise<void> {
  if (by.isAdmin || !(await unstaffedNow(db))) return;
  const [host] = await db
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.gameId, gameId), eq(players.userId, by.userId), eq(players.status, 'joined')))
    .limit(1);
  if (!host) return;
  const [guest] = await db
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.gameId, gameId), eq(players.guestOf, host.id), isNotNull(players.guestOf)))
    .limit(1);
  if (!guest) return;
  const [owed] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, by.userId), inArray(orders.status, OPEN_ORDER_STATUSES)))
    .limit(1);
  if (owed) throw new AppError('error.guests_time_unpaid');
}

/** Refuses putting an order on the tab while nobody is at the counter. */
export async function refusePayLaterUnstaffed(db: Executor): Promise<void> {
  if (await unstaffedNow(db)) throw new AppError('error.pay_later_unstaffed');
}

/**
 * After a leave: true when it emptied the club in unstaffed hours; the player is then told, in
 * a notification too, that the lights go off by themselves and the door must be closed.
 */
export async function closingReminder(db: Db, by: AuthInfo): Promise<boolean> {
  if (!(await unstaffedNow(db))) return false;
  const [stillPlaying] = await db.select({ id: games.id }).from(games).where(ne(games.status, 'ended')).limit(1);
  if (stillPlaying) return false;
  const locale = await userLocale(db, by.userId);
  await withEvents(db, async (tx, emit) => {
    const now = clock.now();
    const [note] = await tx
      .insert(notifications)
      .values({
        message: translate(locale, 'notice.closing_reminder'),
        audience: 'user',
        userId: by.userId,
        startsAt: now,
        createdAt: now,
      })
      .returning({ id: notifications.id });
    await emit({ type: 'notification.created', payload: { notification_id: note!.id, user_id: by.userId } });
  });
  return true;
}
