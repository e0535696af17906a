import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { poolTables, users } from '../db/schema.ts';
import { clubTimeZone } from '../discounts/club-time-zone.ts';
import type { AuthInfo } from '../http/context.ts';
import { tellUser, type UserNotice } from '../notifications/tell-user.ts';
import type { Emit } from '../outbox/with-events.ts';
import type { ReservationRow } from './reservation-rows.ts';

/** What staff did to a booking: cancelled it, or moved it to a new start and perhaps a new table. */
export type HolderChange = { type: 'canceled' } | { type: 'moved'; tableId: number; startsAt: Date };

/**
 * The holder of a booking told, in their language, that staff cancelled or moved it: the
 * floor and the feeds reach only staff, so a player learned of it only at the club, finding
 * their table booked for someone else or free. Someone changing their own booking knows
 * already; a booking by name for a caller, or a block, has no one to tell.
 */
export async function tellHolder(
  tx: Executor,
  emit: Emit,
  by: AuthInfo,
  row: ReservationRow,
  change: HolderChange,
): Promise<void> {
  if (row.userId === null || row.userId === by.userId) return;
  const [holder] = await tx.select({ id: users.id, locale: users.locale }).from(users).where(eq(users.id, row.userId));
  if (!holder) return;
  const table = await tableName(tx, row.tableId);
  if (change.type === 'canceled') {
    await tellUser(tx, emit, holder, {
      key: 'notice.booking_canceled',
      values: { table, time: bookingTime(row.startsAt, holder.locale) },
      link: 'notice.booked_table_link',
      url: '/reservations',
    });
    return;
  }
  const time = bookingTime(change.startsAt, holder.locale);
  const moved: Pick<UserNotice, 'key' | 'values'> =
    change.tableId === row.tableId
      ? { key: 'notice.booking_moved', values: { table, time } }
      : { key: 'notice.booking_moved_table', values: { table, new_table: await tableName(tx, change.tableId), time } };
  await tellUser(tx, emit, holder, { ...moved, link: 'notice.booked_table_link', url: '/reservations' });
}

async function tableName(tx: Executor, id: number): Promise<string> {
  const [table] = await tx.select({ name: poolTables.name }).from(poolTables).where(eq(poolTables.id, id));
  return table?.name ?? '';
}

/** A booking's start as its holder reads it in a notice: the day and the hour at the club, in their language. */
export function bookingTime(at: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'nb-NO', {
    timeZone: clubTimeZone(),
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
}
