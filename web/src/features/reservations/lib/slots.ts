import type { TOpeningHours } from '@club/shared/opening-hours';
import { openIntervalOn } from '@club/shared/opening-times';
import { SLOT_MINUTES } from '@club/shared/reservations';
import { addDays } from '@club/shared/time-zone';

const MIN = 60_000;

/** The quarter-hour starts of a local day's opening that leave room for `minutes` and are not past. */
export function startSlots(
  hours: TOpeningHours,
  date: string,
  timeZone: string,
  minutes: number,
  now: number,
): number[] {
  const open = openIntervalOn(hours, date, timeZone);
  if (!open) return [];
  const slots: number[] = [];
  for (let at = open.from; at + minutes * MIN <= open.to; at += SLOT_MINUTES * MIN) if (at >= now) slots.push(at);
  return slots;
}

/**
 * The day the booking form opens on: today while a booking of `minutes` still fits in today's
 * opening (the club is open tonight), else the next day that has a time, within two weeks.
 */
export function firstBookableDay(hours: TOpeningHours, timeZone: string, minutes: number, now: number): string {
  const today = todayIn(timeZone, now);
  for (let ahead = 0; ahead < 14; ahead++) {
    const date = addDays(today, ahead);
    if (startSlots(hours, date, timeZone, minutes, now).length > 0) return date;
  }
  return addDays(today, 1);
}

export function todayIn(timeZone: string, now: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(now));
}

/** `19:00` of an instant in the club's time zone. */
export function clockIn(instant: number | string, timeZone: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit' }).format(new Date(instant));
}
