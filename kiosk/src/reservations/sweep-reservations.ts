import { clock } from '@club/shared/clock';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { reservations } from '../db/schema.ts';
import { feedChanged } from '../outbox/feed-changed.ts';
import { withEvents } from '../outbox/with-events.ts';
import { reservationSettings } from '../settings/club-settings.ts';
import { type ReminderContext, remindHolder } from './remind-holder.ts';

const MIN = 60_000;

/**
 * Moves reservations on with the clock: a booking nobody claimed within the grace minutes
 * is a no-show and frees its table; a finished event block ends; a holder whose start is
 * near is reminded once. Each table that changed is announced, so the floor and the TV
 * drop its "reserved". Runs on the kiosk's periodic sweep; tests call it after moving the clock.
 */
export async function sweepReservations(db: Db, ctx: ReminderContext): Promise<{ released: number; reminded: number }> {
  const now = clock.nowMs();
  const { grace_minutes, reminder_minutes } = await reservationSettings.get(db);
  const released = await withEvents(db, async (tx, emit) => {
    const freed = await tx
      .update(reservations)
      .set({ status: sql`case when ${reservations.kind} = 'block' then 'ended' else 'no_show' end` })
      .where(
        and(
          eq(reservations.status, 'booked'),
          sql`case when ${reservations.kind} = 'block' then ${reservations.endsAt} <= ${new Date(now)}
            else ${reservations.startsAt} <= ${new Date(now - grace_minutes * MIN)} end`,
        ),
      )
      .returning({ tableId: reservations.tableId });
    const tables = [...new Set(freed.map((r) => r.tableId))];
    if (tables.length)
      await emit(
        ...tables.map((id) => ({ type: 'table.updated' as const, payload: { table_id: id } })),
        feedChanged('reservations'),
      );
    return freed.length;
  });
  let reminded = 0;
  const due = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        eq(reservations.status, 'booked'),
        eq(reservations.kind, 'booking'),
        isNull(reservations.remindedAt),
        lte(reservations.startsAt, new Date(now + reminder_minutes * MIN)),
      ),
    );
  for (const { id } of due) {
    const sent = await withEvents(db, async (tx, emit) => {
      // marked first, under the row's lock: a second process sweeping at once reminds nobody twice
      const [row] = await tx
        .update(reservations)
        .set({ remindedAt: new Date(now) })
        .where(and(inArray(reservations.id, [id]), isNull(reservations.remindedAt), eq(reservations.status, 'booked')))
        .returning();
      if (!row) return false;
      await remindHolder(tx, emit, ctx, row);
      return true;
    });
    if (sent) reminded++;
  }
  if (reminded) ctx.mailer.kick();
  return { released, reminded };
}
