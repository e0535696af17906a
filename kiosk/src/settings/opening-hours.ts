import { clock } from '@club/shared/clock';
import { hoursOn, isOpenAt, type TOpeningHours, type TOpeningStatus } from '@club/shared/opening-hours';
import { localDate } from '@club/shared/time-zone';
import type { Executor } from '../db/client.ts';
import { clubTimeZone } from '../discounts/club-time-zone.ts';
import { openingHours } from './club-settings.ts';

/** Exceptions are kept in date order, as the admin screen lists them. */
export function saveOpeningHours(db: Executor, value: TOpeningHours): Promise<TOpeningHours> {
  const sorted = { ...value, exceptions: [...value.exceptions].sort((a, b) => a.date.localeCompare(b.date)) };
  return openingHours.save(db, sorted);
}

/** The hours with whether the club is open at this moment, in its time zone. */
export async function openingStatus(db: Executor): Promise<TOpeningStatus> {
  const hours = await openingHours.get(db);
  const zone = clubTimeZone();
  const now = clock.nowMs();
  return {
    hours,
    time_zone: zone,
    open_now: isOpenAt(hours, now, zone),
    today: hoursOn(hours, localDate(now, zone)),
  };
}
