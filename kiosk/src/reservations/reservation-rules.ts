import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { withinOpeningHours } from '@club/shared/opening-times';
import { MAX_DAYS_AHEAD, SLOT_MINUTES } from '@club/shared/reservations';
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { poolTables } from '../db/schema.ts';
import { clubTimeZone } from '../discounts/club-time-zone.ts';
import { openingHours } from '../settings/club-settings.ts';

const MIN = 60_000;
const invalid = (field: string, rule: string) => new AppError('error.validation_failed', { fields: { [field]: rule } });

/**
 * When a reservation may be: on a quarter hour, not in the past, not too far ahead, and
 * inside one opening of the club. Answers the range.
 */
export async function checkTime(db: Executor, startsAt: string, minutes: number): Promise<{ from: Date; to: Date }> {
  const from = Date.parse(startsAt);
  if (from % (SLOT_MINUTES * MIN) !== 0) throw invalid('starts_at', 'validation.invalid');
  const now = clock.nowMs();
  if (from < now) throw invalid('starts_at', 'validation.in_past');
  if (from > now + MAX_DAYS_AHEAD * 24 * 60 * MIN) throw invalid('starts_at', 'validation.max');
  const to = from + minutes * MIN;
  if (!withinOpeningHours(await openingHours.get(db), from, to, clubTimeZone()))
    throw invalid('starts_at', 'validation.opening_hours');
  return { from: new Date(from), to: new Date(to) };
}

/** A table that may be booked for a party: there, in use and in order, with the seats. */
export async function bookableTable(tx: Executor, tableId: number, partySize: number) {
  const [table] = await tx
    .select()
    .from(poolTables)
    .where(and(eq(poolTables.id, tableId), isNull(poolTables.deletedAt)));
  if (!table) throw new AppError('error.table_not_found');
  if (table.outOfOrderReason !== null) throw new AppError('error.table_out_of_order');
  if (!table.active) throw new AppError('error.unable_to_join_game');
  if (table.capacity < partySize) throw invalid('party_size', 'validation.max');
  return table;
}
