import { clock } from '@club/shared/clock';
import type { TOpeningHours, TOpeningStatus } from '@club/shared/opening-hours';
import { openingAt } from '@club/shared/opening-times';
import type { Db, Executor } from '../db/client.ts';
import { clubTimeZone } from '../discounts/club-time-zone.ts';
import { feedChanged } from '../outbox/feed-changed.ts';
import { withEvents } from '../outbox/with-events.ts';
import { openingHours } from './club-settings.ts';

/** Exceptions are kept in date order, as the admin screen lists them; the wall TVs read them again at once. */
export async function saveOpeningHours(db: Db, value: TOpeningHours): Promise<TOpeningHours> {
  const sorted = { ...value, exceptions: [...value.exceptions].sort((a, b) => a.date.localeCompare(b.date)) };
  await withEvents(db, async (tx, emit) => {
    await openingHours.save(tx, sorted);
    await emit(feedChanged('opening_hours'));
  });
  openingHours.forget(db);
  return sorted;
}

/** The hours with whether the club is open at this moment, in its time zone. */
export async function openingStatus(db: Executor): Promise<TOpeningStatus> {
  const hours = await openingHours.get(db);
  const zone = clubTimeZone();
  return { hours, time_zone: zone, ...openingAt(hours, clock.nowMs(), zone) };
}
