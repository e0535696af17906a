import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { HOLD_BEFORE_START_MINUTES } from '@club/shared/reservations';
import { and, asc, eq, gt, lte, type Placeholder } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { type poolTables, reservations } from '../db/schema.ts';
import { feedChanged } from '../outbox/feed-changed.ts';
import { emitWithThe } from '../outbox/with-events.ts';
import { reservationSettings } from '../settings/club-settings.ts';

const MIN = 60_000;

type Reservation = typeof reservations.$inferSelect;

/** The booking or block that may hold a table at `nowMs`: booked, starting within the hold's lead, not over. */
export const heldNow = (tableId: number, nowMs: number) => {
  const { now, leadEnd } = holdTimes(nowMs);
  return heldWhen(tableId, now, leadEnd);
};

/** The times `heldWhen` compares a booking with at `nowMs`. */
export const holdTimes = (nowMs: number) => ({
  now: new Date(nowMs),
  leadEnd: new Date(nowMs + HOLD_BEFORE_START_MINUTES * MIN),
});

/** `heldNow` with values a statement written once takes later (`renderedOnce`); `leadEnd` is now plus the hold's lead. */
export function heldWhen(tableId: number | Placeholder, now: Date | Placeholder, leadEnd: Date | Placeholder) {
  return and(
    eq(reservations.tableId, tableId),
    eq(reservations.status, 'booked'),
    lte(reservations.startsAt, leadEnd),
    gt(reservations.endsAt, now),
  );
}

/**
 * What a reservation means for someone sitting down at a table now, under the table's lock:
 * out of order refuses everyone; from 15 minutes before a booking's start only its holder
 * may start, and their join claims it (their party joins them after); an event block
 * refuses everyone. A booking nobody claimed within the grace minutes holds nothing.
 */
export async function holdAtJoin(
  tx: Executor,
  table: typeof poolTables.$inferSelect,
  userId: number,
  /** the booking holding the table now (`heldNow`), when the caller read it already */
  known?: { held: Reservation | null },
): Promise<{ claimed: boolean }> {
  if (table.outOfOrderReason !== null) throw new AppError('error.table_out_of_order');
  const now = clock.nowMs();
  const held = known
    ? known.held
    : (
        await tx.select().from(reservations).where(heldNow(table.id, now)).orderBy(asc(reservations.startsAt)).limit(1)
      )[0];
  if (!held) return { claimed: false };
  if (held.kind === 'booking') {
    const { grace_minutes } = await reservationSettings.get(tx);
    if (now >= held.startsAt.getTime() + grace_minutes * MIN) return { claimed: false };
    if (held.userId === userId) {
      await tx
        .update(reservations)
        .set({ status: 'claimed', claimedAt: new Date(now) })
        .where(eq(reservations.id, held.id));
      await emitWithThe(tx, feedChanged('reservations'));
      return { claimed: true };
    }
  }
  throw new AppError('error.table_reserved');
}
