import { clock } from '@club/shared/clock';
import {
  DEFAULT_OPENING_HOURS,
  openingAt,
  type TOpeningHours,
  type TOpeningStatus,
  ZOpeningHours,
} from '@club/shared/opening-hours';
import {
  DEFAULT_RESERVATION_SETTINGS,
  type TReservationSettings,
  ZReservationSettings,
} from '@club/shared/reservations';
import { eq } from 'drizzle-orm';
import type { ZodType } from 'zod';
import type { Db, Executor } from '../db/client.ts';
import { cachedRead } from '../db/read-cache.ts';
import { settings } from '../db/schema.ts';
import { clubTimeZone } from '../discounts/club-time-zone.ts';
import { feedChanged } from '../outbox/feed-changed.ts';
import { withEvents } from '../outbox/with-events.ts';

function stored<T>(key: string, schema: ZodType<T>, fallback: T) {
  return cachedRead(async (db): Promise<T> => {
    const [row] = await db.select().from(settings).where(eq(settings.key, key)).limit(1);
    const parsed = schema.safeParse(row?.value);
    return parsed.success ? parsed.data : fallback;
  });
}

async function save(db: Executor, key: string, value: object) {
  await db
    .insert(settings)
    .values({ key, value, updatedAt: clock.now() })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: clock.now() } });
}

// every booking and the wall TV read them: kept in memory, forgotten when saved
const openingHours = stored('opening_hours', ZOpeningHours, DEFAULT_OPENING_HOURS);
const reservationSettings = stored('reservations', ZReservationSettings, DEFAULT_RESERVATION_SETTINGS);

export const getOpeningHours = (db: Executor): Promise<TOpeningHours> => openingHours.get(db);
export const getReservationSettings = (db: Executor): Promise<TReservationSettings> => reservationSettings.get(db);

/** Saves the hours; the wall TVs (the floor) read them again at once. */
export async function saveOpeningHours(db: Db, value: TOpeningHours): Promise<TOpeningHours> {
  const sorted = { ...value, exceptions: [...value.exceptions].sort((a, b) => a.date.localeCompare(b.date)) };
  await withEvents(db, async (tx, emit) => {
    await save(tx, 'opening_hours', sorted);
    await emit(feedChanged('opening_hours'));
  });
  openingHours.forget(db);
  return sorted;
}

export async function saveReservationSettings(
  db: Executor,
  value: TReservationSettings,
): Promise<TReservationSettings> {
  await save(db, 'reservations', value);
  reservationSettings.forget(db);
  return value;
}

/** The hours with whether the club is open at this moment, in its time zone. */
export async function openingStatus(db: Executor): Promise<TOpeningStatus> {
  const hours = await getOpeningHours(db);
  const zone = clubTimeZone();
  return { hours, time_zone: zone, ...openingAt(hours, clock.nowMs(), zone) };
}
