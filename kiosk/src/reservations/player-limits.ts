import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { reservations, users } from '../db/schema.ts';
import { reservationSettings } from '../settings/club-settings.ts';

/**
 * One player cannot take the whole floor: their bookings not yet over may number at most the
 * club's `max_active_bookings` and last `max_hours_ahead` together, the new one included.
 * The player's row is locked first, so two bookings sent at once are counted one after the other.
 */
export async function checkPlayerLimits(tx: Tx, userId: number, minutes: number): Promise<void> {
  const limits = await reservationSettings.get(tx);
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const [held] = await tx
    .select({
      bookings: count(),
      minutes: sql<string>`coalesce(sum(extract(epoch from ${reservations.endsAt} - ${reservations.startsAt})), 0) / 60`,
    })
    .from(reservations)
    .where(
      and(
        eq(reservations.userId, userId),
        eq(reservations.kind, 'booking'),
        inArray(reservations.status, ['booked', 'claimed']),
        gt(reservations.endsAt, clock.now()),
      ),
    );
  if ((held?.bookings ?? 0) >= limits.max_active_bookings) throw new AppError('error.too_many_reservations');
  if (Number(held?.minutes ?? 0) + minutes > limits.max_hours_ahead * 60)
    throw new AppError('error.too_many_reservation_hours');
}
